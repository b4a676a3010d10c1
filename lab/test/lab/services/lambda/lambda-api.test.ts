/**
 * The Lambda API on the lab's endpoint, through the real `@aws-sdk/client-lambda`, against a
 * function deployed from an S3 zip asset by the function provider (as the CDK CLI deploys it).
 * Shapes and error texts: LocalStack's aws.validated snapshots
 * (tests/aws/services/lambda_/test_lambda_api.snapshot.json: test_function_lifecycle,
 * test_ops_with_arn_qualifier_mismatch, test_ops_on_nonexisting_version; test_lambda.snapshot.json
 * for Invoke's errors) and the Lambda API reference (Invoke: `X-Amz-Function-Error`,
 * `X-Amz-Log-Result` with the last 4 KB of the log).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetEventSourceMappingCommand,
  GetFunctionCommand,
  GetFunctionConfigurationCommand,
  InvokeCommand,
  LambdaClient,
  ListEventSourceMappingsCommand,
  ListFunctionsCommand,
  UpdateFunctionCodeCommand,
  UpdateFunctionConfigurationCommand,
  waitUntilFunctionUpdatedV2,
} from '@aws-sdk/client-lambda';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { sqsCallsOf } from '#lab/services/sqs/sqs-calls';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { functionArn, LAB_CREDENTIALS, LAB_REGION, queueArn } from '#lab/common/local-aws';
import type { GatewayHandler } from '#lab/gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { EventSourceMapping } from '#lab/services/lambda/event-source-mapping/event-source-mapping';
import { lambdaApi } from '#lab/services/lambda/lambda-api';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import { lambdaFunctionProvider } from '#lab/services/lambda/resource-providers/lambda-function-provider';
import { bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';
import type { FunctionRuntimeOptions } from '#lab/services/lambda/runtime/function-launcher';

/**
 * Every zip's entries dated 1980-01-01 (the zip format's epoch): a zip made twice of the same files
 * is then the same bytes, whatever the clock (zip times have 2-second steps).
 */
const FIXED_ZIP_TIME = { mtime: 315532800000 };

const BUCKET = 'cdk-hnb659fds-assets-000000000000-us-east-1';
const NAME = 'ApiStack-Greeter';

/** A handler of the given version: echoes the event and GREETING; `fail` throws, `sleepMs` waits, `logBytes` logs that much. */
function handlerZip(version: number): Buffer {
  const source = `exports.handler = async (event) => {
  console.log('handling v${version}', JSON.stringify(event));
  if (event.logBytes) console.log('x'.repeat(event.logBytes));
  if (event.sleepMs) await new Promise((resolve) => setTimeout(resolve, event.sleepMs));
  if (event.fail) throw new Error('boom: ' + event.fail);
  return { version: ${version}, greeting: process.env.GREETING, event };
};`;
  return Buffer.from(zipSync({ 'index.js': strToU8(source) }, FIXED_ZIP_TIME));
}

/** An SQS that only answers the mapping's visibility-timeout read (the test's mapping is disabled: it never polls). */
const quietSqs = {
  send: async (command: unknown) => {
    if (command instanceof GetQueueAttributesCommand) return { Attributes: { VisibilityTimeout: '30' } };
    throw new Error('the disabled mapping made an unexpected SQS call');
  },
} as unknown as SQSClient;

describe('lambdaApi (REST-JSON, on a function deployed from an S3 zip)', () => {
  const objects = new Map<string, Buffer>([['v1.zip', handlerZip(1)]]);
  const objectBytes = (bucket: string, key: string) => (bucket === BUCKET ? objects.get(key) : undefined);
  const work = mkdtempSync(join(tmpdir(), 'sqs-lab-lambda-api-'));
  // As in this repository: a package.json above the code cache that makes `.js` files ES modules.
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
  const logs = new LabBus();
  const lambda = new LambdaService({ sqs: quietSqs, logs });
  let api: GatewayHandler;
  let gateway: LabGateway;
  let client: LambdaClient;
  let mappingUuid: string;

  beforeAll(async () => {
    const runtime: FunctionRuntimeOptions = {
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
    };
    const provider = lambdaFunctionProvider({
      ...runtime,
      lambda,
      code: codeFromS3({ objectBytes, cacheDir: join(work, 'code') }),
    });
    await provider.create({
      stackName: 'ApiStack',
      logicalId: 'Greeter1A2B3C4D',
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: NAME,
        Code: { S3Bucket: BUCKET, S3Key: 'v1.zip' },
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Role: 'arn:aws:iam::000000000000:role/GreeterRole',
        Timeout: 3,
        MemorySize: 256,
        Environment: { Variables: { GREETING: 'hello' } },
      },
    });
    const mapping = await EventSourceMapping.create({
      sqs: sqsCallsOf(quietSqs),
      queue: { name: 'greetings', url: 'http://127.0.0.1:9/000000000000/greetings', arn: queueArn('greetings') },
      fn: lambda.invocable(NAME),
      properties: { BatchSize: 5, Enabled: false },
    });
    mappingUuid = 'f0e1d2c3-0000-4000-8000-000000000001';
    lambda.mappings.set(mappingUuid, mapping);
    api = lambdaApi({ ...runtime, lambda, objectBytes, codeCacheDir: join(work, 'code') });
    gateway = await startLabGateway([api]);
    client = new LambdaClient({ endpoint: gateway.url, region: LAB_REGION, credentials: LAB_CREDENTIALS });
  });

  afterAll(async () => {
    client?.destroy();
    await gateway?.stop();
    await lambda.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const invoke = async (event: object, options: { tail?: boolean } = {}) => {
    const response = await client.send(
      new InvokeCommand({
        FunctionName: NAME,
        Payload: JSON.stringify(event),
        ...(options.tail === true ? { LogType: 'Tail' } : {}),
      }),
    );
    return { ...response, payload: JSON.parse(Buffer.from(response.Payload ?? []).toString('utf8')) as unknown };
  };
  const waitUpdated = () =>
    waitUntilFunctionUpdatedV2({ client, maxWaitTime: 10, minDelay: 1 }, { FunctionName: NAME });

  it('GetFunction: Active, LastUpdateStatus Successful, the code’s digest and its S3 location', async () => {
    const { Configuration, Code } = await client.send(new GetFunctionCommand({ FunctionName: NAME }));

    expect(Configuration).toMatchObject({
      FunctionName: NAME,
      FunctionArn: functionArn(NAME),
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Role: 'arn:aws:iam::000000000000:role/GreeterRole',
      Timeout: 3,
      MemorySize: 256,
      Version: '$LATEST',
      State: 'Active',
      LastUpdateStatus: 'Successful',
      PackageType: 'Zip',
      Environment: { Variables: { GREETING: 'hello' } },
      CodeSha256: createHash('sha256').update(handlerZip(1)).digest('base64'),
      CodeSize: handlerZip(1).length,
      LoggingConfig: { LogFormat: 'Text', LogGroup: `/aws/lambda/${NAME}` },
    });
    expect(Configuration?.LastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
    expect(Code).toEqual({ RepositoryType: 'S3', Location: `${gateway.url}/${BUCKET}/v1.zip` });
  });

  it('takes the function by ARN and partial ARN, qualified $LATEST', async () => {
    const byArn = await client.send(
      new GetFunctionConfigurationCommand({ FunctionName: functionArn(NAME), Qualifier: '$LATEST' }),
    );
    const byPartialArn = await client.send(
      new GetFunctionConfigurationCommand({ FunctionName: `000000000000:function:${NAME}:$LATEST` }),
    );

    expect(byArn.FunctionName).toBe(NAME);
    expect(byPartialArn.FunctionName).toBe(NAME);
  });

  it('Invoke (RequestResponse) returns the handler’s result', async () => {
    const response = await invoke({ id: 'a' });

    expect(response.StatusCode).toBe(200);
    expect(response.ExecutedVersion).toBe('$LATEST');
    expect(response.FunctionError).toBeUndefined();
    expect(response.payload).toEqual({ version: 1, greeting: 'hello', event: { id: 'a' } });
  });

  it('Invoke answers a handler error with X-Amz-Function-Error: Unhandled and the error document', async () => {
    const response = await invoke({ fail: 'on purpose' });

    expect(response.StatusCode).toBe(200);
    expect(response.FunctionError).toBe('Unhandled');
    expect(response.payload).toMatchObject({ errorType: 'Error', errorMessage: 'boom: on purpose' });
    expect((response.payload as { trace: unknown }).trace).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('Invoke with LogType Tail returns the invocation’s log, its last 4 KB, base64', async () => {
    const short = await invoke({ id: 'tail' }, { tail: true });
    const long = await invoke({ logBytes: 10_000 }, { tail: true });

    const shortLog = Buffer.from(short.LogResult ?? '', 'base64').toString('utf8');
    expect(shortLog).toMatch(/^START RequestId: [0-9a-f-]{36} Version: \$LATEST\n/);
    expect(shortLog).toContain('handling v1 {"id":"tail"}');
    expect(shortLog).toMatch(/REPORT RequestId: [0-9a-f-]{36}\tDuration: [^\n]*\n$/);
    const longLog = Buffer.from(long.LogResult ?? '', 'base64');
    expect(longLog.length).toBe(4096);
    expect(longLog.toString('utf8')).toMatch(/x{1000}/);
    expect(longLog.toString('utf8')).toMatch(/REPORT RequestId: [^\n]*\n$/);
  });

  it('Invoke with an Event answers 202 and runs the handler in the background', async () => {
    const lines = logs.collect((record) => record.kind === 'function' && record.line.includes('"async-1"'));
    const response = await client.send(
      new InvokeCommand({ FunctionName: NAME, InvocationType: 'Event', Payload: JSON.stringify({ id: 'async-1' }) }),
    );

    expect(response.StatusCode).toBe(202);
    await expect.poll(() => lines.records.length, { timeout: 5000 }).toBe(1);
    lines.stop();
  });

  it('UpdateFunctionConfiguration: the next invocation sees the new variables, timeout and memory', async () => {
    const before = await client.send(new GetFunctionConfigurationCommand({ FunctionName: NAME }));
    const answer = await client.send(
      new UpdateFunctionConfigurationCommand({
        FunctionName: NAME,
        Environment: { Variables: { GREETING: 'bonjour' } },
        Timeout: 5,
        MemorySize: 512,
      }),
    );
    expect(answer).toMatchObject({ LastUpdateStatus: 'InProgress', Timeout: 5, MemorySize: 512 });
    await waitUpdated();

    const configuration = await client.send(new GetFunctionConfigurationCommand({ FunctionName: NAME }));
    const response = await invoke({ id: 'after-config' });

    expect(configuration).toMatchObject({ LastUpdateStatus: 'Successful', Timeout: 5, MemorySize: 512 });
    expect(configuration.RevisionId).toBe(answer.RevisionId);
    expect(configuration.RevisionId).not.toBe(before.RevisionId);
    expect(response.payload).toMatchObject({ greeting: 'bonjour' });
  });

  it('UpdateFunctionCode from S3: InProgress, then Successful; new code on the next invocation, a running one finishes on the old', async () => {
    objects.set('v2.zip', handlerZip(2));
    const started = logs.collect((record) => record.kind === 'function' && record.line.includes('{"sleepMs":400}'));
    const running = invoke({ sleepMs: 400 });
    // The update comes while the handler runs: once it has logged its start.
    await expect.poll(() => started.records.length, { timeout: 5000, interval: 10 }).toBe(1);
    started.stop();

    const answer = await client.send(
      new UpdateFunctionCodeCommand({ FunctionName: NAME, S3Bucket: BUCKET, S3Key: 'v2.zip' }),
    );
    expect(answer).toMatchObject({
      LastUpdateStatus: 'InProgress',
      CodeSha256: createHash('sha256').update(handlerZip(2)).digest('base64'),
    });
    await waitUpdated();
    const after = await invoke({ id: 'after-code' });

    expect(after.payload).toMatchObject({ version: 2, greeting: 'bonjour' });
    const finished = await running;
    expect(finished.FunctionError).toBeUndefined();
    expect(finished.payload).toMatchObject({ version: 1 });
  });

  it('UpdateFunctionCode with an inline ZipFile', async () => {
    await client.send(new UpdateFunctionCodeCommand({ FunctionName: NAME, ZipFile: handlerZip(3) }));
    await waitUpdated();

    expect((await invoke({})).payload).toMatchObject({ version: 3 });
  });

  it('answers a malformed path with a 400, not a failure of its own', async () => {
    const request = {
      method: 'GET',
      path: '/2015-03-31/functions/%E0%A4%A/configuration',
      query: new URLSearchParams(),
      headers: {},
      body: Buffer.alloc(0),
      region: LAB_REGION,
      origin: gateway.url,
    };

    const response = await api.handle(request);

    expect(response.status).toBe(400);
    expect(response.headers?.['x-amzn-errortype']).toBe('InvalidParameterValueException');
  });

  it('ListFunctions lists the function', async () => {
    const { Functions } = await client.send(new ListFunctionsCommand({}));

    expect(Functions?.map((fn) => fn.FunctionName)).toEqual([NAME]);
  });

  it('ListEventSourceMappings filters by function and by source; GetEventSourceMapping reads one', async () => {
    const byFunction = await client.send(new ListEventSourceMappingsCommand({ FunctionName: functionArn(NAME) }));
    const bySource = await client.send(new ListEventSourceMappingsCommand({ EventSourceArn: queueArn('other') }));
    const one = await client.send(new GetEventSourceMappingCommand({ UUID: mappingUuid }));

    expect(byFunction.EventSourceMappings).toEqual([
      expect.objectContaining({
        UUID: mappingUuid,
        EventSourceArn: queueArn('greetings'),
        FunctionArn: functionArn(NAME),
        BatchSize: 5,
        State: 'Disabled',
        LastModified: expect.any(Date),
      }),
    ]);
    expect(bySource.EventSourceMappings).toEqual([]);
    expect(one.UUID).toBe(mappingUuid);
  });

  it.each([
    ['an unknown name', { FunctionName: 'nope' }, `Function not found: ${functionArn('nope')}`],
    [
      'a version the lab does not have',
      { FunctionName: NAME, Qualifier: '7' },
      `Function not found: ${functionArn(NAME)}:7`,
    ],
  ])('answers ResourceNotFoundException (404) for %s', async (_case, input, message) => {
    const error = await client.send(new GetFunctionCommand(input)).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ResourceNotFoundException', message, $metadata: { httpStatusCode: 404 } });
  });

  it('answers ResourceNotFoundException for a mapping it does not have', async () => {
    const error = await client
      .send(new GetEventSourceMappingCommand({ UUID: '00000000-0000-4000-8000-000000000000' }))
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'The resource you requested does not exist.',
    });
  });

  it.each([
    [
      'a qualifier that contradicts the ARN’s',
      () => client.send(new GetFunctionCommand({ FunctionName: `${functionArn(NAME)}:$LATEST`, Qualifier: '1' })),
      'InvalidParameterValueException',
      'The derived qualifier from the function name does not match the specified qualifier.',
    ],
    [
      'code from an S3 object that is not there',
      () => client.send(new UpdateFunctionCodeCommand({ FunctionName: NAME, S3Bucket: BUCKET, S3Key: 'missing.zip' })),
      'InvalidParameterValueException',
      'Error occurred while GetObject. S3 Error Code: NoSuchKey. S3 Error Message: The specified key does not exist.',
    ],
    [
      'a request to publish a version',
      () => client.send(new UpdateFunctionCodeCommand({ FunctionName: NAME, ZipFile: handlerZip(4), Publish: true })),
      'InvalidParameterValueException',
      "the lab's functions have one version, $LATEST: it does not publish versions (leave out Publish)",
    ],
    [
      'a timeout of 0',
      () => client.send(new UpdateFunctionConfigurationCommand({ FunctionName: NAME, Timeout: 0 })),
      'ValidationException',
      "1 validation error detected: Value '0' at 'timeout' failed to satisfy constraint: Member must have value greater than or equal to 1",
    ],
    [
      'a payload that is not JSON',
      () => client.send(new InvokeCommand({ FunctionName: NAME, Payload: Buffer.from('{not json') })),
      'InvalidRequestContentException',
      expect.stringMatching(/^Could not parse request body into json: Could not parse payload into json: /),
    ],
  ])('answers a 400 for %s', async (_case, call, name, message) => {
    const error = await call().catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name, message, $metadata: { httpStatusCode: 400 } });
  });
});
