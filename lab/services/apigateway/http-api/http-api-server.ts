/**
 * A local stand-in for an HTTP API stage (API Gateway's v2 APIs). Routes are read from the API as
 * it is now, as a stage with automatic deployment serves them: the most specific route key wins
 * (`GET /items/{id}` over `ANY /items/{id}` over `/{proxy+}`), then `$default`; no route is
 * 404 `Not Found`. A Lambda proxy gets payload format 2.0 (or 1.0) and its answer is read as
 * HTTP APIs read it; a failed function is 500 `Internal Server Error`, a late one 503 `Service
 * Unavailable` after the integration's timeout (30 s by default); an `SQS-SendMessage`
 * integration maps its request parameters and sends as its role
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html,
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-aws-services-reference.html).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { splitRequestTarget } from '../../../common/request-target';
import { type LoopbackServer, serveOnLoopback } from '../../../common/serve-on-loopback';
import type { RefusalWriter } from '../../../common/request-guard';
import type { Invocable } from '../../lambda/runtime/local-function';
import { MAX_PAYLOAD_BYTES, parseProxyResponse } from '../apigateway-api';
import { toProxyEvent } from '../proxy-event';
import { callSqs, type SqsIntegrationBackend } from '../sqs-integration';
import { parseHttpProxyResponse, toHttpProxyEvent } from './http-proxy-event';

/** An HTTP API integration as the stage runs it. */
export type HttpIntegration =
  | {
      readonly kind: 'lambda';
      readonly fn: () => Invocable;
      readonly payloadFormatVersion: '1.0' | '2.0';
      readonly timeoutMs: number;
    }
  | { readonly kind: 'sqs-send-message'; readonly credentials?: string; readonly parameters: Record<string, string> };

/** One route: its key (`POST /orders`, `$default`) and its integration, looked up when a request comes. */
export interface HttpRoute {
  readonly routeKey: string;
  readonly integration: () => HttpIntegration | undefined;
}

export interface HttpApiServerOptions {
  readonly apiId: string;
  /** `$default`, served at the root, or a name, served under `/<name>`. */
  readonly stage: string;
  /** The API's routes as they are now. */
  readonly routes: () => readonly HttpRoute[];
  readonly sqs: SqsIntegrationBackend;
  readonly region: string;
  readonly preferredPort?: number;
}

/** One running HTTP API stage. */
export class HttpApiServer {
  private constructor(
    private readonly server: LoopbackServer,
    private readonly options: HttpApiServerOptions,
  ) {}

  /** Starts the stage on 127.0.0.1. */
  static async start(options: HttpApiServerOptions): Promise<HttpApiServer> {
    let api: HttpApiServer | undefined;
    const server = await serveOnLoopback(
      (request: IncomingMessage, response: ServerResponse) => {
        api?.handle(request, response).catch((error: unknown) => {
          if (!response.headersSent) send(response, 500, { message: 'Internal Server Error' });
          response.destroy(error instanceof Error ? error : undefined);
        });
      },
      {
        name: 'API Gateway HTTP API stage',
        preferredPort: options.preferredPort,
        maxBodyBytes: MAX_PAYLOAD_BYTES,
        refuse,
      },
    );
    api = new HttpApiServer(server, options);
    return api;
  }

  /** The stage URL, as CDK's `HttpApi.url` ends: `http://127.0.0.1:<port>/` (or `/<stage>/`). */
  get url(): string {
    return this.options.stage === '$default'
      ? `${this.server.origin}/`
      : `${this.server.origin}/${this.options.stage}/`;
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fullPath = splitRequestTarget(request.url).path;
    const prefix = this.options.stage === '$default' ? '' : `/${this.options.stage}`;
    const path = prefix !== '' && fullPath.startsWith(`${prefix}/`) ? fullPath.slice(prefix.length) : fullPath;
    const matched =
      prefix !== '' && path === fullPath ? undefined : matchRoute(this.options.routes(), request.method ?? 'GET', path);
    const integration = matched?.route.integration();
    if (matched === undefined || integration === undefined) {
      request.resume();
      send(response, 404, { message: 'Not Found' });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const requestId = randomUUID();
    const common = { 'apigw-requestid': requestId.slice(0, 16) };
    if (integration.kind === 'sqs-send-message') {
      const params = new URLSearchParams({ Action: 'SendMessage' });
      for (const [name, source] of Object.entries(integration.parameters)) {
        const value = parameterValue(source, { request, body, pathParameters: matched.parameters, requestId });
        if (value !== undefined) params.set(name, value);
      }
      const answer = await callSqs({
        target: {},
        params,
        credentials: integration.credentials,
        region: this.options.region,
        requestId,
        backend: this.options.sqs,
      });
      send(response, answer.statusCode, JSON.parse(answer.body) as unknown, common);
      return;
    }
    const route = { apiId: this.options.apiId, stage: this.options.stage, routeKey: matched.route.routeKey };
    const event =
      integration.payloadFormatVersion === '2.0'
        ? toHttpProxyEvent({
            request,
            body,
            route: { ...route, pathParameters: matched.parameters },
            requestId,
            now: new Date(),
          })
        : {
            version: '1.0',
            ...toProxyEvent({
              request,
              body,
              route: { apiId: route.apiId, stage: route.stage, resourcePath: matched.resourcePath, resourceId: 'lab' },
              requestId,
              now: new Date(),
            }),
            ...(matched.parameters.size > 0 ? { pathParameters: Object.fromEntries(matched.parameters) } : {}),
          };
    const timeout = new AbortController();
    const result = await Promise.race([
      integration
        .fn()
        .invoke(event)
        .catch(() => undefined),
      sleep(integration.timeoutMs, 'timeout' as const, { signal: timeout.signal }),
    ]);
    timeout.abort();
    if (result === 'timeout') {
      send(response, 503, { message: 'Service Unavailable' }, common);
      return;
    }
    const answer =
      result?.status !== 'success'
        ? undefined
        : integration.payloadFormatVersion === '2.0'
          ? parseHttpProxyResponse(result.payload)
          : parseProxyResponse(result.payload);
    if (answer === undefined) {
      send(response, 500, { message: 'Internal Server Error' }, common);
      return;
    }
    response.statusCode = answer.statusCode;
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if ('cookies' in answer && answer.cookies.length > 0) response.setHeader('set-cookie', answer.cookies);
    if (!response.hasHeader('content-type')) response.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(common)) response.setHeader(name, value);
    response.end(answer.body);
  }
}

/** The route a request takes: exact method before ANY, fewer variables before more, greedy last, then `$default`. */
export function matchRoute(
  routes: readonly HttpRoute[],
  method: string,
  path: string,
): { route: HttpRoute; parameters: Map<string, string>; resourcePath: string } | undefined {
  const segments = path.split('/').filter((part) => part !== '');
  let best: { route: HttpRoute; parameters: Map<string, string>; resourcePath: string; score: number } | undefined;
  for (const route of routes) {
    const [routeMethod = '', routePath = ''] = route.routeKey.split(' ');
    if (route.routeKey === '$default' || (routeMethod !== 'ANY' && routeMethod !== method)) continue;
    const parts = routePath.split('/').filter((part) => part !== '');
    const parameters = new Map<string, string>();
    let variables = 0;
    let greedy = false;
    let matches = true;
    for (const [index, part] of parts.entries()) {
      const greedyName = /^\{(\w+)\+\}$/.exec(part)?.[1];
      if (greedyName !== undefined && index === parts.length - 1) {
        if (segments.length <= index) matches = false;
        else parameters.set(greedyName, segments.slice(index).join('/'));
        greedy = true;
        break;
      }
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      const segment = segments[index];
      if (segment === undefined) matches = false;
      else if (name !== undefined) {
        parameters.set(name, segment);
        variables += 1;
      } else if (part !== segment) matches = false;
      if (!matches) break;
    }
    if (!matches || (!greedy && parts.length !== segments.length)) continue;
    const score = (greedy ? 0 : 10_000) + parts.length * 100 - variables * 10 + (routeMethod === 'ANY' ? 0 : 1);
    if (best === undefined || score > best.score) best = { route, parameters, resourcePath: routePath, score };
  }
  if (best !== undefined) return best;
  const fallback = routes.find((route) => route.routeKey === '$default');
  return fallback === undefined ? undefined : { route: fallback, parameters: new Map(), resourcePath: '/' };
}

/** `$request.body.a.b`, `$request.body`, `$request.header.x`, `$request.querystring.x`, `$request.path.x`, `$context.requestId`, or a literal. */
function parameterValue(
  source: string,
  request: { request: IncomingMessage; body: Buffer; pathParameters: ReadonlyMap<string, string>; requestId: string },
): string | undefined {
  const text = request.body.toString('utf8');
  if (source === '$request.body') return text;
  const body = /^\$request\.body\.(.+)$/.exec(source)?.[1];
  if (body !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
    for (const key of body.split('.')) {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  }
  const other = /^\$request\.(header|querystring|path)\.(.+)$/.exec(source);
  if (other !== null) {
    const name = other[2] ?? '';
    if (other[1] === 'header') {
      const header = request.request.headers[name.toLowerCase()];
      return Array.isArray(header) ? header.join(',') : header;
    }
    if (other[1] === 'querystring') return splitRequestTarget(request.request.url).query.get(name) ?? undefined;
    return request.pathParameters.get(name);
  }
  if (source === '$context.requestId') return request.requestId;
  return source;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The guard's refusals as an HTTP API answers: 413 above the payload limit, 403 otherwise. */
const refuse: RefusalWriter = (response, refusal) => {
  if (refusal.status === 413) send(response, 413, { message: 'Request Entity Too Large' });
  else if (refusal.status === 500) send(response, 500, { message: 'Internal Server Error' });
  else send(response, 403, { message: refusal.message });
};
