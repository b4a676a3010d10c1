/**
 * A local stand-in for a REST API stage: each method of the deployed API is a route
 * (`<HTTP method or ANY> /<stage><resource path>`, `{name}` path parts matching one segment). A
 * Lambda proxy route turns the request into the proxy event API Gateway builds, invokes the
 * function and writes its proxy response back; a service route (an AWS integration to SQS, or a
 * MOCK) runs service-integration.ts. The stage, the routes and the throttling come from the
 * deployed template.
 * Everything else is answered as API Gateway answers it: 403 "Missing Authentication Token"
 * for routes that do not exist, 502 "Internal server error" when the function fails or returns
 * a malformed response, 504 after the 29 s integration timeout, 413 above 10 MB, and 429 when
 * the stage's throttling bucket is empty.
 */
import { splitRequestTarget } from '../../common/request-target';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ProxyRoute, toProxyEvent } from './proxy-event';
import type { Invocable, InvocationResult } from '../lambda/runtime/local-function';
import { TooManyRequestsError } from '../lambda/errors';
import { TokenBucket } from './token-bucket';
import type { RefusalWriter } from '../../common/request-guard';
import { type LoopbackServer, serveOnLoopback } from '../../common/serve-on-loopback';
import type { ServiceIntegration } from './service-integration';
import type { RequestValidator } from './request-validation';

/** API Gateway's payload limit for REST APIs. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/** API Gateway's default integration timeout. */
export const INTEGRATION_TIMEOUT_MS = 29_000;

/** A stage's throttling: the token bucket's refill rate and size. */
export interface StageThrottling {
  readonly rateLimitPerSecond: number;
  readonly burstLimit: number;
}

/**
 * The throttling of a stage whose template sets none: the account's default in a Region, 10,000
 * requests per second with a burst of 5,000
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-request-throttling.html).
 */
export const ACCOUNT_DEFAULT_THROTTLING: StageThrottling = { rateLimitPerSecond: 10_000, burstLimit: 5_000 };

/** One method of the deployed API. */
export interface StageRoute {
  /** `GET`, `POST`, ... or `ANY`. */
  readonly httpMethod: string;
  /** The resource path (`/enqueue`, `/items/{id}`). */
  readonly resourcePath: string;
  readonly integration:
    | { readonly kind: 'lambda-proxy'; readonly fn: Invocable }
    | { readonly kind: 'service'; readonly run: ServiceIntegration };
  /** The method's request validator, when it has one. */
  readonly validate?: RequestValidator;
}

export interface ApiGatewayApiOptions {
  /** The stage name, the URL's first path segment (`prod`). */
  readonly stage: string;
  /** The API's methods; or, for one Lambda proxy `POST` route, {@link fn} and {@link resourcePath}. */
  readonly routes?: readonly StageRoute[];
  /** The function behind the one `POST` route (when `routes` is absent). */
  readonly fn?: Invocable;
  /** The one route's resource path (`/enqueue`) (when `routes` is absent). */
  readonly resourcePath?: string;
  readonly throttling: StageThrottling;
  readonly integrationTimeoutMs?: number;
  /** A port to listen on when it is free (a restarted lab keeps its URLs); default: one the OS picks. */
  readonly preferredPort?: number;
}

/** API Gateway's wire in the lab: one running REST API stage, answering as the stage's invoke URL does. */
export class ApiGatewayApi {
  private readonly bucket: TokenBucket;
  private readonly apiId = `lab${randomUUID().slice(0, 7)}`;
  private readonly routes: readonly (StageRoute & { readonly resourceId: string })[];

  private constructor(
    private readonly server: LoopbackServer,
    private readonly options: ApiGatewayApiOptions,
  ) {
    this.bucket = new TokenBucket(options.throttling.rateLimitPerSecond, options.throttling.burstLimit);
    const routes: readonly StageRoute[] =
      options.routes ??
      (options.fn === undefined
        ? []
        : [
            {
              httpMethod: 'POST',
              resourcePath: options.resourcePath ?? '/',
              integration: { kind: 'lambda-proxy', fn: options.fn },
            },
          ]);
    this.routes = routes.map((route) => ({ ...route, resourceId: randomUUID().slice(0, 6) }));
  }

  /** Starts the API on 127.0.0.1 and a port the OS picks. */
  static async start(options: ApiGatewayApiOptions): Promise<ApiGatewayApi> {
    let api: ApiGatewayApi | undefined;
    const server = await serveOnLoopback(
      (request: IncomingMessage, response: ServerResponse) => {
        api?.handle(request, response).catch((error: unknown) => {
          if (!response.headersSent)
            sendJson(response, 500, { message: 'Internal server error' }, 'InternalServerErrorException');
          response.destroy(error instanceof Error ? error : undefined);
        });
      },
      {
        name: 'API Gateway stage',
        preferredPort: options.preferredPort,
        maxBodyBytes: MAX_PAYLOAD_BYTES,
        refuse: apiGatewayRefusal,
      },
    );
    api = new ApiGatewayApi(server, options);
    return api;
  }

  /** The stage URL, ending with a slash like CDK's `ApiEndpoint` output: `http://127.0.0.1:<port>/prod/`. */
  get url(): string {
    return `${this.server.origin}/${this.options.stage}/`;
  }

  /** Closes the server and every open connection. */
  async stop(): Promise<void> {
    await this.server.stop();
  }

  /** The route for `method` and `path`, with its path parameters; `'method'` when only the path matches. */
  private routeOf(
    method: string,
    path: string,
  ): { route: StageRoute & { resourceId: string }; parameters: Map<string, string> } | 'method' | undefined {
    const prefix = `/${this.options.stage}`;
    if (!path.startsWith(`${prefix}/`) && path !== prefix) return undefined;
    const segments = path
      .slice(prefix.length)
      .split('/')
      .filter((part) => part !== '');
    let pathOnly = false;
    for (const route of this.routes) {
      const parts = route.resourcePath.split('/').filter((part) => part !== '');
      if (parts.length !== segments.length) continue;
      const parameters = new Map<string, string>();
      const matches = parts.every((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return part === segments[index];
        parameters.set(name, segments[index] ?? '');
        return true;
      });
      if (!matches) continue;
      if (route.httpMethod === 'ANY' || route.httpMethod === method) return { route, parameters };
      pathOnly = true;
    }
    return pathOnly ? 'method' : undefined;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pathname = splitRequestTarget(request.url).path;
    const found = this.routeOf(request.method ?? 'GET', pathname);
    if (found === undefined || found === 'method') {
      request.resume();
      sendJson(response, 403, { message: 'Missing Authentication Token' }, 'MissingAuthenticationTokenException');
      return;
    }
    const { route, parameters } = found;
    const body = await readBody(request);
    if (!this.bucket.tryTake()) {
      sendJson(response, 429, { message: 'Too Many Requests' }, 'TooManyRequestsException');
      return;
    }
    const requestId = randomUUID();
    const common = { 'x-amzn-RequestId': requestId, 'x-amz-apigw-id': `${requestId.slice(0, 8)}FAKE=` };
    const invalid = route.validate?.({
      contentType: (request.headers['content-type'] ?? 'application/json').split(';')[0]?.trim() ?? '',
      body: body.toString('utf8'),
      path: parameters,
      querystring: splitRequestTarget(request.url).query,
      headers: request.headers,
    });
    if (invalid !== undefined) {
      sendJson(response, 400, { message: invalid }, 'BadRequestException', common);
      return;
    }
    const proxyRoute: ProxyRoute = {
      apiId: this.apiId,
      stage: this.options.stage,
      resourcePath: route.resourcePath,
      resourceId: route.resourceId,
    };
    if (route.integration.kind === 'service') {
      const answer = await route.integration.run({
        request,
        body,
        pathParameters: parameters,
        requestId,
        context: new Map([
          ['requestId', requestId],
          ['stage', this.options.stage],
          ['httpMethod', request.method ?? 'GET'],
          ['resourcePath', route.resourcePath],
          ['resourceId', route.resourceId],
          ['apiId', this.apiId],
          ['accountId', LAB_ACCOUNT_ID],
          ['path', pathname],
          ['requestTimeEpoch', String(Date.now())],
        ]),
      });
      response.writeHead(answer.statusCode, { ...answer.headers, ...common });
      response.end(answer.body);
      return;
    }
    const fn = route.integration.fn;
    const event = toProxyEvent({ request, body, route: proxyRoute, requestId, now: new Date() });
    if (parameters.size > 0) event.pathParameters = Object.fromEntries(parameters);
    const timeout = new AbortController();
    const result = await Promise.race([
      fn
        .invoke(event)
        .catch((error: unknown): InvocationResult | 'throttled' | undefined =>
          error instanceof TooManyRequestsError ? 'throttled' : undefined,
        ),
      sleep(this.options.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS, 'timeout' as const, {
        signal: timeout.signal,
      }),
    ]);
    timeout.abort();
    if (result === 'timeout') {
      sendJson(response, 504, { message: 'Endpoint request timed out' }, 'IntegrationTimeout', common);
      return;
    }
    // A throttled Lambda never runs, so there is no proxy response: API Gateway answers 500
    // (AWS Knowledge Center, "API Gateway internal server error": "If the backend service throttled …").
    if (result === 'throttled') {
      sendJson(response, 500, { message: 'Internal server error' }, 'InternalServerErrorException', common);
      return;
    }
    const proxy = result?.status === 'success' ? parseProxyResponse(result.payload) : undefined;
    if (proxy === undefined) {
      sendJson(response, 502, { message: 'Internal server error' }, 'InternalServerErrorException', common);
      return;
    }
    response.statusCode = proxy.statusCode;
    for (const [name, values] of Object.entries(proxy.headers)) response.setHeader(name, values);
    if (!response.hasHeader('content-type')) response.setHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(common)) response.setHeader(name, value);
    response.end(proxy.body);
  }
}

/** A proxy response API Gateway accepts, or undefined when it would answer 502. */
export function parseProxyResponse(
  payload: unknown,
): { readonly statusCode: number; readonly headers: Record<string, string[]>; readonly body: string } | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { statusCode, headers, multiValueHeaders, body } = payload as Record<string, unknown>;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599)
    return undefined;
  if (body !== undefined && body !== null && typeof body !== 'string') return undefined;
  const merged: Record<string, string[]> = {};
  if (headers !== undefined && headers !== null) {
    if (typeof headers !== 'object') return undefined;
    for (const [name, value] of Object.entries(headers)) {
      if (!isScalar(value)) return undefined;
      merged[name] = [String(value)];
    }
  }
  if (multiValueHeaders !== undefined && multiValueHeaders !== null) {
    if (typeof multiValueHeaders !== 'object') return undefined;
    for (const [name, values] of Object.entries(multiValueHeaders)) {
      if (!Array.isArray(values) || !values.every(isScalar)) return undefined;
      merged[name] = [...(merged[name] ?? []), ...values.map(String)];
    }
  }
  return { statusCode, headers: merged, body: typeof body === 'string' ? body : '' };
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  errorType: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': errorType, ...headers });
  response.end(JSON.stringify(body));
}

/** The body (the guard has bounded it to {@link MAX_PAYLOAD_BYTES}). */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The guard's refusals as API Gateway answers: 413 `Request Too Long` above the 10 MB payload
 * limit, 403 `Forbidden` for a host or origin the lab does not serve.
 */
const apiGatewayRefusal: RefusalWriter = (response, refusal) => {
  if (refusal.status === 413) sendJson(response, 413, { message: 'Request Too Long' }, 'RequestTooLongException');
  // API Gateway's own answer when it fails: `{"message": "Internal server error"}`.
  else if (refusal.status === 500)
    sendJson(response, 500, { message: 'Internal server error' }, 'InternalServerErrorException');
  else sendJson(response, 403, { message: refusal.message }, 'ForbiddenException');
};
