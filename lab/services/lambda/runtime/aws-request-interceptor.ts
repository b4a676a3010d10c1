/**
 * The lab's hook on the AWS calls a function makes, at the HTTP level, whatever copy of the SDK
 * its bundle carries: `http.request` and `https.request` (the functions the SDK v3's
 * NodeHttpHandler sends through) are wrapped, and a request that carries `X-Amz-Target` (a
 * JSON-protocol AWS call) or posts a signed form (a query-protocol call: SNS, STS) is held at
 * `end(body)`, the one call in which the SDK hands over its body, until the {@link AwsCallGate} decides: the request then goes out unchanged, or it
 * never leaves and the SDK reads AWS's error response instead. Nothing else is touched: other
 * requests, and the requests of protocols that stream their body, go out as they are.
 *
 * Node's own modules rather than an interception library: `@mswjs/interceptors` did the same
 * job, but its socket-level interception cost about 1.5 ms of CPU per request and 60–90 ms per
 * execution environment, which doubled the CPU time of the chaos harness's runs.
 */
import type { ClientRequest, IncomingHttpHeaders, RequestOptions } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { AwsCallGate } from '../../../interceptors/aws-call-gate';
import type { WireResponse } from '../../../interceptors/aws-error-response';
import type { DescribedCall } from '../../../interceptors/aws-call-interceptor';
import { readQueryCall, readWireCall, sdkAttemptOf, signingNameOf } from '../../../interceptors/aws-wire-call';

/** The query protocol's body type (SNS, STS). */
const FORM_TYPE = 'application/x-www-form-urlencoded';

type RequestFunction = (...args: unknown[]) => ClientRequest;

/** The part of `node:http` / `node:https` the interceptor wraps. */
export interface HttpModule {
  request: RequestFunction | ((options: RequestOptions | string | URL, ...rest: never[]) => ClientRequest);
}

/**
 * Wraps `request` of each module so that every AWS JSON-protocol call passes `gate`. Returns the
 * function that puts the originals back.
 */
export function interceptAwsRequests(modules: readonly HttpModule[], gate: AwsCallGate): () => void {
  const originals = modules.map((module) => module.request as RequestFunction);
  modules.forEach((module, index) => {
    const original = originals[index] as RequestFunction;
    module.request = function request(this: unknown, ...args: unknown[]): ClientRequest {
      const outgoing = original.apply(this, args);
      const target = headerText(outgoing.getHeader('x-amz-target'));
      if (target !== undefined) holdUntilAdmitted(outgoing, (body) => readWireCall(target, body), gate);
      else if (headerText(outgoing.getHeader('content-type'))?.startsWith(FORM_TYPE) === true) {
        const signingName = signingNameOf(headerText(outgoing.getHeader('authorization')));
        holdUntilAdmitted(outgoing, (body) => readQueryCall(signingName, body), gate);
      }
      return outgoing;
    };
  });
  return () => {
    modules.forEach((module, index) => {
      module.request = originals[index] as RequestFunction;
    });
  };
}

function headerText(value: number | string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Holds `end(body)` until the gate's verdict; Node sends nothing of a request before its first write or end. */
function holdUntilAdmitted(
  outgoing: ClientRequest,
  read: (body: string) => DescribedCall | undefined,
  gate: AwsCallGate,
): void {
  const end = outgoing.end;
  outgoing.end = function held(this: ClientRequest, ...args: unknown[]): ClientRequest {
    const [chunk] = args;
    const body =
      typeof chunk === 'string'
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8')
          : '';
    const call = read(body);
    const send = (): void => void (end as (...rest: unknown[]) => ClientRequest).apply(outgoing, args);
    if (call === undefined) {
      send();
      return outgoing;
    }
    const attempt = sdkAttemptOf((name) => headerText(outgoing.getHeader(name)) ?? null);
    gate.admit(call, attempt).then(
      (verdict) => (verdict.kind === 'pass' ? send() : answer(outgoing, verdict.response)),
      (error: unknown) => outgoing.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return outgoing;
  };
}

/**
 * Answers a request that never left: the SDK's response listener gets AWS's error response (a
 * readable body with a status and headers, as an IncomingMessage reads), then the request is
 * discarded; the error Node raises for discarding it comes after the response, when the SDK no
 * longer listens for an outcome.
 */
function answer(outgoing: ClientRequest, response: WireResponse): void {
  const body = Buffer.from(response.body);
  const headers: IncomingHttpHeaders = { ...response.headers, 'content-length': String(body.byteLength) };
  const incoming = Object.assign(Readable.from([body]), {
    statusCode: response.status,
    statusMessage: STATUS_CODES[response.status] ?? '',
    headers,
  });
  outgoing.emit('response', incoming);
  outgoing.destroy();
}
