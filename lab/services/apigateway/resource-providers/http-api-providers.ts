/**
 * The AWS::ApiGatewayV2::* resources of an HTTP API: Api, Integration, Route, Stage and
 * Deployment. Integrations are Lambda proxies (payload format 2.0 or 1.0) or `SQS-SendMessage`;
 * anything else is refused when it is created. A stage starts the lab's server, which reads the
 * API's routes at each request, as a stage with automatic deployment serves what the API has now.
 */
import { randomBytes } from 'node:crypto';
import { UnemulatedPropertyError } from '../../cloudformation/errors';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import type { LambdaService } from '../../lambda/lambda-service';
import type { ApiGatewayService } from '../apigateway-service';
import type { HttpApiState } from '../apigateway-state';
import { NotFoundError } from '../errors';
import { type HttpIntegration, HttpApiServer, type HttpRoute } from '../http-api/http-api-server';
import type { SqsIntegrationBackend } from '../sqs-integration';

/** `AWS::ApiGatewayV2::Api`: an HTTP API (WebSocket APIs are refused). */
export const HTTP_API_PROPERTIES: PropertyCoverage = {
  emulated: ['Name', 'ProtocolType'],
  noted: { Description: 'description', Tags: 'tags' },
  refused: [
    'ApiKeySelectionExpression',
    'BasePath',
    'Body',
    'BodyS3Location',
    'CorsConfiguration',
    'CredentialsArn',
    'DisableExecuteApiEndpoint',
    'DisableSchemaValidation',
    'FailOnWarnings',
    'IpAddressType',
    'RouteKey',
    'RouteSelectionExpression',
    'Target',
    'Version',
  ],
};

/** `AWS::ApiGatewayV2::Integration`: a Lambda proxy or SQS-SendMessage. */
export const HTTP_API_INTEGRATION_PROPERTIES: PropertyCoverage = {
  emulated: [
    'ApiId',
    'CredentialsArn',
    'IntegrationSubtype',
    'IntegrationType',
    'IntegrationUri',
    'PayloadFormatVersion',
    'RequestParameters',
    'TimeoutInMillis',
  ],
  noted: {
    ConnectionType: 'httpApiIntegrationConnectionType',
    IntegrationMethod: 'httpApiIntegrationIntegrationMethod',
    Description: 'description',
  },
  refused: [
    'ConnectionId',
    'ContentHandlingStrategy',
    'PassthroughBehavior',
    'RequestTemplates',
    'ResponseParameters',
    'TemplateSelectionExpression',
    'TlsConfig',
  ],
};

/** `AWS::ApiGatewayV2::Route`: an unauthenticated route to an integration. */
export const HTTP_API_ROUTE_PROPERTIES: PropertyCoverage = {
  emulated: ['ApiId', 'ApiKeyRequired', 'AuthorizationType', 'RouteKey', 'Target'],
  noted: {
    OperationName: 'operationName',
  },
  refused: [
    'AuthorizationScopes',
    'AuthorizerId',
    'ModelSelectionExpression',
    'RequestModels',
    'RequestParameters',
    'RouteResponseSelectionExpression',
  ],
};

/** `AWS::ApiGatewayV2::Stage`: the lab's server for the API. */
export const HTTP_API_STAGE_PROPERTIES: PropertyCoverage = {
  emulated: ['ApiId', 'AutoDeploy', 'DeploymentId', 'StageName'],
  noted: {
    DefaultRouteSettings: 'httpApiStageDefaultRouteSettings',
    Description: 'description',
    Tags: 'tags',
  },
  refused: ['AccessLogSettings', 'AccessPolicyId', 'ClientCertificateId', 'RouteSettings', 'StageVariables'],
};

/** `AWS::ApiGatewayV2::Deployment`: a record (the lab's stages serve the API as it is). */
export const HTTP_API_DEPLOYMENT_PROPERTIES: PropertyCoverage = {
  emulated: ['ApiId'],
  noted: {
    StageName: 'httpApiDeploymentStageName',
    Description: 'description',
  },
  refused: [],
};

const newId = (length: number): string => randomBytes(8).toString('hex').slice(0, length);

/** Providers for the five HTTP API resource types. */
export function httpApiProviders(options: {
  readonly apis: ApiGatewayService;
  readonly lambda: LambdaService;
  readonly sqs: SqsIntegrationBackend;
  readonly region: string;
}): ResourceProvider[] {
  const { apis } = options;
  const api = (id: unknown): HttpApiState => {
    const found = apis.httpApis.get(String(id));
    if (found === undefined) throw new NotFoundError(`Invalid API identifier specified ${String(id)}`);
    return found;
  };
  const integrationOf = (declared: Readonly<Record<string, unknown>>): HttpIntegration => {
    if (declared.IntegrationSubtype === 'SQS-SendMessage')
      return {
        kind: 'sqs-send-message',
        ...(declared.CredentialsArn === undefined ? {} : { credentials: String(declared.CredentialsArn) }),
        parameters: Object.fromEntries(
          Object.entries((declared.RequestParameters ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        ),
      };
    const uri = String(declared.IntegrationUri ?? '');
    const functionArn = /functions\/(.+)\/invocations$/.exec(uri)?.[1] ?? uri;
    return {
      kind: 'lambda',
      fn: () => options.lambda.invocable(options.lambda.resolve(functionArn).fn.ref.functionName),
      payloadFormatVersion: declared.PayloadFormatVersion === '1.0' ? '1.0' : '2.0',
      timeoutMs: Number(declared.TimeoutInMillis ?? 30_000),
    };
  };
  const routesOf = (state: HttpApiState) => (): HttpRoute[] =>
    [...state.routes.values()].map((route) => ({
      routeKey: route.routeKey,
      integration: () => {
        const id = /^integrations\/(.+)$/.exec(route.target)?.[1];
        const declared = id === undefined ? undefined : state.integrations.get(id);
        return declared === undefined ? undefined : integrationOf(declared);
      },
    }));
  return [
    {
      type: 'AWS::ApiGatewayV2::Api',
      properties: HTTP_API_PROPERTIES,
      async create({ properties }) {
        if (properties.ProtocolType !== 'HTTP')
          throw new UnemulatedPropertyError(`AWS::ApiGatewayV2::Api.ProtocolType ${String(properties.ProtocolType)}`);
        const id = newId(10);
        apis.httpApis.set(id, { id, integrations: new Map(), routes: new Map(), stages: new Map() });
        return {
          physicalId: id,
          attributes: { ApiId: id, ApiEndpoint: `https://${id}.execute-api.${options.region}.amazonaws.com` },
        };
      },
      update: async ({ previous }) => previous,
      async delete({ resource }) {
        const state = apis.httpApis.get(resource.physicalId);
        await Promise.allSettled([...(state?.stages.values() ?? [])].map((stage) => stage.stop()));
        apis.httpApis.delete(resource.physicalId);
      },
    },
    {
      type: 'AWS::ApiGatewayV2::Integration',
      properties: HTTP_API_INTEGRATION_PROPERTIES,
      async create({ properties }) {
        const lambdaProxy =
          properties.IntegrationType === 'AWS_PROXY' &&
          properties.IntegrationSubtype === undefined &&
          /:lambda:|:function:/.test(String(properties.IntegrationUri ?? ''));
        if (!lambdaProxy && properties.IntegrationSubtype !== 'SQS-SendMessage')
          throw new UnemulatedPropertyError(
            `AWS::ApiGatewayV2::Integration ${String(properties.IntegrationType)} ${String(properties.IntegrationSubtype ?? properties.IntegrationUri ?? '')}: the lab's HTTP APIs serve Lambda proxies and SQS-SendMessage`,
          );
        const id = newId(7);
        api(properties.ApiId).integrations.set(id, properties);
        return { physicalId: id, attributes: { IntegrationId: id } };
      },
      async update({ previous, properties }) {
        api(properties.ApiId).integrations.set(previous.physicalId, properties);
        return previous;
      },
      delete: async ({ resource, properties }) => {
        apis.httpApis.get(String(properties.ApiId))?.integrations.delete(resource.physicalId);
      },
    },
    {
      type: 'AWS::ApiGatewayV2::Route',
      properties: HTTP_API_ROUTE_PROPERTIES,
      async create({ properties }) {
        const authorization = properties.AuthorizationType ?? 'NONE';
        if (authorization !== 'NONE')
          throw new UnemulatedPropertyError(`AWS::ApiGatewayV2::Route.AuthorizationType ${String(authorization)}`);
        if (properties.ApiKeyRequired === true || properties.ApiKeyRequired === 'true')
          throw new UnemulatedPropertyError('AWS::ApiGatewayV2::Route.ApiKeyRequired true');
        const id = newId(7);
        api(properties.ApiId).routes.set(id, {
          routeKey: String(properties.RouteKey),
          target: String(properties.Target ?? ''),
        });
        return { physicalId: id, attributes: { RouteId: id } };
      },
      async update({ previous, properties }) {
        api(properties.ApiId).routes.set(previous.physicalId, {
          routeKey: String(properties.RouteKey),
          target: String(properties.Target ?? ''),
        });
        return previous;
      },
      delete: async ({ resource, properties }) => {
        apis.httpApis.get(String(properties.ApiId))?.routes.delete(resource.physicalId);
      },
    },
    {
      type: 'AWS::ApiGatewayV2::Stage',
      properties: HTTP_API_STAGE_PROPERTIES,
      async create({ properties }) {
        const state = api(properties.ApiId);
        const stage = String(properties.StageName);
        const server = await HttpApiServer.start({
          apiId: state.id,
          stage,
          routes: routesOf(state),
          sqs: options.sqs,
          region: options.region,
        });
        state.stages.set(stage, server);
        return { physicalId: stage, attributes: {} };
      },
      update: async ({ previous }) => previous,
      async delete({ resource, properties }) {
        const state = apis.httpApis.get(String(properties.ApiId));
        await state?.stages.get(resource.physicalId)?.stop();
        state?.stages.delete(resource.physicalId);
      },
      requiresReplacement: (previous, next) => previous.StageName !== next.StageName,
    },
    {
      type: 'AWS::ApiGatewayV2::Deployment',
      properties: HTTP_API_DEPLOYMENT_PROPERTIES,
      create: async () => ({ physicalId: newId(6), attributes: { DeploymentId: '' } }),
      update: async ({ previous }) => previous,
      delete: async () => undefined,
    },
  ];
}
