/**
 * What the lab's API Gateway keeps of each REST API (LocalStack keeps the same in its
 * `RestApiContainer`, localstack-core/localstack/services/apigateway/models.py): its resources,
 * methods, and the running server of each deployed stage.
 */
import type { ApiGatewayApi } from './apigateway-api';
import type { HttpApiServer } from './http-api/http-api-server';
import type { MethodIntegration } from './service-integration';

/** One REST API as the providers build it, by id. */
export interface RestApi {
  readonly id: string;
  readonly rootResourceId: string;
  readonly resources: Map<string, { readonly parentId: string; readonly pathPart: string }>;
  readonly methods: Map<
    string,
    {
      readonly resourceId: string;
      readonly httpMethod: string;
      readonly uri: string;
      readonly integration: MethodIntegration;
      /** `RequestModels`: content type → model name. */
      readonly requestModels: Readonly<Record<string, string>>;
      /** `RequestParameters`: `method.request.<where>.<name>` → required. */
      readonly requestParameters: Readonly<Record<string, unknown>>;
      readonly requestValidatorId?: string;
    }
  >;
  /** Models by name: their content type and JSON schema. */
  readonly models: Map<string, { readonly contentType: string; readonly schema: unknown }>;
  /** Request validators by id. */
  readonly validators: Map<string, { readonly validateBody: boolean; readonly validateParameters: boolean }>;
  readonly stages: Map<string, ApiGatewayApi>;
}

/** One HTTP API (API Gateway v2) as the providers build it, by id. */
export interface HttpApiState {
  readonly id: string;
  /** Integration id → what the integration declares. */
  readonly integrations: Map<string, Readonly<Record<string, unknown>>>;
  /** Route id → its key and target (`integrations/<id>`). */
  readonly routes: Map<string, { readonly routeKey: string; readonly target: string }>;
  readonly stages: Map<string, HttpApiServer>;
}
