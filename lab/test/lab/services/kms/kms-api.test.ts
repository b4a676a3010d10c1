/**
 * KMS on the lab, as a learner's encrypted app uses it (lab/test/fixtures/kms-app): the key and
 * its alias deploy (`AWS::KMS::Key`, `AWS::KMS::Alias`), so do a queue, its DLQ and a table (with
 * a GSI) encrypted with it, and a function that does not bundle the SDK sends to that queue (one
 * without the key's permissions is refused, as SQS refuses it) and writes to that table (one without
 * the key is refused, as DynamoDB refuses it); the
 * KMS API answers through the lab's one endpoint to the real `@aws-sdk/client-kms`. Shapes and
 * errors: the KMS API reference and LocalStack's tests/aws/services/kms/test_kms.snapshot.json
 * (recorded against AWS: test_create_key, test_get_key_does_not_exist, test_get_key_invalid_uuid,
 * test_encrypt_decrypt_encryption_context's InvalidCiphertextException without a message).
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DecryptCommand,
  DescribeKeyCommand,
  EncryptCommand,
  GenerateDataKeyCommand,
  GetKeyPolicyCommand,
  KMSClient,
  ListAliasesCommand,
} from '@aws-sdk/client-kms';
import { GetFunctionConfigurationCommand, InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetQueueAttributesCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('kms-app');

describe('KMS on the lab: keys, aliases, encrypted queues and tables', () => {
  let lab: Lab;
  let kms: KMSClient;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    expect(lab.endpointUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    kms = new KMSClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    outputs = { ...lab.deployed.get('EncryptedStack')?.outputs };
  }, 120_000);

  afterAll(async () => {
    kms?.destroy();
    await lab?.stop();
  });

  it('deploys the key, its alias, the encrypted queue, DLQ and table (with its GSI)', async () => {
    expect(lab.deployed.get('EncryptedStack')?.status).toBe('CREATE_COMPLETE');
    const { Attributes = {} } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: outputs.QueueUrl, AttributeNames: ['KmsMasterKeyId'] }),
    );
    expect(Attributes.KmsMasterKeyId).toBe(outputs.KeyArn);
    const { Table } = await lab.clients.dynamodb.send(new DescribeTableCommand({ TableName: outputs.TableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byCustomer']);
  });

  it('describes the key by its alias as KMS does, and lists the alias', async () => {
    const { KeyMetadata } = await kms.send(new DescribeKeyCommand({ KeyId: 'alias/orders-key' }));
    expect(KeyMetadata).toMatchObject({
      AWSAccountId: '000000000000',
      Arn: outputs.KeyArn,
      Description: 'orders at rest',
      Enabled: true,
      KeyUsage: 'ENCRYPT_DECRYPT',
      KeyState: 'Enabled',
      Origin: 'AWS_KMS',
      KeyManager: 'CUSTOMER',
      KeySpec: 'SYMMETRIC_DEFAULT',
      EncryptionAlgorithms: ['SYMMETRIC_DEFAULT'],
      MultiRegion: false,
    });
    expect(KeyMetadata?.CreationDate).toBeInstanceOf(Date);
    const { Aliases = [] } = await kms.send(new ListAliasesCommand({}));
    expect(Aliases).toContainEqual({
      AliasName: 'alias/orders-key',
      AliasArn: `arn:aws:kms:${LAB_REGION}:000000000000:alias/orders-key`,
      TargetKeyId: KeyMetadata?.KeyId,
    });
    // CDK's key policy lets the account's IAM policies decide.
    const { Policy } = await kms.send(new GetKeyPolicyCommand({ KeyId: outputs.KeyArn, PolicyName: 'default' }));
    expect(JSON.parse(Policy ?? '{}')).toMatchObject({
      Statement: [{ Effect: 'Allow', Principal: { AWS: expect.stringContaining(':root') }, Action: 'kms:*' }],
    });
  });

  it('encrypts and decrypts, and makes data keys whose ciphertext decrypts to their plaintext', async () => {
    const { CiphertextBlob, KeyId } = await kms.send(
      new EncryptCommand({ KeyId: 'alias/orders-key', Plaintext: Buffer.from('order o-1') }),
    );
    expect(KeyId).toBe(outputs.KeyArn);
    const decrypted = await kms.send(new DecryptCommand({ CiphertextBlob }));
    expect(Buffer.from(decrypted.Plaintext ?? []).toString()).toBe('order o-1');
    expect(decrypted.KeyId).toBe(outputs.KeyArn);
    const dataKey = await kms.send(new GenerateDataKeyCommand({ KeyId: outputs.KeyArn, KeySpec: 'AES_256' }));
    expect(dataKey.Plaintext).toHaveLength(32);
    const opened = await kms.send(new DecryptCommand({ CiphertextBlob: dataKey.CiphertextBlob }));
    expect(Buffer.from(opened.Plaintext ?? []).equals(Buffer.from(dataKey.Plaintext ?? []))).toBe(true);
  });

  it('answers what it cannot find or open in KMS’s words', async () => {
    const missing = '11111111-2222-3333-4444-555555555555';
    await expect(kms.send(new DescribeKeyCommand({ KeyId: missing }))).rejects.toMatchObject({
      name: 'NotFoundException',
      message: `Key 'arn:aws:kms:${LAB_REGION}:000000000000:key/${missing}' does not exist`,
    });
    await expect(kms.send(new DescribeKeyCommand({ KeyId: 'fake-key-id' }))).rejects.toMatchObject({
      name: 'NotFoundException',
      message: "Invalid keyId 'fake-key-id'",
    });
    await expect(kms.send(new DescribeKeyCommand({ KeyId: 'alias/no-such-alias' }))).rejects.toMatchObject({
      name: 'NotFoundException',
      message: `Alias arn:aws:kms:${LAB_REGION}:000000000000:alias/no-such-alias is not found.`,
    });
    await expect(
      kms.send(new DecryptCommand({ CiphertextBlob: Buffer.from('not a ciphertext') })),
    ).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    });
  });

  it('runs a function that does not bundle the SDK: it sends to the encrypted queue with the runtime’s client', async () => {
    const sent = await lab.stack('EncryptedStack').invoke('Sender', { order: 'o-7' });
    expect(sent).toMatchObject({ status: 'success', payload: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.QueueUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages.map((message) => JSON.parse(message.Body ?? '{}'))).toEqual([{ order: 'o-7' }]);
  });

  it('runs a function whose environment is encrypted with the key only if its role may decrypt with it', async () => {
    // Lambda API reference, Invoke, Errors: KMSAccessDeniedException (502), "Lambda couldn't
    // decrypt the environment variables because KMS access was denied. Check the Lambda function's
    // KMS permissions."
    const lambda = new LambdaClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    try {
      const granted = await lambda.send(new InvokeCommand({ FunctionName: outputs.GrantedEnvName }));
      expect(JSON.parse(Buffer.from(granted.Payload ?? []).toString())).toBe('hello from an encrypted environment');
      const configuration = await lambda.send(
        new GetFunctionConfigurationCommand({ FunctionName: outputs.GrantedEnvName }),
      );
      expect(configuration.KMSKeyArn).toBe(outputs.KeyArn);
      await expect(lambda.send(new InvokeCommand({ FunctionName: outputs.LockedEnvName }))).rejects.toMatchObject({
        name: 'KMSAccessDeniedException',
        message:
          "Lambda couldn't decrypt the environment variables because KMS access was denied. Check the Lambda function's KMS permissions.",
        $metadata: { httpStatusCode: 502 },
      });
    } finally {
      lambda.destroy();
    }
  });

  it('refuses a producer without the key’s permissions: SQS’s KmsAccessDenied, nothing sent', async () => {
    // SQS API reference, SendMessage's errors: KmsAccessDenied, "The caller doesn't have the
    // required KMS access."; the producer needs kms:GenerateDataKey and kms:Decrypt on the key.
    const refused = await lab.stack('EncryptedStack').invoke('Unpermitted', {});
    expect(refused).toMatchObject({
      status: 'success',
      payload: { name: 'KmsAccessDenied', message: "The caller doesn't have the required KMS access." },
    });
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.QueueUrl, WaitTimeSeconds: 0 }),
    );
    expect(Messages).toEqual([]);
  });

  it('lets a writer the table’s grant covers write, and refuses one without the key as DynamoDB does', async () => {
    // DynamoDB answers a caller without kms:Decrypt on a table's customer-managed key with
    // AccessDeniedException "KMS key access denied error: … AWSKMSException: The ciphertext refers
    // to a customer master key that does not exist, …" (PutItem: aws/aws-cdk#10010; DeleteItem: #19531).
    expect(await lab.stack('EncryptedStack').invoke('TableWriter', {})).toMatchObject({
      status: 'success',
      payload: 'written',
    });
    expect(await lab.stack('EncryptedStack').invoke('TableWriterNoKey', {})).toMatchObject({
      status: 'success',
      payload: {
        name: 'AccessDeniedException',
        message: expect.stringMatching(
          /^KMS key access denied error: com\.amazonaws\.services\.kms\.model\.AWSKMSException: The ciphertext refers to a customer master key that does not exist, does not exist in this region, or you are not allowed to access\. \(Service: AWSKMS; Status Code: 400; Error Code: AccessDeniedException; Request ID: [0-9a-f-]{36}; Proxy: null\)$/,
        ),
      },
    });
  });
});
