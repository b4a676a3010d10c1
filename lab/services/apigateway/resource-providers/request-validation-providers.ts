/**
 * The two resources a REST API's request validation is made of: `AWS::ApiGateway::Model` (a JSON
 * schema, draft 4, its Ref the model's name) and `AWS::ApiGateway::RequestValidator` (what a
 * method's validator checks, its Ref an id). The stage compiles them for each method that names a
 * validator (request-validation.ts).
 */
import { randomBytes } from 'node:crypto';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import type { ApiGatewayService } from '../apigateway-service';
import type { RestApi } from '../apigateway-state';
import { NotFoundError } from '../errors';

/** `AWS::ApiGateway::Model`: a JSON schema (draft 4) that a method's request validator checks bodies against. */
export const REST_API_MODEL_PROPERTIES: PropertyCoverage = {
  emulated: ['ContentType', 'Name', 'RestApiId', 'Schema'],
  noted: { Description: 'description' },
  refused: [],
};

/** `AWS::ApiGateway::RequestValidator`: what a method's validator checks. */
export const REST_API_REQUEST_VALIDATOR_PROPERTIES: PropertyCoverage = {
  emulated: ['Name', 'RestApiId', 'ValidateRequestBody', 'ValidateRequestParameters'],
  noted: {},
  refused: [],
};

const newId = (): string => randomBytes(4).toString('hex');

/** Providers for models and request validators, on the lab's REST APIs. */
export function requestValidationProviders(apis: ApiGatewayService): ResourceProvider[] {
  const api = (id: unknown): RestApi => {
    const found = apis.apis.get(String(id));
    if (found === undefined) throw new NotFoundError(`Invalid API identifier specified ${String(id)}`);
    return found;
  };
  return [
    {
      type: 'AWS::ApiGateway::Model',
      properties: REST_API_MODEL_PROPERTIES,
      async create({ stackName, logicalId, properties }) {
        // CloudFormation names a model with no Name from its logical id: letters and digits only.
        const name =
          typeof properties.Name === 'string'
            ? properties.Name
            : `${logicalId}${stackName}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 60) + newId().slice(0, 4);
        api(properties.RestApiId).models.set(name, {
          contentType: String(properties.ContentType ?? 'application/json'),
          schema: properties.Schema ?? {},
        });
        return { physicalId: name, attributes: {} };
      },
      update: async ({ previous }) => previous,
      delete: async ({ resource, properties }) => {
        apis.apis.get(String(properties.RestApiId))?.models.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
    {
      type: 'AWS::ApiGateway::RequestValidator',
      properties: REST_API_REQUEST_VALIDATOR_PROPERTIES,
      async create({ properties }) {
        const id = newId().slice(0, 6);
        const flag = (value: unknown) => value === true || value === 'true';
        api(properties.RestApiId).validators.set(id, {
          validateBody: flag(properties.ValidateRequestBody),
          validateParameters: flag(properties.ValidateRequestParameters),
        });
        return { physicalId: id, attributes: { RequestValidatorId: id } };
      },
      update: async ({ previous }) => previous,
      delete: async ({ resource, properties }) => {
        apis.apis.get(String(properties.RestApiId))?.validators.delete(resource.physicalId);
      },
      requiresReplacement: () => true,
    },
  ];
}
