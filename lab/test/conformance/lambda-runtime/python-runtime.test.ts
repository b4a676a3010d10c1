/**
 * Lambda's Python runtime on the lab, behaviour by behaviour (python-behaviours.ts): inline Python
 * functions (CloudFormation's ZipFile → index.py) deployed by the function provider, invoked
 * through the Lambda API with the real `@aws-sdk/client-lambda`, their log lines read as the lab
 * records them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { lambdaApi } from '#lab/services/lambda/lambda-api';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import { lambdaFunctionProvider } from '#lab/services/lambda/resource-providers/lambda-function-provider';
import { bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { codeFromS3 } from '#lab/services/lambda/runtime/code-from-s3';
import type { FunctionRuntimeOptions } from '#lab/services/lambda/runtime/function-launcher';
import { pythonExecutable } from '#lab/services/lambda/runtime/python/python-executable';
import { conform } from '#lab/test/conformance/behaviour';
import { pythonBehaviour } from './python-behaviours';

const TIME = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
const NO_BREAK_SPACE = '\u00a0';

describe('Lambda’s Python runtime (conformance)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sqs-lab-python-conformance-'));
  const logs = new LabBus();
  const { records } = logs.collect();
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs });
  let provider: ResourceProvider;
  let gateway: LabGateway;
  let client: LambdaClient;

  beforeAll(async () => {
    const runtime: FunctionRuntimeOptions = {
      runtimePath: await bundleRuntimeWorker(),
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      endpoints: { sqsEndpoint: 'http://127.0.0.1:9', dynamodbEndpoint: 'http://127.0.0.1:9' },
      runtimeOptions: () => ({ logs }),
    };
    const objectBytes = () => undefined;
    provider = lambdaFunctionProvider({ ...runtime, lambda, code: codeFromS3({ objectBytes, cacheDir: work }) });
    gateway = await startLabGateway([lambdaApi({ ...runtime, lambda, objectBytes, codeCacheDir: work })]);
    expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    client = new LambdaClient({ endpoint: gateway.url, region: LAB_REGION, credentials: LAB_CREDENTIALS });
  });

  afterAll(async () => {
    client?.destroy();
    await gateway?.stop();
    await lambda.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const deploy = (name: string, lines: readonly string[], properties: Record<string, unknown> = {}) =>
    provider.create({
      stackName: 'PythonConformance',
      logicalId: `${name}0A1B2C3D`,
      resourceType: 'AWS::Lambda::Function',
      properties: {
        FunctionName: name,
        Code: { ZipFile: lines.join('\n') },
        Handler: 'index.handler',
        Runtime: 'python3.13',
        Role: 'arn:aws:iam::000000000000:role/R',
        ...properties,
      },
    });

  /** Invoke through the Lambda API: the payload as JSON, the function error header, the request id. */
  const invoke = async (name: string, event: object = {}) => {
    const answer = await client.send(
      new InvokeCommand({ FunctionName: name, Payload: Buffer.from(JSON.stringify(event)) }),
    );
    return {
      payload: JSON.parse(Buffer.from(answer.Payload ?? new Uint8Array()).toString('utf8')) as Record<string, unknown>,
      functionError: answer.FunctionError,
      requestId: answer.$metadata.requestId ?? '',
    };
  };
  const linesOf = (name: string) =>
    records.flatMap((record) => (record.kind === 'function' && record.functionName === name ? [record.line] : []));

  conform(pythonBehaviour('lambda.runtime.python.log-text'), async () => {
    await deploy('PyText', [
      'import logging',
      'def handler(event, context):',
      '    logging.getLogger().info("dropped: the root logger is at WARNING")',
      '    logging.getLogger().warning("careful with %s", event["order"])',
      '    return context.aws_request_id',
    ]);
    const { payload: requestId } = (await invoke('PyText', { order: 'o-1' })) as unknown as { payload: string };
    const lines = linesOf('PyText');
    expect(lines.some((line) => line.includes('dropped'))).toBe(false);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^\\[WARNING\\]\\t${TIME}\\t${requestId}\\tcareful with o-1$`)),
    );
  });

  conform(pythonBehaviour('lambda.runtime.python.log-json'), async () => {
    await deploy(
      'PyJson',
      [
        'import logging',
        'logger = logging.getLogger("orders")',
        'def handler(event, context):',
        '    logger.debug("seen %s", "o-2", extra={"orderId": "o-2"})',
        '    try:',
        '        raise KeyError("quantity")',
        '    except KeyError:',
        '        logger.exception("no quantity")',
        '    return context.aws_request_id',
      ],
      { LoggingConfig: { LogFormat: 'JSON', ApplicationLogLevel: 'TRACE' } },
    );
    const { payload: requestId } = (await invoke('PyJson')) as unknown as { payload: string };
    const documents = linesOf('PyJson')
      .filter((line) => line.startsWith('{') && !line.includes('"platform.'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const seen = documents.find((document) => document.message === 'seen o-2');
    expect(seen).toEqual({
      timestamp: expect.stringMatching(new RegExp(`^${TIME}$`)),
      level: 'DEBUG',
      message: 'seen o-2',
      logger: 'orders',
      requestId,
      orderId: 'o-2',
    });
    const failed = documents.find((document) => document.message === 'no quantity');
    expect(failed).toMatchObject({
      level: 'ERROR',
      logger: 'orders',
      errorType: 'KeyError',
      errorMessage: "'quantity'",
      stackTrace: [expect.stringContaining('raise KeyError("quantity")')],
      // The line of the logging call, as logging records it.
      location: expect.stringMatching(/index\.py:handler:8$/),
      requestId,
    });
  });

  conform(pythonBehaviour('lambda.runtime.python.error-log'), async () => {
    await deploy('PyFails', [
      'def check(order):',
      '    raise ValueError("order %s has no quantity" % order)',
      'def handler(event, context):',
      '    check("o-3")',
    ]);
    await invoke('PyFails');
    const logged = linesOf('PyFails').filter((line) => line.startsWith('[ERROR]'));
    // One event: the lines joined by carriage returns, the frames from index.py on, indented with no-break spaces.
    expect(logged).toHaveLength(1);
    const parts = (logged[0] ?? '').split('\r');
    expect(parts.slice(0, 2)).toEqual([
      '[ERROR] ValueError: order o-3 has no quantity',
      'Traceback (most recent call last):',
    ]);
    expect(parts[2]).toMatch(new RegExp(`^${NO_BREAK_SPACE}{2}File ".*index\\.py", line 4, in handler$`));
    expect(parts.slice(2).join('\n')).not.toContain('bootstrap.py');

    await deploy('PyFailsJson', ['def handler(event, context):', '    raise ValueError("no")'], {
      LoggingConfig: { LogFormat: 'JSON' },
    });
    const { requestId } = await invoke('PyFailsJson');
    const json = linesOf('PyFailsJson')
      .filter((line) => line.includes('"level": "ERROR"') || line.includes('"level":"ERROR"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json).toEqual([
      {
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: 'ERROR',
        errorMessage: 'no',
        errorType: 'ValueError',
        requestId,
        stackTrace: [expect.stringContaining('raise ValueError("no")')],
      },
    ]);
  });

  conform(pythonBehaviour('lambda.runtime.python.error-document'), async () => {
    await deploy('PyDocument', ['def handler(event, context):', '    raise RuntimeError("stock service down")']);
    const { payload, functionError, requestId } = await invoke('PyDocument');
    expect(functionError).toBe('Unhandled');
    expect(payload).toEqual({
      errorMessage: 'stock service down',
      errorType: 'RuntimeError',
      requestId,
      stackTrace: [expect.stringMatching(/^ {2}File ".*index\.py", line 2, in handler\n {4}raise RuntimeError/)],
    });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  conform(pythonBehaviour('lambda.runtime.python.init-errors'), async () => {
    await deploy('PyImport', ['import no_such_module_here', 'def handler(event, context):', '    return 1']);
    expect((await invoke('PyImport')).payload).toMatchObject({
      errorType: 'Runtime.ImportModuleError',
      errorMessage: "Unable to import module 'index': No module named 'no_such_module_here'",
    });
    const lines = linesOf('PyImport');
    const warning = lines.findIndex((line) => /^\[WARNING\]\t.*\tLAMBDA_WARNING: Unhandled exception\./.test(line));
    const error = lines.findIndex((line) =>
      line.startsWith("[ERROR] Runtime.ImportModuleError: Unable to import module 'index'"),
    );
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(error).toBeGreaterThan(warning);
    expect(lines.some((line) => line.startsWith('Uncaught Exception'))).toBe(false);

    await deploy('PyMissing', ['def main(event, context):', '    return 1']);
    expect((await invoke('PyMissing')).payload).toMatchObject({
      errorType: 'Runtime.HandlerNotFound',
      errorMessage: "Handler 'handler' missing on module 'index'",
    });
    await deploy('PySyntax', ['def handler(event, context)', '    return 1']);
    expect((await invoke('PySyntax')).payload).toMatchObject({
      errorType: 'Runtime.UserCodeSyntaxError',
      errorMessage: expect.stringMatching(/^Syntax error in module 'index': /),
    });
    await deploy('PyRaises', ['raise ValueError("bad configuration")', 'def handler(event, context):', '    return 1']);
    expect((await invoke('PyRaises')).payload).toMatchObject({
      errorType: 'ValueError',
      errorMessage: 'bad configuration',
    });
  });

  conform(pythonBehaviour('lambda.runtime.python.marshal'), async () => {
    await deploy('PyMarshal', [
      'from decimal import Decimal',
      'def handler(event, context):',
      '    if event.get("set"):',
      '        return {"tags": {"a"}}',
      '    return {"count": Decimal("3"), "price": Decimal("2.5")}',
    ]);
    expect((await invoke('PyMarshal')).payload).toEqual({ count: 3, price: 2.5 });
    expect((await invoke('PyMarshal', { set: true })).payload).toMatchObject({
      errorType: 'Runtime.MarshalError',
      errorMessage: 'Unable to marshal response: Object of type set is not JSON serializable',
    });
  });

  conform(pythonBehaviour('lambda.runtime.python.context'), async () => {
    await deploy(
      'PyContext',
      [
        'def handler(event, context):',
        '    names = ["function_name", "function_version", "invoked_function_arn", "memory_limit_in_mb",',
        '             "aws_request_id", "log_group_name", "log_stream_name", "identity", "client_context"]',
        '    found = {name: getattr(context, name) for name in names}',
        '    found["remaining"] = context.get_remaining_time_in_millis()',
        '    return found',
      ],
      { MemorySize: 256, Timeout: 5 },
    );
    const { payload } = await invoke('PyContext');
    expect(payload).toEqual({
      function_name: 'PyContext',
      function_version: '$LATEST',
      invoked_function_arn: `arn:aws:lambda:${LAB_REGION}:000000000000:function:PyContext`,
      memory_limit_in_mb: '256',
      aws_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      log_group_name: '/aws/lambda/PyContext',
      log_stream_name: expect.stringMatching(/^\d{4}\/\d\d\/\d\d\/\[\$LATEST\][0-9a-f]{32}$/),
      identity: null,
      client_context: null,
      remaining: expect.any(Number),
    });
    expect(payload.remaining).toBeGreaterThan(4000);
    expect(payload.remaining).toBeLessThanOrEqual(5000);
  });

  conform(pythonBehaviour('lambda.runtime.python.runtime-api'), async () => {
    await deploy('PyRuntimeApi', [
      'import http.client, json, os',
      'def handler(event, context):',
      '    api = os.environ["AWS_LAMBDA_RUNTIME_API"]',
      '    connection = http.client.HTTPConnection(api)',
      '    connection.request("POST", "/2018-06-01/runtime/invocation/no-such-request/response", b"{}")',
      '    answer = connection.getresponse()',
      '    return {"api": api, "trace": os.environ.get("_X_AMZN_TRACE_ID"), "status": answer.status,',
      '            "answer": json.loads(answer.read())}',
    ]);
    const { payload } = await invoke('PyRuntimeApi');
    expect(payload).toEqual({
      api: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      trace: expect.stringMatching(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}/),
      status: 400,
      answer: { errorMessage: 'Invalid request ID', errorType: 'InvalidRequestID' },
    });
  });

  conform(pythonBehaviour('lambda.runtime.python.task-root'), async () => {
    await deploy('PyTaskRoot', [
      'import os, sys',
      'def handler(event, context):',
      '    root = os.environ["LAMBDA_TASK_ROOT"]',
      '    return {"cwd": os.getcwd() == root, "first": sys.path[0] == root,',
      '            "beside": open("index.py").read().startswith("import os"),',
      '            "lab": sorted(name for name in os.environ if name.startswith("LAB_"))}',
    ]);
    expect((await invoke('PyTaskRoot')).payload).toEqual({ cwd: true, first: true, beside: true, lab: [] });
  });

  conform(pythonBehaviour('lambda.runtime.python.boto3'), async () => {
    await deploy('PyBoto3', ['import boto3', 'def handler(event, context):', '    return boto3.__version__']);
    const machine = execFileSync(pythonExecutable(), ['-c', 'import boto3; print(boto3.__version__)'], {
      encoding: 'utf8',
    }).trim();
    expect((await invoke('PyBoto3')).payload).toBe(machine);
  });
});
