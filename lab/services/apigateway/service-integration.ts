/**
 * A REST API method whose integration is not a Lambda proxy: an AWS service integration (`AWS`,
 * to SQS, sqs-integration.ts, or SNS, sns-integration.ts) or a `MOCK` (CDK's CORS preflight). API Gateway picks the request
 * template by the request's Content-Type, with the integration's passthrough behaviour, maps the
 * integration's request parameters, calls the back end, picks the integration response whose
 * selection pattern matches the back end's status code (or the default one), renders its response
 * template and sets its static response headers
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-integration-settings-integration-response.html,
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/integration-passthrough-behaviors.html).
 */
import type { IncomingMessage } from 'node:http';
import { UnemulatedPropertyError } from '../cloudformation/errors';
import { splitRequestTarget } from '../../common/request-target';
import { checkMappingTemplate, renderMappingTemplate, type TemplateInput } from './mapping-template';
import { callSns, type SnsIntegrationBackend } from './sns-integration';
import {
  awsIntegrationUri,
  callSqs,
  pathResource,
  type SqsIntegrationBackend,
  sqsIntegrationTarget,
} from './sqs-integration';

/** The session name API Gateway's calls with an integration role (`Credentials`) carry. */
export const INTEGRATION_SESSION_NAME = 'BackplaneAssumeRoleSession';

/** `AWS::ApiGateway::Method.Integration` as the template declares it. */
export interface MethodIntegration {
  readonly Type?: string;
  readonly Uri?: string;
  readonly Credentials?: string;
  readonly RequestParameters?: Readonly<Record<string, string>>;
  readonly RequestTemplates?: Readonly<Record<string, string>>;
  readonly PassthroughBehavior?: string;
  readonly IntegrationResponses?: readonly IntegrationResponse[];
}

interface IntegrationResponse {
  readonly StatusCode?: string;
  readonly SelectionPattern?: string;
  readonly ResponseTemplates?: Readonly<Record<string, string>>;
  readonly ResponseParameters?: Readonly<Record<string, string>>;
}

/** A request as the stage received it. */
export interface IntegrationRequest {
  readonly request: IncomingMessage;
  readonly body: Buffer;
  readonly pathParameters: ReadonlyMap<string, string>;
  readonly context: ReadonlyMap<string, string>;
  readonly requestId: string;
}

/** What the method answers the client. */
export interface IntegrationAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Runs one method's integration. */
export type ServiceIntegration = (request: IntegrationRequest) => Promise<IntegrationAnswer>;

/**
 * The method's integration, checked at deploy time: `AWS` to SQS or SNS, or `MOCK`, with templates the
 * lab's subset runs; anything else is refused by name.
 */
export function serviceIntegration(
  integration: MethodIntegration,
  options: {
    readonly backend: SqsIntegrationBackend;
    /** The lab's SNS, for AWS integrations to SNS (absent: refused). */
    readonly sns?: SnsIntegrationBackend;
    readonly region: string;
  },
): ServiceIntegration {
  const type = integration.Type ?? '';
  if (type !== 'AWS' && type !== 'MOCK')
    throw new UnemulatedPropertyError(
      `AWS::ApiGateway::Method.Integration.Type ${type}: the lab's API Gateway serves AWS_PROXY to Lambda, AWS to SQS and MOCK`,
    );
  const uri = type === 'AWS' ? awsIntegrationUri(integration.Uri ?? '') : undefined;
  if (type === 'AWS' && uri === undefined)
    throw new UnemulatedPropertyError(`AWS::ApiGateway::Method.Integration.Uri ${integration.Uri ?? ''}`);
  const sns = options.sns;
  if (uri !== undefined && uri.service !== 'sqs' && !(uri.service === 'sns' && sns !== undefined))
    throw new UnemulatedPropertyError(
      `AWS::ApiGateway::Method.Integration.Uri to ${uri.service}: the lab's API Gateway serves Lambda proxies and AWS integrations to SQS and SNS only`,
    );
  for (const template of Object.values(integration.RequestTemplates ?? {})) checkMappingTemplate(template);
  for (const response of integration.IntegrationResponses ?? [])
    for (const template of Object.values(response.ResponseTemplates ?? {})) checkMappingTemplate(template);

  return async (incoming) => {
    const input = templateInput(incoming);
    const contentType = (incoming.request.headers['content-type'] ?? 'application/json').split(';')[0]?.trim() ?? '';
    const templates = integration.RequestTemplates ?? {};
    const template = Object.hasOwn(templates, contentType) ? templates[contentType] : undefined;
    const behaviour = integration.PassthroughBehavior ?? 'WHEN_NO_MATCH';
    if (
      template === undefined &&
      (behaviour === 'NEVER' || (behaviour === 'WHEN_NO_TEMPLATES' && Object.keys(templates).length > 0))
    )
      return json(415, { message: 'Unsupported Media Type' });
    const rendered = template === undefined ? input.body : renderMappingTemplate(template, input);
    const call = {
      params: queryParameters(rendered, integration.RequestParameters ?? {}, input),
      credentials: integration.Credentials,
      region: options.region,
      requestId: incoming.requestId,
    };
    const backend =
      uri === undefined
        ? mockAnswer(rendered)
        : uri.service === 'sns' && sns !== undefined
          ? await callSns({
              ...call,
              ...(uri.kind === 'path' ? { pathTopic: pathResource(uri) } : { action: uri.rest }),
              backend: sns,
            })
          : await callSqs({ ...call, target: sqsIntegrationTarget(uri), backend: options.backend });
    const response = selectResponse(integration.IntegrationResponses ?? [], String(backend.statusCode));
    // No integration response matches and none is the default: API Gateway's configuration error.
    if (response === undefined) return json(500, { message: 'Internal server error' });
    const responseTemplates = response.ResponseTemplates ?? {};
    const responseTemplate = responseTemplates['application/json'] ?? Object.values(responseTemplates)[0];
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    for (const [name, value] of Object.entries(response.ResponseParameters ?? {})) {
      const header = /^method\.response\.header\.(.+)$/.exec(name)?.[1];
      const literal = /^'(.*)'$/.exec(value)?.[1];
      if (header !== undefined && literal !== undefined) headers[header] = literal;
    }
    return {
      statusCode: Number(response.StatusCode ?? 200),
      headers,
      body:
        responseTemplate === undefined || responseTemplate === ''
          ? backend.body
          : renderMappingTemplate(responseTemplate, { ...input, body: backend.body }),
    };
  };
}

function json(statusCode: number, body: unknown): IntegrationAnswer {
  return { statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * A MOCK integration answers the status code its request template writes: `{"statusCode": 200}`,
 * or CDK's CORS preflight's `{ statusCode: 200 }`, which API Gateway reads though it is not JSON.
 */
function mockAnswer(rendered: string): { statusCode: number; body: string } {
  const status = /["']?statusCode["']?\s*:\s*["']?(\d{3})/.exec(rendered)?.[1];
  return { statusCode: status === undefined ? 500 : Number(status), body: '' };
}

/** The integration response whose selection pattern matches the whole status code, else the default one. */
function selectResponse(responses: readonly IntegrationResponse[], status: string): IntegrationResponse | undefined {
  const matching = responses.find((response) => {
    if (response.SelectionPattern === undefined || response.SelectionPattern === '') return false;
    try {
      return new RegExp(`^(?:${response.SelectionPattern})$`).test(status);
    } catch {
      return false;
    }
  });
  return (
    matching ??
    responses.find((response) => response.SelectionPattern === undefined || response.SelectionPattern === '')
  );
}

/** The back end's query parameters: the rendered form body plus `integration.request.querystring.*`. */
function queryParameters(
  rendered: string,
  mappings: Readonly<Record<string, string>>,
  input: TemplateInput,
): URLSearchParams {
  const params = new URLSearchParams(rendered);
  for (const [name, source] of Object.entries(mappings)) {
    const target = /^integration\.request\.querystring\.(.+)$/.exec(name)?.[1];
    if (target === undefined) continue;
    const value = parameterValue(source, input);
    if (value !== undefined) params.set(target, value);
  }
  return params;
}

/** `'literal'` or `method.request.{path,querystring,header}.<name>`. */
function parameterValue(source: string, input: TemplateInput): string | undefined {
  const literal = /^'(.*)'$/.exec(source);
  if (literal !== null) return literal[1];
  const method = /^method\.request\.(path|querystring|header)\.(.+)$/.exec(source);
  if (method === null) return undefined;
  const where = method[1] as 'path' | 'querystring' | 'header';
  return input.params[where].get(where === 'header' ? (method[2] ?? '').toLowerCase() : (method[2] ?? ''));
}

function templateInput(incoming: IntegrationRequest): TemplateInput {
  const query = new Map<string, string>();
  for (const [name, value] of splitRequestTarget(incoming.request.url).query) query.set(name, value);
  const header = new Map<string, string>();
  for (const [name, value] of Object.entries(incoming.request.headers))
    if (value !== undefined) header.set(name, Array.isArray(value) ? value.join(',') : value);
  return {
    body: incoming.body.toString('utf8'),
    params: { path: incoming.pathParameters, querystring: query, header },
    context: incoming.context,
    stageVariables: new Map(),
  };
}
