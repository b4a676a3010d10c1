/**
 * A deployed Node.js function finds what it would find on Lambda, and nothing else: its own
 * node_modules, then the runtime's AWS SDK v3 (Lambda guide, "Building Lambda functions with
 * Node.js": the runtime includes the SDK for JavaScript v3; no v2 from nodejs18.x on). The code
 * is unpacked under the project's `.lab/`, so the project's own node_modules lie above it: a
 * package found there would be found by accident, and must not be.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import { lambdaFunctionProvider } from '#lab/services/lambda/resource-providers/lambda-function-provider';
import { bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';
import {
  FETCHED_SDK_ROOT,
  provideRuntimeSdk,
  RUNTIME_SDK_VERSION,
  RuntimeSdkFetchError,
  runtimeSdkRoots,
  sdkPackagesImported,
} from '#lab/services/lambda/runtime/runtime-sdk';

const BUCKET = 'assets';

describe('a Node.js function’s imports: its own packages, then the runtime’s SDK, nothing by accident', () => {
  const logs = new LabBus();
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs });
  const objects = new Map<string, Buffer>();
  let provider: ResourceProvider;
  let serial = 0;

  beforeAll(async () => {
    provider = lambdaFunctionProvider({
      lambda,
      // The default cache, under the project's .lab/: the project's node_modules are above the code.
      code: codeFromS3({ objectBytes: (bucket, key) => (bucket === BUCKET ? objects.get(key) : undefined) }),
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
    });
  });

  afterAll(async () => {
    await lambda.stop();
  });

  /** Deploys a function whose zip holds `files` (and a line naming the test, so each zip is new). */
  const deploy = async (files: Record<string, string>, handler = 'index.handler') => {
    serial += 1;
    const name = `SdkFn${serial}`;
    const key = `${name}-${Date.now()}.zip`;
    const entries = Object.entries({ ...files, 'test.txt': key }).map(([path, text]) => [path, strToU8(text)]);
    objects.set(key, Buffer.from(zipSync(Object.fromEntries(entries))));
    await provider.create({
      stackName: 'SdkStack',
      logicalId: `${name}0A1B2C3D`,
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: name,
        Code: { S3Bucket: BUCKET, S3Key: key },
        Handler: handler,
        Runtime: 'nodejs24.x',
        Role: 'arn:aws:iam::000000000000:role/R',
      },
    });
    return lambda.get(name).fn.invoke({});
  };

  it('finds the runtime’s SDK client, the lab’s copy, from CommonJS and from an ES module', async () => {
    const cjs = await deploy({
      'index.js':
        "const { SQSClient } = require('@aws-sdk/client-sqs');\nexports.handler = async () => ({ client: typeof SQSClient, from: require.resolve('@aws-sdk/client-sqs') });",
    });
    expect(cjs).toMatchObject({ status: 'success', payload: { client: 'function' } });
    const from = (cjs as { payload: { from: string } }).payload.from;
    expect(
      runtimeSdkRoots().some((root) => from.startsWith(join(root, 'node_modules', '@aws-sdk', 'client-sqs'))),
    ).toBe(true);
    const esm = await deploy({
      'index.mjs':
        "import { SQSClient } from '@aws-sdk/client-sqs';\nexport const handler = async () => ({ client: typeof SQSClient });",
    });
    expect(esm).toMatchObject({ status: 'success', payload: { client: 'function' } });
  });

  it('does not find a package the project has but Lambda would not (not above the code’s folder), nor SDK v2', async () => {
    // yaml is in the project's node_modules, above .lab/lambda-code/.
    const yaml = await deploy({ 'index.js': "require('yaml');\nexports.handler = async () => 'found';" });
    expect(yaml).toMatchObject({
      status: 'error',
      error: {
        errorType: 'Runtime.ImportModuleError',
        errorMessage: expect.stringContaining("Cannot find module 'yaml'"),
      },
    });
    const esm = await deploy({ 'index.mjs': "import 'yaml';\nexport const handler = async () => 'found';" });
    expect(esm).toMatchObject({
      status: 'error',
      error: {
        errorType: 'Runtime.ImportModuleError',
        errorMessage: expect.stringContaining("Cannot find package 'yaml'"),
      },
    });
    const v2 = await deploy({ 'index.js': "require('aws-sdk');\nexports.handler = async () => 'found';" });
    expect(v2).toMatchObject({
      status: 'error',
      error: {
        errorType: 'Runtime.ImportModuleError',
        errorMessage: expect.stringContaining("Cannot find module 'aws-sdk'"),
      },
    });
  });

  it('finds the function’s own packages first, and its own copy of an SDK client over the runtime’s', async () => {
    const own = await deploy({
      'index.js':
        "exports.handler = async () => ({ greeting: require('greeting'), sqs: require('@aws-sdk/client-sqs').mine });",
      'node_modules/greeting/package.json': '{ "name": "greeting", "main": "index.js" }',
      'node_modules/greeting/index.js': "module.exports = 'hello from the function’s own node_modules';",
      'node_modules/@aws-sdk/client-sqs/package.json': '{ "name": "@aws-sdk/client-sqs", "main": "index.js" }',
      'node_modules/@aws-sdk/client-sqs/index.js': "exports.mine = 'bundled with the function';",
    });
    expect(own).toMatchObject({
      status: 'success',
      payload: { greeting: 'hello from the function’s own node_modules', sqs: 'bundled with the function' },
    });
  });
});

describe('provideRuntimeSdk: the clients the lab does not carry are fetched before the function starts', () => {
  const code = mkdtempSync(join(tmpdir(), 'sqs-lab-sdk-scan-'));
  // A name no registry has: the fetcher here is the test's, and nothing leaves the machine.
  const name = '@aws-sdk/client-lab-test-only';
  const fetchedDir = join(FETCHED_SDK_ROOT, 'node_modules', name);

  afterAll(() => {
    rmSync(code, { recursive: true, force: true });
    rmSync(fetchedDir, { recursive: true, force: true });
  });

  it('reads the clients the code names, fetches the missing one at the runtime’s version, and says why when it cannot', async () => {
    const entry = join(code, 'index.js');
    writeFileSync(
      entry,
      [
        `const a = require("${name}");`,
        "const b = require('@aws-sdk/client-sqs');",
        "exports.later = () => import('@aws-sdk/lib-dynamodb/dist-cjs/index.js');",
        // A bundled SDK's message names a package it does not load: not an import.
        'exports.hint = \'install [require("@aws-sdk/signature-v4-crt");] to use it\';',
      ].join('\n'),
    );
    expect(await sdkPackagesImported(entry)).toEqual([name, '@aws-sdk/client-sqs', '@aws-sdk/lib-dynamodb']);

    await expect(
      provideRuntimeSdk(code, entry, async () => {
        throw new Error('getaddrinfo ENOTFOUND registry.npmjs.org');
      }),
    ).rejects.toThrow(
      new RuntimeSdkFetchError(
        `the function imports ${name}, which Lambda's Node.js runtime provides; the lab carries no copy and could not fetch it from the npm registry (at or before ${RUNTIME_SDK_VERSION}): getaddrinfo ENOTFOUND registry.npmjs.org`,
      ),
    );

    const asked: string[][] = [];
    const fetch = async (packages: readonly string[], root: string) => {
      asked.push([...packages]);
      mkdirSync(join(root, 'node_modules', name), { recursive: true });
      writeFileSync(join(root, 'node_modules', name, 'index.js'), 'exports.fetched = true;');
    };
    await provideRuntimeSdk(code, entry, fetch);
    // Only the client the lab does not carry, at the runtime's version; the lab's copies serve the rest.
    expect(asked).toEqual([[`${name}@<=${RUNTIME_SDK_VERSION}`]]);
    expect(existsSync(fetchedDir)).toBe(true);
    await provideRuntimeSdk(code, entry, fetch);
    expect(asked).toHaveLength(1);
  });
});
