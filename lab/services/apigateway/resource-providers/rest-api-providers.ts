/**
 * The AWS::ApiGateway::* resources of a REST API: RestApi, Resource, Method, Deployment and
 * Stage. A method's integration is a Lambda proxy (`AWS_PROXY`), an AWS service integration to
 * SQS or SNS (`AWS`) or a `MOCK` (service-integration.ts); anything else is refused when the method is
 * created. The Stage starts the lab's HTTP server for every method of the API, with the stage's
 * throttling; a function is invoked by name, so a function CloudFormation updates is reached at once.
 */
import { randomBytes } from 'node:crypto';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import { UnemulatedPropertyError } from '../../cloudformation/errors';
import type { LambdaService } from '../../lambda/lambda-service';
import { ApiGatewayApi, type StageRoute, type StageThrottling } from '../apigateway-api';
import { type MethodIntegration, serviceIntegration } from '../service-integration';
import { requestValidator } from '../request-validation';
import { requestValidationProviders } from './request-validation-providers';
import type { SnsIntegrationBackend } from '../sns-integration';
import type { SqsIntegrationBackend } from '../sqs-integration';
import type { ApiGatewayService } from '../apigateway-service';
import type { RestApi } from '../apigateway-state';
import { BadRequestError, NotFoundError } from '../errors';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** `AWS::ApiGateway::RestApi`: the lab serves one Lambda proxy route per API, by id. */
export const REST_API_PROPERTIES: PropertyCoverage = {
  emulated: [],
  noted: {
    Name: 'restApiName',
    EndpointConfiguration: 'restApiEndpointConfiguration',
    SecurityPolicy: 'restApiSecurityPolicy',
    Description: 'description',
    Tags: 'tags',
  },
  refused: [
    'ApiKeySourceType',
    'BinaryMediaTypes',
    'Body',
    'BodyS3Location',
    'CloneFrom',
    'DisableExecuteApiEndpoint',
    'EndpointAccessMode',
    'FailOnWarnings',
    'MinimumCompressionSize',
    'Mode',
    'Parameters',
    'Policy',
    'Version',
  ],
};

/** `AWS::ApiGateway::Resource`: a path part under its parent. */
export const REST_API_RESOURCE_PROPERTIES: PropertyCoverage = {
  emulated: ['ParentId', 'PathPart', 'RestApiId'],
  noted: {},
  refused: [],
};

/**
 * `AWS::ApiGateway::Method`: an unauthenticated method (AuthorizationType NONE) whose integration is
 * a Lambda proxy, an AWS integration to SQS or SNS (request templates, request parameters, passthrough
 * behaviour, integration responses) or a MOCK.
 */
export const REST_API_METHOD_PROPERTIES: PropertyCoverage = {
  emulated: [
    'ApiKeyRequired',
    'AuthorizationType',
    'HttpMethod',
    'Integration',
    'RequestModels',
    'RequestParameters',
    'RequestValidatorId',
    'ResourceId',
    'RestApiId',
  ],
  noted: {
    MethodResponses: 'restApiMethodMethodResponses',
    OperationName: 'operationName',
  },
  refused: ['AuthorizationScopes', 'AuthorizerId'],
};

/** `AWS::ApiGateway::Deployment`: a snapshot the stage serves. */
export const REST_API_DEPLOYMENT_PROPERTIES: PropertyCoverage = {
  emulated: ['RestApiId'],
  noted: { Description: 'description' },
  refused: ['DeploymentCanarySettings', 'StageDescription', 'StageName'],
};

/** `AWS::ApiGateway::Stage`: the lab's HTTP server, with the `*` `/*` method setting's throttling. */
export const REST_API_STAGE_PROPERTIES: PropertyCoverage = {
  emulated: ['DeploymentId', 'MethodSettings', 'RestApiId', 'StageName'],
  noted: {
    ClientCertificateId: 'restApiStageClientCertificateId',
    DocumentationVersion: 'restApiStageDocumentationVersion',
    TracingEnabled: 'xRayTracing',
    Description: 'description',
    Tags: 'tags',
  },
  refused: ['AccessLogSetting', 'CacheClusterEnabled', 'CacheClusterSize', 'CanarySetting', 'Variables'],
};

const newId = (): string => randomBytes(5).toString('hex');

/** Providers for the five REST API resource types. */
export function restApiProviders(options: {
  readonly apis: ApiGatewayService;
  readonly lambda: LambdaService;
  /** The port a stack's stage should keep when it is free (a restarted lab). */
  readonly preferredPortOf?: (stackName: string) => number | undefined;
  /** Throttling every stage uses instead of its template's (tests of what is not the throttle). */
  readonly throttling?: StageThrottling;
  /** Throttling of a stage whose template's `*` `/*` method setting sets none (or only one of the two limits). */
  readonly defaultThrottling: StageThrottling;
  /** The lab's SQS and IAM, for AWS integrations to SQS. */
  readonly sqs: SqsIntegrationBackend;
  /** The lab's SNS and IAM, for AWS integrations to SNS. */
  readonly sns?: SnsIntegrationBackend;
  readonly region: string;
}): ResourceProvider[] {
  const { apis } = options;
  const integrationOptions = {
    backend: options.sqs,
    ...(options.sns === undefined ? {} : { sns: options.sns }),
    region: options.region,
  };
  const api = (id: unknown): RestApi => {
    const found = apis.apis.get(String(id));
    if (found === undefined) throw new NotFoundError(`Invalid API identifier specified ${String(id)}`);
    return found;
  };
  const pathOf = (rest: RestApi, resourceId: string): string => {
    if (resourceId === rest.rootResourceId) return '';
    const resource = rest.resources.get(resourceId);
    if (resource === undefined) throw new NotFoundError(`Invalid Resource identifier specified ${resourceId}`);
    return `${pathOf(rest, resource.parentId)}/${resource.pathPart}`;
  };
  const startStage = async (stackName: string, properties: Readonly<Record<string, unknown>>): Promise<string> => {
    const rest = api(properties.RestApiId);
    const stageName = String(properties.StageName);
    const routes = [...rest.methods.values()].map((method): StageRoute => {
      const resourcePath = pathOf(rest, method.resourceId) || '/';
      const validator =
        method.requestValidatorId === undefined ? undefined : rest.validators.get(method.requestValidatorId);
      const validation =
        validator === undefined
          ? {}
          : {
              validate: requestValidator({
                ...validator,
                requestParameters: method.requestParameters,
                models: new Map(
                  Object.entries(method.requestModels).map(([contentType, name]) => [
                    contentType,
                    rest.models.get(name)?.schema ?? {},
                  ]),
                ),
              }),
            };
      if (isLambdaProxy(method.integration)) {
        const functionArn = /functions\/(.+)\/invocations$/.exec(method.uri)?.[1] ?? '';
        const fn = options.lambda.invocable(options.lambda.resolve(functionArn).fn.ref.functionName);
        return {
          httpMethod: method.httpMethod,
          resourcePath,
          integration: { kind: 'lambda-proxy', fn },
          ...validation,
        };
      }
      return {
        httpMethod: method.httpMethod,
        resourcePath,
        integration: { kind: 'service', run: serviceIntegration(method.integration, integrationOptions) },
        ...validation,
      };
    });
    if (routes.length === 0) throw new BadRequestError(`The REST API doesn't contain any methods`);
    const settings = ((properties.MethodSettings ?? []) as Record<string, unknown>[]).find(
      (setting) => setting.HttpMethod === '*' && setting.ResourcePath === '/*',
    );
    const server = await ApiGatewayApi.start({
      routes,
      stage: stageName,
      ...(options.preferredPortOf?.(stackName) === undefined
        ? {}
        : { preferredPort: options.preferredPortOf(stackName) }),
      throttling: options.throttling ?? {
        rateLimitPerSecond: Number(settings?.ThrottlingRateLimit ?? options.defaultThrottling.rateLimitPerSecond),
        burstLimit: Number(settings?.ThrottlingBurstLimit ?? options.defaultThrottling.burstLimit),
      },
    });
    await rest.stages.get(stageName)?.stop();
    rest.stages.set(stageName, server);
    return stageName;
  };
  return [
    {
      type: 'AWS::ApiGateway::RestApi',
      properties: REST_API_PROPERTIES,
      async create() {
        const id = newId();
        const rootResourceId = newId().slice(0, 6);
        apis.apis.set(id, {
          id,
          rootResourceId,
          resources: new Map(),
          methods: new Map(),
          stages: new Map(),
          models: new Map(),
          validators: new Map(),
        });
        return { physicalId: id, attributes: { RootResourceId: rootResourceId, RestApiId: id } };
      },
      update: async ({ previous }) => previous,
      async delete({ resource }) {
        const rest = apis.apis.get(resource.physicalId);
        await Promise.allSettled([...(rest?.stages.values() ?? [])].map((stage) => stage.stop()));
        apis.apis.delete(resource.physicalId);
      },
    },
    {
      type: 'AWS::ApiGateway::Resource',
      properties: REST_API_RESOURCE_PROPERTIES,
      async create({ properties }) {
        const id = newId().slice(0, 6);
        api(properties.RestApiId).resources.set(id, {
          parentId: String(properties.ParentId),
          pathPart: String(properties.PathPart),
        });
        return { physicalId: id, attributes: { ResourceId: id } };
      },
      update: async ({ previous }) => previous,
      delete: async ({ resource, properties }) => {
        apis.apis.get(String(properties.RestApiId))?.resources.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
    {
      type: 'AWS::ApiGateway::Method',
      properties: REST_API_METHOD_PROPERTIES,
      async create({ properties }) {
        const authorization = properties.AuthorizationType ?? 'NONE';
        if (authorization !== 'NONE')
          throw new UnemulatedPropertyError(`AWS::ApiGateway::Method.AuthorizationType ${String(authorization)}`);
        // API keys need usage plans, which the lab does not emulate; `false` (CDK's CORS preflight) is the default.
        if (properties.ApiKeyRequired === true || properties.ApiKeyRequired === 'true')
          throw new UnemulatedPropertyError('AWS::ApiGateway::Method.ApiKeyRequired true');
        const id = newId();
        const integration = (properties.Integration ?? {}) as MethodIntegration;
        // Refused here, on the method, by name: what the stage could not serve.
        if (!isLambdaProxy(integration)) serviceIntegration(integration, integrationOptions);
        api(properties.RestApiId).methods.set(id, {
          resourceId: String(properties.ResourceId),
          httpMethod: String(properties.HttpMethod),
          uri: String(integration.Uri ?? ''),
          integration,
          requestModels: (properties.RequestModels ?? {}) as Record<string, string>,
          requestParameters: (properties.RequestParameters ?? {}) as Record<string, unknown>,
          ...(properties.RequestValidatorId === undefined
            ? {}
            : { requestValidatorId: String(properties.RequestValidatorId) }),
        });
        return { physicalId: id, attributes: {} };
      },
      update: async ({ previous }) => previous,
      delete: async ({ resource, properties }) => {
        apis.apis.get(String(properties.RestApiId))?.methods.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
    ...requestValidationProviders(apis),
    {
      type: 'AWS::ApiGateway::Deployment',
      properties: REST_API_DEPLOYMENT_PROPERTIES,
      create: async () => ({ physicalId: newId(), attributes: {} }),
      update: async ({ previous }) => previous,
      delete: async () => undefined,
      requiresReplacement: () => true,
    },
    {
      type: 'AWS::ApiGateway::Stage',
      properties: REST_API_STAGE_PROPERTIES,
      create: async ({ stackName, properties }) => ({
        physicalId: await startStage(stackName, properties),
        attributes: {},
      }),
      update: async ({ stackName, properties }) => ({
        physicalId: await startStage(stackName, properties),
        attributes: {},
      }),
      async delete({ resource, properties }) {
        const rest = apis.apis.get(String(properties.RestApiId));
        await rest?.stages.get(resource.physicalId)?.stop();
        rest?.stages.delete(resource.physicalId);
      },
    },
  ];
}

/** A Lambda proxy: `AWS_PROXY` to a function's invocations path. */
function isLambdaProxy(integration: MethodIntegration): boolean {
  return integration.Type === 'AWS_PROXY' && (integration.Uri ?? '').includes(':lambda:path/');
}
