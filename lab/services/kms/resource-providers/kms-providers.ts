/**
 * `AWS::KMS::Key` and `AWS::KMS::Alias` on the lab's KMS: a symmetric encryption key (Ref its key
 * id; attributes Arn and KeyId) with its key policy, and an alias (Ref its name)
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-kms-key.html,
 * aws-resource-kms-alias.html). A key's policy is kept and answered by GetKeyPolicy.
 */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import type { PolicyDocument } from '../../iam/policy-document';
import type { IamState } from '../../iam/iam-state';
import type { KmsState } from '../kms-state';

/** The owner name of a key policy among the key's resource policies. */
const KEY_POLICY_OWNER = 'key-policy';

/** What the key provider does with each property of `AWS::KMS::Key`. */
export const KMS_KEY_PROPERTIES: PropertyCoverage = {
  emulated: ['Description', 'Enabled', 'KeyPolicy', 'KeySpec', 'KeyUsage'],
  noted: {
    EnableKeyRotation: 'kmsKeyEnableKeyRotation',
    RotationPeriodInDays: 'kmsKeyRotationPeriodInDays',
    PendingWindowInDays: 'kmsKeyPendingWindowInDays',
    BypassPolicyLockoutSafetyCheck: 'kmsKeyBypassPolicyLockoutSafetyCheck',
    Tags: 'tags',
  },
  // An asymmetric or HMAC key, a multi-Region key or imported material change what a learner does with the key.
  refused: ['MultiRegion', 'Origin'],
};

/** What the alias provider does with each property of `AWS::KMS::Alias`. */
export const KMS_ALIAS_PROPERTIES: PropertyCoverage = {
  emulated: ['AliasName', 'TargetKeyId'],
  noted: {},
  refused: [],
};

/** The two providers; a key's policy is its resource policy in the lab's IAM (KMS decides by it first). */
export function kmsProviders(
  kms: KmsState,
  iam?: Pick<IamState, 'putResourcePolicy' | 'deleteResourcePolicy'>,
): ResourceProvider[] {
  const keyOptions = (logicalId: string, properties: Readonly<Record<string, unknown>>) => {
    for (const [name, allowed] of [
      ['KeySpec', 'SYMMETRIC_DEFAULT'],
      ['KeyUsage', 'ENCRYPT_DECRYPT'],
    ] as const)
      if (properties[name] !== undefined && properties[name] !== allowed)
        throw new Error(
          `${logicalId}: the lab's KMS makes symmetric encryption keys (${name} ${allowed}), not ${name} ${String(properties[name])}`,
        );
    const policy = properties.KeyPolicy;
    return {
      ...(typeof properties.Description === 'string' ? { description: properties.Description } : {}),
      ...(policy === undefined
        ? {}
        : { policy: (typeof policy === 'string' ? JSON.parse(policy) : policy) as PolicyDocument }),
    };
  };
  return [
    {
      type: 'AWS::KMS::Key',
      properties: KMS_KEY_PROPERTIES,
      async create({ logicalId, properties }) {
        const key = kms.createKey(keyOptions(logicalId, properties));
        key.enabled = properties.Enabled !== false && properties.Enabled !== 'false';
        iam?.putResourcePolicy(key.arn, KEY_POLICY_OWNER, key.policy);
        return { physicalId: key.keyId, attributes: { Arn: key.arn, KeyId: key.keyId } };
      },
      async update({ logicalId, properties, previous }) {
        const options = keyOptions(logicalId, properties);
        const key = kms.resolve(previous.physicalId);
        key.enabled = properties.Enabled !== false && properties.Enabled !== 'false';
        key.description = options.description ?? '';
        if (options.policy !== undefined) key.policy = options.policy;
        iam?.putResourcePolicy(key.arn, KEY_POLICY_OWNER, key.policy);
        return previous;
      },
      async delete({ resource }) {
        iam?.deleteResourcePolicy(String(resource.attributes.Arn), KEY_POLICY_OWNER);
        kms.deleteKey(resource.physicalId);
      },
      // KeySpec and KeyUsage: "Update requires: Replacement"; the policy, description and Enabled change in place.
      requiresReplacement: (previous, next) => changedAny(['KeySpec', 'KeyUsage'], previous, next),
    },
    {
      type: 'AWS::KMS::Alias',
      properties: KMS_ALIAS_PROPERTIES,
      async create({ logicalId, properties }) {
        const aliasName = String(properties.AliasName ?? '');
        if (!/^alias\/[a-zA-Z0-9/_-]{1,250}$/.test(aliasName) || aliasName.startsWith('alias/aws/'))
          throw new Error(
            `${logicalId}: an alias name is alias/ and 1 to 250 letters, digits, /, _ or -, and not alias/aws/ (reserved for AWS-managed keys), got ${JSON.stringify(aliasName)}`,
          );
        kms.setAlias(aliasName, String(properties.TargetKeyId ?? ''));
        return { physicalId: aliasName, attributes: {} };
      },
      async update({ properties, previous }) {
        kms.setAlias(previous.physicalId, String(properties.TargetKeyId ?? ''));
        return previous;
      },
      async delete({ resource }) {
        kms.deleteAlias(resource.physicalId);
      },
      requiresReplacement: (previous, next) => changedAny(['AliasName'], previous, next),
    },
  ];
}
