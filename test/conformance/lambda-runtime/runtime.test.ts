import { CloudWatchLogsClient, DescribeLogStreamsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import type { FunctionLogRecord, LabLogRecord, PlatformLogRecord } from '#lab/bus/lab-log-record';
import { fakeAwsEnvironment, LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { startTutorialLab } from '#experiments/tutorial-app';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { ReservedVariableError } from '#lab/services/lambda/errors';
import { bundleFunction, bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import {
  LAB_FUNCTION_LOGGING,
  lambdaEnvironment,
  type LambdaLogging,
} from '#lab/services/lambda/runtime/lambda-environment';
import { LocalFunction } from '#lab/services/lambda/runtime/local-function';
import { conform } from '#lab/test/conformance/behaviour';
import { testBundleDir } from '#lab/test/helpers/test-bundle-dir';
import { runtimeBehaviour } from '#lab/test/conformance/lambda-runtime/runtime-behaviours';

const ref = { stackName: 'Fixture', functionId: 'Console', functionName: 'Fixture-Console' } as const;

describe('Lambda runtime surface (conformance)', () => {
  let runtimePath: string;
  let bundlePath: string;
  const started: LocalFunction[] = [];

  beforeAll(async () => {
    [runtimePath, bundlePath] = await Promise.all([
      bundleRuntimeWorker(),
      bundleFunction({
        entry: 'test/conformance/lambda-runtime/fixtures/console-handler.ts',
        stackName: 'Fixture',
        functionId: 'Console',
        bundleDir: testBundleDir('runtime-conformance'),
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(started.map((fn) => fn.stop()));
  });

  /** A function with this project's environment, in the given log format. */
  function startFunction(logging: LambdaLogging = LAB_FUNCTION_LOGGING) {
    const logs = new LabBus();
    const { records } = logs.collect();
    const fn = new LocalFunction({
      ref,
      bundlePath,
      runtimePath,
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      timeoutSeconds: 3,
      memoryMb: 128,
      environment: lambdaEnvironment({
        ref,
        spec: { memoryMb: 128 },
        bindings: { MODE: 'conformance' },
        awsEnvironment: fakeAwsEnvironment(),
        sqsEndpoint: 'http://127.0.0.1:1',
        dynamodbEndpoint: 'http://127.0.0.1:2',
        logging,
      }),
      systemLogLevel: logging.systemLogLevel,
      logs,
    });
    started.push(fn);
    return { fn, records };
  }

  const TEXT: LambdaLogging = { ...LAB_FUNCTION_LOGGING, format: 'Text' };
  const linesOf = (records: readonly LabLogRecord[], requestId: string): FunctionLogRecord[] =>
    records.filter(
      (record): record is FunctionLogRecord => record.kind === 'function' && record.requestId === requestId,
    );
  const platformOf = (records: readonly LabLogRecord[]): PlatformLogRecord[] =>
    records.filter((record): record is PlatformLogRecord => record.kind === 'platform');

  async function report(fn: LocalFunction) {
    const result = await fn.invoke({ report: true });
    if (result.status !== 'success') throw new Error(`report failed: ${JSON.stringify(result)}`);
    return result.payload as {
      env: Record<string, string | undefined>;
      context: { logGroupName: string; logStreamName: string; remainingMs: number };
      utcOffsetMinutes: number;
      hourUtc: number;
    };
  }

  conform(runtimeBehaviour('lambda.runtime.env.reserved'), async () => {
    const { fn } = startFunction();

    const { env } = await report(fn);

    expect(env).toMatchObject({
      _HANDLER: 'index.handler',
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      AWS_LAMBDA_FUNCTION_NAME: ref.functionName,
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '128',
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      AWS_LAMBDA_RUNTIME_API: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      LAMBDA_TASK_ROOT: '/var/task',
      LAMBDA_RUNTIME_DIR: '/var/runtime',
      AWS_REGION: 'us-east-1',
      TZ: ':UTC',
      MODE: 'conformance',
    });
  });

  conform(runtimeBehaviour('lambda.runtime.env.reserved-refused'), () => {
    const configure = () =>
      lambdaEnvironment({
        ref,
        spec: { memoryMb: 128 },
        bindings: { MODE: 'x', AWS_REGION: 'eu-west-1', _HANDLER: 'other.handler' },
        awsEnvironment: fakeAwsEnvironment(),
        sqsEndpoint: 'http://127.0.0.1:1',
        dynamodbEndpoint: 'http://127.0.0.1:2',
      });

    expect(configure).toThrow(ReservedVariableError);
    expect(configure).toThrow(/contains reserved keys .* Reserved keys used in this request: AWS_REGION, _HANDLER$/);
  });

  conform(runtimeBehaviour('lambda.runtime.env.not-set'), async () => {
    const { fn } = startFunction();

    const { env, context } = await report(fn);

    expect(env.AWS_LAMBDA_FUNCTION_TIMEOUT).toBeUndefined();
    expect(env.AWS_NODEJS_CONNECTION_REUSE_ENABLED).toBeUndefined();
    expect(context.remainingMs).toBeGreaterThan(0);
    expect(context.remainingMs).toBeLessThanOrEqual(3000);
  });

  conform(runtimeBehaviour('lambda.runtime.env.log-stream'), async () => {
    const { fn } = startFunction();

    const [first, second] = [await report(fn), await report(fn)];
    const concurrent = await Promise.all([report(fn), report(fn)]);
    const streams = new Set([first, second, ...concurrent].map((payload) => payload.env.AWS_LAMBDA_LOG_STREAM_NAME));

    expect(first.env.AWS_LAMBDA_LOG_GROUP_NAME).toBe(`/aws/lambda/${ref.functionName}`);
    expect(first.context.logGroupName).toBe(first.env.AWS_LAMBDA_LOG_GROUP_NAME);
    expect(first.env.AWS_LAMBDA_LOG_STREAM_NAME).toMatch(/^\d{4}\/\d{2}\/\d{2}\/\[\$LATEST\][0-9a-f]{32}$/);
    expect(first.context.logStreamName).toBe(first.env.AWS_LAMBDA_LOG_STREAM_NAME);
    expect(second.env.AWS_LAMBDA_LOG_STREAM_NAME).toBe(first.env.AWS_LAMBDA_LOG_STREAM_NAME);
    expect(streams.size).toBe(fn.coldStarts);
  });

  conform(runtimeBehaviour('lambda.runtime.env.trace-id'), async () => {
    const { fn } = startFunction();

    const [first, second] = [await report(fn), await report(fn)];

    const header = /^Root=1-[0-9a-f]{8}-[0-9a-f]{24};Parent=[0-9a-f]{16};Sampled=[01]/;
    expect(first.env._X_AMZN_TRACE_ID).toMatch(header);
    expect(second.env._X_AMZN_TRACE_ID).toMatch(header);
    expect(second.env._X_AMZN_TRACE_ID).not.toBe(first.env._X_AMZN_TRACE_ID);
  });

  conform(runtimeBehaviour('lambda.runtime.env.utc'), async () => {
    const { fn } = startFunction();

    const payload = await report(fn);

    expect(payload.utcOffsetMinutes).toBe(0);
    expect(payload.hourUtc).toBe(0);
  });

  conform(runtimeBehaviour('lambda.runtime.log.json-string-kept'), async () => {
    const { fn, records } = startFunction();

    const { requestId } = await fn.invoke({ log: 'json-string' });
    const [line] = linesOf(records, requestId);

    expect(line?.parsed).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      level: 'INFO',
      requestId,
      message: JSON.stringify({ event: 'start', id: 'j-1' }),
    });
    expect(Object.keys(line?.parsed ?? {})).toEqual(['timestamp', 'level', 'requestId', 'message']);
  });

  conform(runtimeBehaviour('lambda.runtime.log.json-object-kept'), async () => {
    const { fn, records } = startFunction();

    const { requestId } = await fn.invoke({ log: 'object' });
    const [line] = linesOf(records, requestId);

    expect(line?.parsed).toMatchObject({
      level: 'INFO',
      requestId,
      message: { event: 'start', id: 'o-1', nested: { n: 1 } },
    });
  });

  conform(runtimeBehaviour('lambda.runtime.log.json-error'), async () => {
    const { fn, records } = startFunction();

    const single = await fn.invoke({ log: 'error' });
    const several = await fn.invoke({ log: 'format' });
    const [errorLine] = linesOf(records, single.requestId);
    const [formatLine] = linesOf(records, several.requestId);

    expect(errorLine?.parsed).toMatchObject({
      level: 'ERROR',
      message: {
        errorType: 'TypeError',
        errorMessage: 'bad thing',
        stackTrace: expect.arrayContaining(['TypeError: bad thing']),
      },
    });
    expect(formatLine?.parsed).toMatchObject({
      level: 'WARN',
      message: expect.stringMatching(/^count=3 of five RangeError: out of range/),
      errorType: 'RangeError',
      errorMessage: 'out of range',
      stackTrace: expect.arrayContaining(['RangeError: out of range']),
    });
    expect(formatLine?.line).not.toContain('\n');
  });

  conform(runtimeBehaviour('lambda.runtime.log.invoke-error'), async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke({ throw: 'no such id' });
    const lines = linesOf(records, result.requestId);

    expect(result).toMatchObject({ status: 'error', error: { errorType: 'TypeError', errorMessage: 'no such id' } });
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        timestamp: expect.any(String),
        level: 'ERROR',
        requestId: result.requestId,
        message: {
          errorType: 'TypeError',
          errorMessage: 'no such id',
          stackTrace: expect.arrayContaining(['TypeError: no such id']),
        },
      },
    ]);
  });

  conform(runtimeBehaviour('lambda.runtime.log.level-filter'), async () => {
    const { fn, records } = startFunction();

    const { requestId } = await fn.invoke({ log: 'levels' });
    const kept = linesOf(records, requestId).map((line) => line.parsed?.message ?? line.parsed?.event);

    expect(kept).toEqual(['info line', 'warn line', 'error line', 'raw-warn', 'raw-no-level']);
  });

  conform(runtimeBehaviour('lambda.runtime.log.stdout-json-untouched'), async () => {
    const { fn, records } = startFunction();

    const { requestId } = await fn.invoke({ log: 'stdout' });
    const [line] = linesOf(records, requestId);

    expect(line?.line).toBe(JSON.stringify({ timestamp: 'x', level: 'INFO', event: 'own-line', id: 's-1' }));
  });

  conform(runtimeBehaviour('lambda.runtime.log.text-format'), async () => {
    const { fn, records } = startFunction(TEXT);

    const plain = await fn.invoke({ log: 'string' });
    const multiline = await fn.invoke({ log: 'multiline' });

    expect(linesOf(records, plain.requestId).map((line) => line.line)).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z\\t${plain.requestId}\\tINFO\\tplain words$`)),
    ]);
    expect(linesOf(records, multiline.requestId).map((line) => line.line)).toEqual([
      expect.stringMatching(/\tINFO\tfirst\rsecond$/),
    ]);
  });

  conform(runtimeBehaviour('lambda.runtime.log.platform-json'), async () => {
    const { fn, records } = startFunction();

    const cold = await fn.invoke({});
    const warm = await fn.invoke({});
    const platform = platformOf(records);
    const types = (requestId: string) =>
      platform.filter((record) => record.requestId === requestId).map((record) => record.parsed.type);
    const reportOf = (requestId: string) =>
      platform.find((record) => record.requestId === requestId && record.parsed.type === 'platform.report');

    expect(types(cold.requestId)).toEqual(['platform.initStart', 'platform.start', 'platform.report']);
    expect(types(warm.requestId)).toEqual(['platform.start', 'platform.report']);
    expect(JSON.parse(reportOf(cold.requestId)?.line ?? '{}')).toEqual({
      time: expect.stringMatching(/Z$/),
      type: 'platform.report',
      record: {
        requestId: cold.requestId,
        metrics: {
          durationMs: expect.any(Number),
          billedDurationMs: expect.any(Number),
          memorySizeMB: 128,
          maxMemoryUsedMB: expect.any(Number),
          initDurationMs: expect.any(Number),
        },
        status: 'success',
      },
    });
    expect(reportOf(warm.requestId)?.parsed.record.metrics).not.toHaveProperty('initDurationMs');
  });

  conform(runtimeBehaviour('lambda.runtime.log.platform-text'), async () => {
    const { fn, records } = startFunction(TEXT);

    const { requestId } = await fn.invoke({});
    const lines = platformOf(records)
      .filter((record) => record.requestId === requestId)
      .map((record) => record.line);

    expect(lines).toEqual([
      expect.stringMatching(/^INIT_START Runtime Version: nodejs:24\./),
      `START RequestId: ${requestId} Version: $LATEST`,
      `END RequestId: ${requestId}`,
      expect.stringMatching(
        new RegExp(
          `^REPORT RequestId: ${requestId}\\tDuration: [\\d.]+ ms\\tBilled Duration: \\d+ ms\\tMemory Size: 128 MB\\tMax Memory Used: \\d+ MB\\tInit Duration: [\\d.]+ ms\\t$`,
        ),
      ),
    ]);
  });

  conform(runtimeBehaviour('lambda.runtime.log.custom-group'), async () => {
    const lab = await startTutorialLab({ stacks: ['BatchPartialStack'] });
    const logs = new CloudWatchLogsClient({
      region: LAB_REGION,
      endpoint: lab.logsEndpoint,
      credentials: LAB_CREDENTIALS,
    });
    try {
      const group = lab.outputs().BatchPartialStack?.WorkerLogGroup ?? '';
      // CloudFormation's name for the stack's AWS::Logs::LogGroup, not /aws/lambda/<function>.
      expect(group).toMatch(/^BatchPartialStack-WorkerLogs[0-9A-F]{8}-[A-Z0-9]{8}$/);
      const result = await lab.stack('BatchPartialStack').invoke('Worker', { Records: [] });
      expect(result.status).toBe('success');
      const { logStreams } = await logs.send(new DescribeLogStreamsCommand({ logGroupName: group }));
      expect(logStreams?.length).toBeGreaterThan(0);
    } finally {
      logs.destroy();
      await lab.stop();
    }
  });
});
