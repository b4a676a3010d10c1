/**
 * KMS on the lab's endpoint (JSON 1.1, `X-Amz-Target: TrentService.<Operation>`, signing name
 * `kms`): what a learner's code and the AWS CLI do with the keys their stacks made (DescribeKey,
 * ListKeys, ListAliases, GetKeyPolicy, Encrypt, Decrypt, GenerateDataKey,
 * GenerateDataKeyWithoutPlaintext). Keys and aliases come from the stacks (`AWS::KMS::Key`,
 * `AWS::KMS::Alias`). Shapes: https://docs.aws.amazon.com/kms/latest/APIReference/ (each
 * operation's page); DescribeKey's KeyMetadata as recorded against AWS in LocalStack's
 * test_kms.snapshot.json (`test_create_key`).
 */
import { randomBytes } from 'node:crypto';
import type { GatewayHandler, GatewayResponse } from '../../gateway/gateway-handler';
import { jsonBody, jsonError, jsonResponse, jsonTarget } from '../../gateway/protocols/json-protocol';
import { KmsError, KmsUnknownOperationError, KmsValidationError } from './errors';
import type { KmsKey, KmsState } from './kms-state';
import { nullMemberMessage } from '../../common/null-member-message';

/** KMS's bound on Encrypt's plaintext (4,096 bytes). */
const MAX_PLAINTEXT_BYTES = 4096;

/** DescribeKey's KeyMetadata. */
export function keyMetadata(key: KmsKey, accountId: string): Record<string, unknown> {
  return {
    AWSAccountId: accountId,
    KeyId: key.keyId,
    Arn: key.arn,
    CreationDate: key.creationDate.getTime() / 1000,
    Enabled: key.enabled,
    Description: key.description,
    KeyUsage: 'ENCRYPT_DECRYPT',
    KeyState: key.enabled ? 'Enabled' : 'Disabled',
    Origin: 'AWS_KMS',
    KeyManager: 'CUSTOMER',
    CustomerMasterKeySpec: 'SYMMETRIC_DEFAULT',
    KeySpec: 'SYMMETRIC_DEFAULT',
    EncryptionAlgorithms: ['SYMMETRIC_DEFAULT'],
    MultiRegion: false,
  };
}

/** The KMS handler of the lab's endpoint. */
export function kmsApi(state: KmsState, accountId: string): GatewayHandler {
  const dataKey = (input: Record<string, unknown>) => {
    const spec = input.KeySpec;
    const bytes = input.NumberOfBytes;
    if ((spec === undefined) === (bytes === undefined))
      throw new KmsValidationError('Please specify either number of bytes or key spec.');
    const length = spec === 'AES_128' ? 16 : spec === 'AES_256' ? 32 : Number(bytes);
    if (!Number.isInteger(length) || length < 1 || length > 1024)
      throw new KmsValidationError(
        "1 validation error detected: Value at 'numberOfBytes' failed to satisfy constraint: Member must have value less than or equal to 1024",
      );
    const plaintext = randomBytes(length);
    const { key, ciphertext } = state.encrypt(stringMember(input, 'KeyId'), plaintext);
    return { key, ciphertext, plaintext };
  };
  // A Map: an operation is a request's word (`constructor` must not find Object's).
  const operations = new Map<string, (input: Record<string, unknown>) => GatewayResponse>([
    [
      'DescribeKey',
      (input) => jsonResponse({ KeyMetadata: keyMetadata(state.resolve(stringMember(input, 'KeyId')), accountId) }),
    ],
    [
      'ListKeys',
      () =>
        jsonResponse({ Keys: state.list().map((key) => ({ KeyId: key.keyId, KeyArn: key.arn })), Truncated: false }),
    ],
    [
      'ListAliases',
      () =>
        jsonResponse({
          Aliases: state
            .listAliases()
            .map((alias) => ({ AliasName: alias.aliasName, AliasArn: alias.aliasArn, TargetKeyId: alias.targetKeyId })),
          Truncated: false,
        }),
    ],
    [
      'GetKeyPolicy',
      (input) =>
        jsonResponse({
          Policy: JSON.stringify(state.resolve(stringMember(input, 'KeyId')).policy),
          PolicyName: 'default',
        }),
    ],
    [
      'Encrypt',
      (input) => {
        const plaintext = blobMember(input, 'Plaintext');
        if (plaintext.length === 0 || plaintext.length > MAX_PLAINTEXT_BYTES)
          throw new KmsValidationError(
            "1 validation error detected: Value at 'plaintext' failed to satisfy constraint: Member must have length less than or equal to 4096",
          );
        const { key, ciphertext } = state.encrypt(stringMember(input, 'KeyId'), plaintext);
        return jsonResponse({
          CiphertextBlob: ciphertext.toString('base64'),
          KeyId: key.arn,
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
      },
    ],
    [
      'Decrypt',
      (input) => {
        const { key, plaintext } = state.decrypt(blobMember(input, 'CiphertextBlob'));
        return jsonResponse({
          KeyId: key.arn,
          Plaintext: plaintext.toString('base64'),
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
      },
    ],
    [
      'GenerateDataKey',
      (input) => {
        const { key, ciphertext, plaintext } = dataKey(input);
        return jsonResponse({
          CiphertextBlob: ciphertext.toString('base64'),
          Plaintext: plaintext.toString('base64'),
          KeyId: key.arn,
        });
      },
    ],
    [
      'GenerateDataKeyWithoutPlaintext',
      (input) => {
        const { key, ciphertext } = dataKey(input);
        return jsonResponse({ CiphertextBlob: ciphertext.toString('base64'), KeyId: key.arn });
      },
    ],
  ]);
  return {
    signingName: 'kms',
    async handle(request) {
      const operation = jsonTarget(request) ?? '';
      try {
        const input = jsonBody(request);
        if (input === undefined) throw new KmsValidationError('the request body is not a JSON object');
        const run = operations.get(operation);
        if (run === undefined)
          throw new KmsUnknownOperationError(
            `the lab's KMS answers ${[...operations.keys()].join(', ')}, not ${operation || 'a request without X-Amz-Target'}; keys and aliases come from your stacks`,
          );
        return run(input);
      } catch (error) {
        if (error instanceof KmsError) return jsonError(error.code, error.message, error.statusCode);
        throw error;
      }
    },
  };
}

function stringMember(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value === '') throw new KmsValidationError(nullMemberMessage(name));
  return value;
}

/** A blob member: base64 text in JSON. */
function blobMember(input: Record<string, unknown>, name: string): Buffer {
  return Buffer.from(stringMember(input, name), 'base64');
}
