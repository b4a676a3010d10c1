/**
 * A function's calls never leave this machine (issue #29): every SDK client, whatever its
 * service, is pointed at the lab's one endpoint (`AWS_ENDPOINT_URL`, which the SDK v3 reads for
 * every client: https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html), and a
 * request to any other host is refused on the machine before it is looked up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { fakeAwsEnvironment } from '#lab/common/local-aws';
import type { GatewayHandler } from '#lab/gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { localhostDnsModuleUrl } from '#lab/emulators/emulators';
import { bundleFunction, bundleRuntimeWorker } from '#lab/services/lambda/runtime/bundle';
import { lambdaEnvironment } from '#lab/services/lambda/runtime/lambda-environment';
import { LocalFunction } from '#lab/services/lambda/runtime/local-function';
import { s3Api } from '#lab/services/s3/s3-api';
import { S3State } from '#lab/services/s3/s3-state';
import { testBundleDir } from '#lab/test/helpers/test-bundle-dir';

const ref = { stackName: 'Fixture', functionId: 'Caller', functionName: 'Fixture-Caller' } as const;
let gateway: LabGateway;
let fn: LocalFunction;
const reached: string[] = [];

/** A service that records that it was reached, and answers as the SDK expects nothing. */
function recorded(handler: GatewayHandler): GatewayHandler {
  return {
    signingName: handler.signingName,
    handle: (request) => {
      reached.push(handler.signingName);
      return handler.handle(request);
    },
  };
}

/** The fixture function's environment, with the lab's one endpoint or without one. */
function callerEnvironment(awsEndpoint: string | undefined): Record<string, string> {
  return lambdaEnvironment({
    ref,
    spec: { memoryMb: 128 },
    bindings: {},
    awsEnvironment: fakeAwsEnvironment(),
    sqsEndpoint: 'http://127.0.0.1:1',
    dynamodbEndpoint: 'http://127.0.0.1:2',
    ...(awsEndpoint === undefined ? {} : { awsEndpoint }),
  });
}

beforeAll(async () => {
  gateway = await startLabGateway([
    recorded(s3Api(new S3State())),
    recorded({
      signingName: 'sts',
      handle: async () => ({ status: 400, headers: { 'content-type': 'text/xml' }, body: '<ErrorResponse/>' }),
    }),
  ]);
  const [runtimePath, bundlePath] = await Promise.all([
    bundleRuntimeWorker(),
    bundleFunction({
      entry: 'lab/test/fixtures/network-caller.ts',
      stackName: ref.stackName,
      functionId: ref.functionId,
      bundleDir: testBundleDir('calls-stay-on-loopback'),
    }),
  ]);
  fn = new LocalFunction({
    ref,
    bundlePath,
    runtimePath,
    localhostDnsModuleUrl: localhostDnsModuleUrl(),
    timeoutSeconds: 20,
    memoryMb: 128,
    environment: callerEnvironment(gateway.url),
    logs: new LabBus(),
  });
}, 60_000);

afterAll(async () => {
  await fn?.stop();
  await gateway?.stop();
});

describe("a function's network calls", () => {
  it('reach the lab for every SDK client, and are refused on the machine for any other host', async () => {
    const result = await fn.invoke({});
    expect(result.status).toBe('success');
    const outcomes = (result as { payload: Record<string, string> }).payload;
    // S3 and STS answered by the lab; SSM and SNS-like services the endpoint does not serve answer in the lab's words.
    expect(outcomes.s3).toBe('ok');
    expect(reached).toEqual(expect.arrayContaining(['s3', 'sts']));
    expect(outcomes.ssm).toMatch(/UnknownServiceException: the lab's endpoint does not serve ssm/);
    const refused = /the lab keeps a function's network calls on this machine: .* is not the lab, and is not looked up/;
    expect(outcomes.fetch).toMatch(refused);
    expect(outcomes.fetch).toContain('example.com');
    expect(outcomes.httpAddress).toMatch(refused);
    expect(outcomes.httpAddress).toContain('ip-93-184-216-34');
    expect(outcomes.httpsAwsHost).toMatch(refused);
    expect(outcomes.httpsAwsHost).toContain('s3.us-east-1.amazonaws.com');
  });

  it('are pointed at the lab by AWS_ENDPOINT_URL, and at a loopback port that answers nothing when the lab has no endpoint', () => {
    expect(callerEnvironment(gateway.url).AWS_ENDPOINT_URL).toBe(gateway.url);
    expect(callerEnvironment(undefined).AWS_ENDPOINT_URL).toBe('http://127.0.0.1:9');
  });
});
