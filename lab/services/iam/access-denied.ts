/**
 * A denied call, failed as AWS fails it. SQS (JSON protocol, query-compatible) answers 403 with
 * the query error code `AccessDenied`, which the SDK v3 uses as the error's name; SNS 403
 * `AuthorizationError`; STS 403 `AccessDenied`; DynamoDB 400 `AccessDeniedException`. The message names the caller, the action and the
 * resource, and why (IAM's "is not authorized to perform" wording).
 */
import { randomUUID } from 'node:crypto';
import type { IamRequest } from './call-authorization';
import type { CallerIdentity, Decision } from './iam-evaluator';

/** The name, status and message a denied call fails with. */
export interface AccessDeniedDocument {
  readonly name: string;
  readonly httpStatusCode: number;
  readonly message: string;
}

/** The AWS error of a denied call to `service`. */
export function accessDenied(
  service: string,
  caller: CallerIdentity & { readonly accountId: string; readonly roleName: string },
  request: IamRequest,
  decision: Exclude<Decision, 'Allowed'>,
): AccessDeniedDocument {
  const user = `arn:aws:sts::${caller.accountId}:assumed-role/${caller.roleName}/${caller.sessionName}`;
  // SQS writes the action in lower case (aws/serverless-application-model#3633, rebus-org/Rebus.AmazonSQS#45).
  const action =
    service === 'SQS'
      ? request.action.toLowerCase()
      : service === 'SNS'
        ? request.action.replace(/^sns:/, 'SNS:')
        : request.action;
  const why =
    decision === 'ExplicitlyDenied'
      ? `with an explicit deny in a ${request.resource === '*' ? 'identity' : 'resource'}-based policy`
      : `because no identity-based policy allows the ${action} action`;
  // SQS answers a caller without the queue's KMS permissions in its own words (SendMessage's and
  // ReceiveMessage's errors in the SQS API reference: "KmsAccessDenied ... The caller doesn't have
  // the required KMS access.").
  if (service === 'SQS' && request.action.startsWith('kms:'))
    return {
      name: 'KmsAccessDenied',
      httpStatusCode: 400,
      message: "The caller doesn't have the required KMS access.",
    };
  // DynamoDB answers a caller without kms:Decrypt on a table's customer-managed key in KMS's words,
  // wrapped in its own AccessDeniedException (aws/aws-cdk#10010, #19531).
  if (service === 'DynamoDB' && request.action.startsWith('kms:'))
    return {
      name: 'AccessDeniedException',
      httpStatusCode: 400,
      message: `KMS key access denied error: com.amazonaws.services.kms.model.AWSKMSException: The ciphertext refers to a customer master key that does not exist, does not exist in this region, or you are not allowed to access. (Service: AWSKMS; Status Code: 400; Error Code: AccessDeniedException; Request ID: ${randomUUID()}; Proxy: null)`,
    };
  // SNS answers a publisher without the topic key's permissions with KMSAccessDenied (Publish's
  // errors in the SNS API reference).
  if (service === 'SNS' && request.action.startsWith('kms:'))
    return {
      name: 'KMSAccessDenied',
      httpStatusCode: 400,
      message: `User: ${user} is not authorized to perform: ${request.action} on resource: ${request.resource} ${why}`,
    };
  const message = `User: ${user} is not authorized to perform: ${action} on resource: ${request.resource} ${why}`;
  if (service === 'SQS') return { name: 'AccessDenied', httpStatusCode: 403, message };
  // SNS's denial is its AuthorizationError (403), its action written SNS:Publish.
  if (service === 'SNS') return { name: 'AuthorizationError', httpStatusCode: 403, message };
  if (service === 'STS') return { name: 'AccessDenied', httpStatusCode: 403, message };
  return { name: 'AccessDeniedException', httpStatusCode: 400, message };
}
