/**
 * Which requests the endpoint front answers in the SQS emulator's thread: exactly the SQS JSON
 * calls the router in the main thread would pass to `sqs` unchanged (service-router.ts: the SigV4
 * scope first, then the `X-Amz-Target` prefix). Scope format:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { takesSqsFastPath } from '#lab/gateway/endpoint-front';

const MAX = 1000;
const scope = (service: string) => `lab-access-key/20261126/us-east-1/${service}/aws4_request`;
const signed = (service: string) => `AWS4-HMAC-SHA256 Credential=${scope(service)}, SignedHeaders=host, Signature=00`;
const SQS_JSON: IncomingHttpHeaders = {
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': 'AmazonSQS.SendMessage',
  'content-length': '2',
};

/** The parts of a request the decision reads. */
const request = (headers: IncomingHttpHeaders, url = '/') => ({ headers, url }) as IncomingMessage;

describe('takesSqsFastPath', () => {
  it.each([
    ['an SQS JSON call signed for sqs', request({ ...SQS_JSON, authorization: signed('sqs') }), true],
    ['an unsigned SQS JSON call (routed by its target)', request(SQS_JSON), true],
    ['a presigned SQS JSON call', request(SQS_JSON, `/?X-Amz-Credential=${encodeURIComponent(scope('sqs'))}`), true],
    [
      "SQS's form-encoded query protocol",
      request({
        authorization: signed('sqs'),
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': '2',
      }),
      false,
    ],
    ['an SQS target signed for another service', request({ ...SQS_JSON, authorization: signed('dynamodb') }), false],
    [
      'an SQS target presigned for another service',
      request(SQS_JSON, `/?X-Amz-Credential=${encodeURIComponent(scope('s3'))}`),
      false,
    ],
    ["another service's JSON call", request({ ...SQS_JSON, 'x-amz-target': 'DynamoDB_20120810.GetItem' }), false],
    ['a body without a declared length', request({ ...SQS_JSON, 'content-length': undefined }), false],
    ['a body larger than the emulator takes', request({ ...SQS_JSON, 'content-length': String(MAX + 1) }), false],
    ['a body of the largest length the emulator takes', request({ ...SQS_JSON, 'content-length': String(MAX) }), true],
  ])('%s', (_name, incoming, expected) => {
    expect(takesSqsFastPath(incoming, MAX)).toBe(expected);
  });
});
