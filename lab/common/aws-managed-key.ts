/**
 * AWS-managed KMS keys, as a template names them: `alias/aws/<service>` or that alias's ARN. They
 * encrypt at rest with nothing a learner sees or grants, except that AWS services cannot write
 * under them (the key policy of an AWS-managed key admits the account's principals only, and
 * cannot be changed: SNS developer guide, "Enable compatibility between event sources from AWS
 * services and encrypted topics",
 * https://docs.aws.amazon.com/sns/latest/dg/sns-key-management.html#compatibility-with-aws-services).
 */

/** Whether `keyId` names the AWS-managed key of `service` (`sqs`, `sns`, `dynamodb`). */
export function isAwsManagedKey(keyId: unknown, service: string): boolean {
  if (typeof keyId !== 'string') return false;
  const alias = `alias/aws/${service}`;
  return keyId === alias || new RegExp(`^arn:aws[a-z-]*:kms:[a-z0-9-]+:\\d{12}:${alias}$`).test(keyId);
}

/** The lab's KMS keys as a resource provider asks about them (`KmsState.has`). */
export interface LabKeys {
  /** Whether `keyRef` (an id, ARN, alias or alias ARN) names one of the lab's keys. */
  has(keyRef: string): boolean;
}

/**
 * Whether a resource of `service` can run under `keyId`: none, the service's AWS-managed key, or a
 * customer-managed key the lab has (`labKeys`).
 */
export function isServableKey(keyId: unknown, service: string, labKeys: LabKeys | undefined): boolean {
  if (keyId === undefined || isAwsManagedKey(keyId, service)) return true;
  return typeof keyId === 'string' && labKeys?.has(keyId) === true;
}
