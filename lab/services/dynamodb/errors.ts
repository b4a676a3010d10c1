/**
 * How the lab's DynamoDB endpoint answers what its guard refuses: DynamoDB's JSON-protocol error
 * shape (`com.amazon.coral.service#…`, as dynalite and DynamoDB write `__type`). DynamoDB caps a
 * request at 16 MB (the BatchWriteItem limit, "Service, account, and table quotas in Amazon
 * DynamoDB"); dynalite answers 413 only after buffering that much, copying the whole buffer for
 * every chunk, so the guard answers first, before reading the body.
 */
import { awsJsonRefusal } from '../../common/aws-json-refusal';

/** The largest request body the lab's DynamoDB endpoint reads (dynalite's own limit, 16 MiB). */
export const DYNAMODB_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** The guard's refusals in DynamoDB's shape. */
export const dynamodbRefusal = awsJsonRefusal({
  contentType: 'application/x-amz-json-1.0',
  typePrefix: 'com.amazon.coral.service#',
  // DynamoDB's own 500 (the service model's InternalServerError).
  failureType: 'InternalServerError',
});
