/**
 * Where `AWS::Lambda::Function` takes its code from: the zip the CDK CLI uploaded to the lab's
 * S3 (`Code.S3Bucket`/`Code.S3Key`), or inline source (`Code.ZipFile`, which Lambda writes to
 * `index.js`: AWS::Lambda::Function Code docs,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-lambda-function-code.html).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import { lambdaFunctionProvider } from '#lab/services/lambda/resource-providers/lambda-function-provider';
import { bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';

/**
 * Every zip's entries dated 1980-01-01 (the zip format's epoch): a zip made twice of the same files
 * is then the same bytes, whatever the clock (zip times have 2-second steps).
 */
const FIXED_ZIP_TIME = { mtime: 315532800000 };

const BUCKET = 'cdk-hnb659fds-assets-000000000000-us-east-1';

describe('lambdaFunctionProvider: code from S3 and inline', () => {
  const work = mkdtempSync(join(tmpdir(), 'sqs-lab-fn-provider-'));
  // As in this repository: a package.json above the code cache that makes `.js` files ES modules.
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
  const logs = new LabBus();
  // No mapping here: the service never calls SQS.
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs });
  const objects = new Map([
    [
      'app.zip',
      Buffer.from(zipSync({ 'app.js': strToU8('exports.handler = async () => "from S3";') }, FIXED_ZIP_TIME)),
    ],
  ]);
  let provider: ResourceProvider;

  beforeAll(async () => {
    const runtimePath = await bundleRuntimeWorker();
    provider = lambdaFunctionProvider({
      lambda,
      code: codeFromS3({
        objectBytes: (bucket, key) => (bucket === BUCKET ? objects.get(key) : undefined),
        cacheDir: join(work, 'code'),
      }),
      runtimePath,
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
    });
  });

  afterAll(async () => {
    await lambda.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const create = (name: string, code: Record<string, unknown>, handler = 'index.handler') =>
    provider.create({
      stackName: 'CodeStack',
      logicalId: `${name}0A1B2C3D`,
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: name,
        Code: code,
        Handler: handler,
        Runtime: 'nodejs24.x',
        Role: 'arn:aws:iam::000000000000:role/R',
      },
    });

  it('runs the handler file of the zip the CDK CLI uploaded to S3', async () => {
    await create('FromS3', { S3Bucket: BUCKET, S3Key: 'app.zip' }, 'app.handler');

    expect(await lambda.get('FromS3').fn.invoke({})).toMatchObject({ status: 'success', payload: 'from S3' });
  });

  it('finds the handler file as the Node.js runtime does: an ES module index.mjs', async () => {
    objects.set(
      'esm.zip',
      Buffer.from(zipSync({ 'index.mjs': strToU8('export const handler = async () => "esm";') }, FIXED_ZIP_TIME)),
    );
    await create('Esm', { S3Bucket: BUCKET, S3Key: 'esm.zip' });

    expect(await lambda.get('Esm').fn.invoke({})).toMatchObject({ status: 'success', payload: 'esm' });
  });

  it('runs inline ZipFile source as index.js', async () => {
    await create('Inline', { ZipFile: 'exports.handler = async (event) => ({ inline: event.n * 2 });' });

    expect(await lambda.get('Inline').fn.invoke({ n: 21 })).toMatchObject({
      status: 'success',
      payload: { inline: 42 },
    });
  });

  it('fails the resource with Lambda’s GetObject words when the object is not in S3', async () => {
    await expect(create('Missing', { S3Bucket: BUCKET, S3Key: 'missing.zip' })).rejects.toThrow(
      'Error occurred while GetObject. S3 Error Code: NoSuchKey. S3 Error Message: The specified key does not exist.',
    );
    expect(lambda.all().has('Missing')).toBe(false);
  });
});
