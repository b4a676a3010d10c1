import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import type { FunctionLogRecord, LabLogRecord, PlatformLogRecord } from '#lab/bus/lab-log-record';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { FunctionStoppedError } from '#lab/services/lambda/errors';
import { bundleFunction, bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { LocalFunction, timeoutMessage } from '#lab/services/lambda/runtime/local-function';
import { sqsEvent, sqsRecord } from '#lab/test/helpers/factories';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { testBundleDir } from '#lab/test/helpers/test-bundle-dir';

describe('LocalFunction (worker-thread execution environments)', () => {
  let runtimePath: string;
  let workerBundle: string;
  let brokenBundle: string;
  const started: LocalFunction[] = [];

  beforeAll(async () => {
    const bundleDir = testBundleDir('local-lambda');
    [runtimePath, workerBundle, brokenBundle] = await Promise.all([
      bundleRuntimeWorker(),
      bundleFunction({ entry: 'lab/test/fixtures/worker.ts', stackName: 'Fixture', functionId: 'Worker', bundleDir }),
      bundleFunction({ entry: 'lab/test/fixtures/broken.ts', stackName: 'Fixture', functionId: 'Broken', bundleDir }),
    ]);
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((fn) => fn.stop()));
  });

  function startFunction(options: { bundlePath?: string; timeoutSeconds?: number; debugging?: boolean } = {}) {
    const logs = new LabBus();
    const { records } = logs.collect();
    const fn = new LocalFunction({
      ref: { stackName: 'Fixture', functionId: 'Worker', functionName: 'Fixture-Worker' },
      bundlePath: options.bundlePath ?? workerBundle,
      runtimePath,
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      timeoutSeconds: options.timeoutSeconds ?? 2,
      memoryMb: 128,
      environment: {
        AWS_LAMBDA_FUNCTION_NAME: 'Fixture-Worker',
        AWS_LAMBDA_LOG_FORMAT: 'JSON',
        AWS_LAMBDA_LOG_LEVEL: 'INFO',
        MODE: 'unit',
      },
      logs,
      ...(options.debugging === undefined ? {} : { debugging: options.debugging }),
    });
    started.push(fn);
    return { fn, records };
  }

  const waitForBusy = async (fn: LocalFunction): Promise<void> => {
    while (fn.busyEnvironments === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const eventOf = (...bodies: object[]) => sqsEvent(...bodies.map((body) => sqsRecord(body)));
  const platform = (records: LabLogRecord[], type: string) =>
    records.filter((record): record is PlatformLogRecord => record.kind === 'platform' && record.parsed.type === type);

  it('returns the handler result after a JSON round trip and reuses the warm environment', async () => {
    const { fn } = startFunction();

    const first = await fn.invoke(eventOf({ id: 'a', fail: true }));
    const second = await fn.invoke(eventOf({ id: 'b' }));

    expect(first).toMatchObject({
      status: 'success',
      payload: { batchItemFailures: [{ itemIdentifier: expect.any(String) }] },
    });
    expect(second).toMatchObject({ status: 'success', payload: { batchItemFailures: [] } });
    expect(fn.coldStarts).toBe(1);
  });

  it('runs concurrent invocations in separate environments', async () => {
    const { fn, records } = startFunction();

    const results = await Promise.all([
      fn.invoke(eventOf({ id: 'c1', sleepMs: 200 })),
      fn.invoke(eventOf({ id: 'c2', sleepMs: 200 })),
    ]);

    expect(results.map((result) => result.status)).toEqual(['success', 'success']);
    expect(fn.coldStarts).toBe(2);
    expect(platform(records, 'platform.initStart')).toHaveLength(2);
  });

  it('captures each stdout line with the function, the request id and the parsed JSON, plus START and REPORT', async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke(eventOf({ id: 'logged' }));
    const start = functionEvents(records, 'start')[0];

    expect(start).toMatchObject({
      kind: 'function',
      stackName: 'Fixture',
      functionId: 'Worker',
      functionName: 'Fixture-Worker',
      requestId: result.requestId,
      stream: 'stdout',
      parsed: { event: 'start', id: 'logged', receiveCount: '1' },
    });
    expect(JSON.parse((start as FunctionLogRecord).line)).toEqual(start?.parsed);
    expect(platform(records, 'platform.start')[0]?.parsed.record).toEqual({
      requestId: result.requestId,
      version: '$LATEST',
    });
    expect(platform(records, 'platform.report')[0]?.parsed.record).toMatchObject({
      requestId: result.requestId,
      status: 'success',
      metrics: {
        durationMs: expect.any(Number),
        billedDurationMs: expect.any(Number),
        memorySizeMB: 128,
        initDurationMs: expect.any(Number),
      },
    });
  });

  it('turns a thrown error into an error result and an ERROR line with the error as its message, and keeps the environment', async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke(eventOf({ id: 'bad', throw: true }));
    const again = await fn.invoke(eventOf({ id: 'good' }));

    expect(result).toMatchObject({ status: 'error', error: { errorType: 'Error', errorMessage: 'boom bad' } });
    // The runtime logs `console.error(error)`: with JSON format the error is the message.
    const invokeError = records.find(
      (record): record is FunctionLogRecord => record.kind === 'function' && record.parsed?.level === 'ERROR',
    );
    expect(invokeError?.parsed).toMatchObject({
      level: 'ERROR',
      requestId: result.requestId,
      message: {
        errorType: 'Error',
        errorMessage: 'boom bad',
        stackTrace: expect.arrayContaining(['Error: boom bad']),
      },
    });
    expect(again.status).toBe('success');
    expect(fn.coldStarts).toBe(1);
  });

  it("ends an invocation at the timeout with Lambda's message, and the next one starts cold", async () => {
    const { fn, records } = startFunction({ timeoutSeconds: 0.5 });

    const result = await fn.invoke(eventOf({ id: 'slow', sleepMs: 2000 }));
    const next = await fn.invoke(eventOf({ id: 'next' }));

    expect(result).toMatchObject({
      status: 'timeout',
      error: {
        errorType: 'Sandbox.Timedout',
        errorMessage: `RequestId: ${result.requestId} Error: Task timed out after 0.50 seconds`,
      },
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(500);
    expect(result.durationMs).toBeLessThan(1500);
    expect(timeoutMessage(30)).toBe('Task timed out after 30.00 seconds');
    expect(next.status).toBe('success');
    expect(fn.coldStarts).toBe(2);
    expect(functionEvents(records, 'done').map((line) => line.parsed?.id)).toEqual(['next']);
  });

  // On Lambda a line the handler writes reaches CloudWatch Logs at once, before a timeout or a crash
  // ends the environment: https://docs.aws.amazon.com/lambda/latest/dg/nodejs-logging.html
  it('keeps the lines a handler wrote before it spun past its timeout, before the timeout', async () => {
    const { fn, records } = startFunction({ timeoutSeconds: 0.5 });

    const result = await fn.invoke(eventOf({ id: 'spinner', lines: 3, spinMs: 3000 }));

    expect(result.status).toBe('timeout');
    expect(functionEvents(records, 'start').map((line) => line.parsed?.id)).toEqual(['spinner']);
    expect(functionEvents(records, 'line').map((line) => line.parsed?.index)).toEqual([0, 1, 2]);
    const lastLine = records.indexOf(functionEvents(records, 'line').at(-1) as LabLogRecord);
    const report = records.indexOf(platform(records, 'platform.report')[0] as LabLogRecord);
    expect(lastLine).toBeGreaterThan(-1);
    expect(report).toBeGreaterThan(lastLine);
  });

  it('reports the timeout at once when the thread cannot be ended yet (blocked in native code)', async () => {
    const { fn } = startFunction({ timeoutSeconds: 0.5 });

    const result = await fn.invoke(eventOf({ id: 'blocked', blockSeconds: 2 }));

    expect(result.status).toBe('timeout');
    expect(result.durationMs).toBeLessThan(1500);
  });

  it('shows the lines of a handler that keeps its thread busy as it goes, not only when the turn ends', async () => {
    const { fn, records } = startFunction({ timeoutSeconds: 5 });

    const result = await fn.invoke(eventOf({ id: 'busy', spinMs: 1500, spinLogEveryMs: 100 }));

    expect(result.status).toBe('success');
    const spins = functionEvents(records, 'spin');
    expect(spins.length).toBeGreaterThanOrEqual(10);
    // Lambda writes each line at once; the lab sends held lines on within a fifth of a second.
    const report = platform(records, 'platform.report')[0];
    expect(report).toBeDefined();
    expect((spins[0]?.time ?? Infinity) + 700).toBeLessThan(report?.time ?? 0);
  });

  it('keeps the lines a handler wrote in the turn it ended the process in', async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke(eventOf({ id: 'quitter', lines: 2, exitCode: 3 }));

    expect(result).toMatchObject({
      status: 'error',
      error: { errorType: 'Runtime.ExitError', errorMessage: 'Runtime exited with error: exit status 3' },
    });
    expect(functionEvents(records, 'start').map((line) => line.parsed?.id)).toEqual(['quitter']);
    expect(functionEvents(records, 'line').map((line) => line.parsed?.index)).toEqual([0, 1]);
  });

  it('passes on every line of a turn that writes more than the runtime holds at once, in order', async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke(eventOf({ id: 'chatty', lines: 3000 }));

    expect(result.status).toBe('success');
    const indexes = functionEvents(records, 'line').map((line) => line.parsed?.index);
    expect(indexes).toEqual(Array.from({ length: 3000 }, (_, index) => index));
    expect(functionEvents(records, 'done').map((line) => line.parsed?.id)).toEqual(['chatty']);
  });

  it('passes on a line longer than the runtime holds at once, whole and in its place', async () => {
    const { fn, records } = startFunction();

    const result = await fn.invoke(eventOf({ id: 'long', lines: 2, padding: 100_000 }));

    expect(result.status).toBe('success');
    const events = records
      .filter((record): record is FunctionLogRecord => record.kind === 'function')
      .map((record) => record.parsed?.event);
    expect(events).toEqual(['start', 'line', 'line', 'padded', 'done']);
    expect(String(functionEvents(records, 'padded')[0]?.parsed?.padding)).toHaveLength(100_000);
  });

  // `npm run lab -- --inspect`: a handler paused at a breakpoint must not be ended, as SAM sets no
  // timeout timer when debugging (aws/aws-sam-cli, samcli/local/lambdafn/runtime.py _configure_interrupt).
  it('lets an invocation run past its timeout under a debugger, in the same environment', async () => {
    const { fn, records } = startFunction({ timeoutSeconds: 0.3, debugging: true });

    const result = await fn.invoke(eventOf({ id: 'paused', sleepMs: 800 }));
    const next = await fn.invoke(eventOf({ id: 'next' }));

    expect(result.status).toBe('success');
    expect(result.durationMs).toBeGreaterThanOrEqual(800);
    expect(next.status).toBe('success');
    expect(fn.coldStarts).toBe(1);
    expect(functionEvents(records, 'done').map((line) => line.parsed?.id)).toEqual(['paused', 'next']);
  });

  it('freezes an environment between invocations, as Lambda does: a timer left running fires only when thawed', async () => {
    const { fn, records } = startFunction();

    await fn.invoke(eventOf({ id: 'ticker', tick: true, sleepMs: 70 }));
    const ticksAtReturn = functionEvents(records, 'tick').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ticksWhileFrozen = functionEvents(records, 'tick').length - ticksAtReturn;
    await fn.invoke(eventOf({ id: 'thaw', sleepMs: 100 }));

    expect(ticksAtReturn).toBeGreaterThan(0);
    expect(ticksWhileFrozen).toBe(0);
    expect(functionEvents(records, 'tick').length).toBeGreaterThan(ticksAtReturn);
  });

  it('reports an error thrown while loading the module (INIT) as the invocation error', async () => {
    const { fn } = startFunction({ bundlePath: brokenBundle });

    const result = await fn.invoke(eventOf({ id: 'never' }));

    expect(result).toMatchObject({
      status: 'error',
      error: { errorType: 'Error', errorMessage: 'environment variable REQUIRED_SETTING is required but not set' },
    });
  });

  it('killRandom() crashes a busy environment mid-invocation: an error result, and nothing after it runs', async () => {
    const { fn, records } = startFunction({ timeoutSeconds: 5 });
    const idle = fn.killRandom(() => 0);

    const running = fn.invoke(eventOf({ id: 'victim', sleepMs: 1000 }));
    await waitForBusy(fn);
    const killed = fn.killRandom(() => 0.99);
    const result = await running;
    await new Promise((resolve) => setTimeout(resolve, 1200));

    expect(idle).toBe(false);
    expect(killed).toBe(true);
    expect(result).toMatchObject({
      status: 'error',
      error: { errorType: 'Runtime.ExitError', errorMessage: 'Runtime exited with error: signal: killed' },
    });
    expect(result.durationMs).toBeLessThan(900);
    expect(functionEvents(records, 'done')).toHaveLength(0);
    expect(fn.kills).toBe(1);
    expect((await fn.invoke(eventOf({ id: 'after' }))).status).toBe('success');
  });

  it('ends running invocations as errors on stop() and refuses new ones', async () => {
    const { fn } = startFunction({ timeoutSeconds: 5 });

    const running = fn.invoke(eventOf({ id: 'cut', sleepMs: 3000 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fn.stop();

    expect(await running).toMatchObject({ status: 'error', error: { errorType: 'Lab.Stopped' } });
    await expect(fn.invoke(eventOf({ id: 'late' }))).rejects.toBeInstanceOf(FunctionStoppedError);
  });
});
