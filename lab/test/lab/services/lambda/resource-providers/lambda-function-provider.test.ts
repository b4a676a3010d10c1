/**
 * Where `AWS::Lambda::Function` takes its code from: the zip the CDK CLI uploaded to the lab's
 * S3 (`Code.S3Bucket`/`Code.S3Key`), or inline source (`Code.ZipFile`, which Lambda writes to
 * `index.js`: AWS::Lambda::Function Code docs,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-lambda-function-code.html).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

describe('lambdaFunctionProvider: handlers, runtimes and INIT errors as Lambda has them', () => {
  const logs = new LabBus();
  const { records } = logs.collect();
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs });
  let clock = new Date('2026-11-28T00:00:00Z');
  let provider: ResourceProvider;

  beforeAll(async () => {
    provider = lambdaFunctionProvider({
      lambda,
      code: codeFromS3({ objectBytes: () => undefined, cacheDir: mkdtempSync(join(tmpdir(), 'sqs-lab-fn-runtimes-')) }),
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
      now: () => clock,
    });
  });

  afterAll(async () => {
    await lambda.stop();
  });

  const properties = (name: string, source: string, handler: string, runtime = 'nodejs24.x') => ({
    FunctionName: name,
    Code: { ZipFile: source },
    Handler: handler,
    Runtime: runtime,
    Role: 'arn:aws:iam::000000000000:role/R',
  });
  const create = (name: string, source: string, handler: string, runtime?: string) =>
    provider.create({
      stackName: 'RuntimeStack',
      logicalId: `${name}0A1B2C3D`,
      resourceType: 'AWS::Lambda::Function',
      properties: properties(name, source, handler, runtime),
    });

  it('runs any exported name, and a path of exports, as the Node.js runtime resolves the Handler setting', async () => {
    // Lambda guide, "Define Lambda function handler in Node.js": the Handler setting is the file
    // name and the name of the exported handler method (index.main here).
    await create(
      'Main',
      'exports.main = async () => "main"; exports.handlers = { orders: async () => "orders" };',
      'index.main',
    );
    await create('Nested', 'exports.handlers = { orders: async () => "orders" };', 'index.handlers.orders');

    expect(await lambda.get('Main').fn.invoke({})).toMatchObject({ status: 'success', payload: 'main' });
    expect(await lambda.get('Nested').fn.invoke({})).toMatchObject({ status: 'success', payload: 'orders' });
  });

  it('fails an invocation with Runtime.HandlerNotFound when the Handler names no export', async () => {
    await create('NoExport', 'exports.handler = async () => 1;', 'index.main');

    expect(await lambda.get('NoExport').fn.invoke({})).toMatchObject({
      status: 'error',
      error: { errorType: 'Runtime.HandlerNotFound', errorMessage: 'index.main is undefined or not exported' },
    });
  });

  it('logs a module it cannot import as Lambda does: Runtime.ImportModuleError, then INIT_REPORT with the error type', async () => {
    await create(
      'Import',
      'const x = require("no-such-module-anywhere"); exports.handler = async () => x;',
      'index.handler',
    );

    const result = await lambda.get('Import').fn.invoke({});
    expect(result).toMatchObject({ status: 'error', error: { errorType: 'Runtime.ImportModuleError' } });
    expect(result.status === 'error' ? result.error.errorMessage : '').toMatch(
      /^Error: Cannot find module 'no-such-module-anywhere'/,
    );
    const lines = records.flatMap((record) =>
      (record.kind === 'function' || record.kind === 'platform') && record.functionName === 'Import'
        ? [record.line]
        : [],
    );
    expect(lines.find((line) => line.includes('Uncaught Exception'))).toMatch(
      /\tundefined\tERROR\tUncaught Exception \{"errorType":"Runtime\.ImportModuleError","errorMessage":"Error: Cannot find module/,
    );
    expect(lines.find((line) => line.startsWith('INIT_REPORT'))).toMatch(
      /^INIT_REPORT Init Duration: \d+\.\d{2} ms\tPhase: init\tStatus: error\tError Type: Runtime\.ImportModuleError$/,
    );
    expect(lines.at(-1)).toMatch(/^REPORT RequestId: .*Status: error\tError Type: Runtime\.ImportModuleError/);
  });

  it("refuses a runtime past its block dates with Lambda's words, and takes it before them", async () => {
    // Lambda guide, "Building Lambda functions with Node.js": nodejs20.x blocks function create on
    // Aug 31, 2026 and update on Sep 30, 2026; the deprecated nodejs18.x is blocked for both.
    const refusal = (runtime: string) =>
      `The runtime parameter of ${runtime} is no longer supported for creating or updating AWS Lambda functions. We recommend you use the new runtime (nodejs24.x) while creating or updating functions.`;
    await expect(create('Old18', 'exports.handler = async () => 1;', 'index.handler', 'nodejs18.x')).rejects.toThrow(
      refusal('nodejs18.x'),
    );
    await expect(create('Old20', 'exports.handler = async () => 1;', 'index.handler', 'nodejs20.x')).rejects.toThrow(
      refusal('nodejs20.x'),
    );
    clock = new Date('2026-08-30T12:00:00Z');
    const created = await create('Still20', 'exports.handler = async () => 20;', 'index.handler', 'nodejs20.x');
    const update = () =>
      provider.update({
        stackName: 'RuntimeStack',
        logicalId: 'Still200A1B2C3D',
        resourceType: 'AWS::Lambda::Function',
        properties: properties('Still20', 'exports.handler = async () => 21;', 'index.handler', 'nodejs20.x'),
        previous: {
          ...created,
          properties: properties('Still20', 'exports.handler = async () => 20;', 'index.handler', 'nodejs20.x'),
        },
      });
    clock = new Date('2026-09-15T00:00:00Z');
    await update();
    clock = new Date('2026-10-01T00:00:00Z');
    await expect(update()).rejects.toThrow(refusal('nodejs20.x'));
    clock = new Date('2026-11-28T00:00:00Z');
  });
});

describe('lambdaFunctionProvider: Python functions on the machine’s Python', () => {
  const logs = new LabBus();
  const { records } = logs.collect();
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs });
  let provider: ResourceProvider;

  beforeAll(async () => {
    provider = lambdaFunctionProvider({
      lambda,
      code: codeFromS3({ objectBytes: () => undefined, cacheDir: mkdtempSync(join(tmpdir(), 'sqs-lab-fn-python-')) }),
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
    });
  });

  afterAll(async () => {
    await lambda.stop();
  });

  const create = (name: string, source: string, runtime = 'python3.13', handler = 'index.handler') =>
    provider.create({
      stackName: 'PythonStack',
      logicalId: `${name}0A1B2C3D`,
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: name,
        Code: { ZipFile: source },
        Handler: handler,
        Runtime: runtime,
        Role: 'arn:aws:iam::000000000000:role/R',
      },
    });
  const linesOf = (name: string) =>
    records.flatMap((record) => (record.kind === 'function' && record.functionName === name ? [record.line] : []));

  it('runs inline Python source as index.py: the event in, the return value out, print() and the root logger in the log', async () => {
    // CloudFormation writes inline code to index.py for a Python runtime (AWS::Lambda::Function Code docs).
    await create(
      'Py',
      [
        'import logging',
        'logger = logging.getLogger()',
        'logger.setLevel(logging.INFO)',
        'def handler(event, context):',
        '    print("got", event["n"])',
        '    logger.info("working on %s", context.aws_request_id)',
        '    return {"doubled": event["n"] * 2, "left": context.get_remaining_time_in_millis() > 0}',
      ].join('\n'),
    );
    const result = await lambda.get('Py').fn.invoke({ n: 21 });
    expect(result).toMatchObject({ status: 'success', payload: { doubled: 42, left: true } });
    const lines = linesOf('Py');
    expect(lines).toContain('got 21');
    // Lambda's Python log format: "[LEVEL]\ttime\trequestId\tmessage".
    expect(lines.find((line) => line.startsWith('[INFO]'))).toMatch(
      new RegExp(
        `^\\[INFO\\]\\t\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\t${result.requestId}\\tworking on ${result.requestId}$`,
      ),
    );
  });

  it("fails an invocation with the Python error's type and message, and an import with Runtime.ImportModuleError", async () => {
    await create('PyFails', 'def handler(event, context):\n    raise ValueError("no such order")');
    expect(await lambda.get('PyFails').fn.invoke({})).toMatchObject({
      status: 'error',
      error: { errorType: 'ValueError', errorMessage: 'no such order' },
    });
    // Logged once, as Lambda's Python runtime logs it, not again in Node.js's "Invoke Error" form.
    const failed = linesOf('PyFails');
    expect(failed.filter((line) => line.startsWith('[ERROR] ValueError: no such order'))).toHaveLength(1);
    expect(failed.some((line) => line.includes('Invoke Error'))).toBe(false);
    await create('PyImport', 'import no_such_module_anywhere\ndef handler(event, context):\n    return 1');
    expect(await lambda.get('PyImport').fn.invoke({})).toMatchObject({
      status: 'error',
      error: {
        errorType: 'Runtime.ImportModuleError',
        errorMessage: "Unable to import module 'index': No module named 'no_such_module_anywhere'",
      },
    });
  });

  it('ends an invocation that outlives its timeout as Lambda does, and its Python process with it', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'sqs-lab-py-timeout-')), 'pid');
    await provider.create({
      stackName: 'PythonStack',
      logicalId: 'PySlow0A1B2C3D',
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: 'PySlow',
        Code: {
          ZipFile: [
            'import os, time',
            'def handler(event, context):',
            `    open(${JSON.stringify(pidFile)}, "w").write(str(os.getpid()))`,
            '    print("started the slow order")',
            '    time.sleep(30)',
          ].join('\n'),
        },
        Handler: 'index.handler',
        Runtime: 'python3.13',
        Role: 'arn:aws:iam::000000000000:role/R',
        Timeout: 1,
      },
    });
    const result = await lambda.get('PySlow').fn.invoke({});
    expect(result).toMatchObject({
      status: 'timeout',
      error: {
        errorType: 'Sandbox.Timedout',
        errorMessage: expect.stringContaining('Task timed out after 1.00 seconds'),
      },
    });
    // Printed before the timeout, it reaches the log: Lambda's runtime flushes every write.
    expect(linesOf('PySlow')).toContain('started the slow order');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // The environment ends with its invocation, and its Python (the handler still asleep) is
    // killed and reaped, not left a zombie: a signal-0 kill finds no process.
    for (let waited = 0; alive() && waited < 5_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
    expect(alive()).toBe(false);
    rmSync(dirname(pidFile), { recursive: true, force: true });
  }, 15_000);

  it("refuses a Python runtime past its end of support, in Lambda's words", async () => {
    await expect(create('Py38', 'def handler(e, c):\n    return 1', 'python3.8')).rejects.toThrow(
      'The runtime parameter of python3.8 is no longer supported for creating or updating AWS Lambda functions. We recommend you use the new runtime (python3.14) while creating or updating functions.',
    );
  });
});
