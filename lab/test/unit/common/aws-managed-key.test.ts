import { describe, expect, it } from 'vitest';
import { isAwsManagedKey } from '#lab/common/aws-managed-key';

describe('isAwsManagedKey', () => {
  it("knows a service's AWS-managed key by its alias or the alias's ARN", () => {
    expect(isAwsManagedKey('alias/aws/sqs', 'sqs')).toBe(true);
    expect(isAwsManagedKey('arn:aws:kms:us-east-1:000000000000:alias/aws/sns', 'sns')).toBe(true);
  });

  it("takes no other service's key, no customer key and no non-string for it", () => {
    expect(isAwsManagedKey('alias/aws/sns', 'sqs')).toBe(false);
    expect(isAwsManagedKey('alias/my-key', 'sqs')).toBe(false);
    expect(isAwsManagedKey('arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab', 'sqs')).toBe(
      false,
    );
    expect(isAwsManagedKey({ Ref: 'Key' }, 'sqs')).toBe(false);
    expect(isAwsManagedKey(undefined, 'sqs')).toBe(false);
  });
});
