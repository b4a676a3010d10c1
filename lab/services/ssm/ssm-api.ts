/**
 * SSM Parameter Store on the lab's endpoint (JSON 1.1, `X-Amz-Target: AmazonSSM.<Operation>`):
 * GetParameter (what the CDK CLI reads the bootstrap version with), GetParameters,
 * PutParameter and DeleteParameter, on the lab's {@link SsmState}. Shapes:
 * https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_GetParameter.html and the
 * other operations' pages. SecureString values are stored as given (the lab's KMS does not encrypt them).
 */
import type { GatewayHandler, GatewayResponse } from '../../gateway/gateway-handler';
import { jsonBody, jsonError, jsonResponse, jsonTarget } from '../../gateway/protocols/json-protocol';
import type { SsmParameter, SsmState } from './ssm-state';
import { ParameterNotFoundError, SsmError, SsmUnknownOperationError, SsmValidationError } from './errors';
import { nullMemberMessage } from '../../common/null-member-message';

/** The SSM handler of the lab's endpoint (signing name `ssm`). */
export function ssmApi(state: SsmState): GatewayHandler {
  const shape = (parameter: SsmParameter) => ({
    Name: parameter.name,
    Type: parameter.type,
    Value: parameter.value,
    Version: parameter.version,
    LastModifiedDate: parameter.lastModified.getTime() / 1000,
    ARN: state.arnOf(parameter.name),
    DataType: parameter.dataType,
  });
  // A Map: an operation is a request's word (`constructor` must not find Object's).
  const operations = new Map<string, (input: Record<string, unknown>) => GatewayResponse>(
    Object.entries({
      GetParameter: (input) => jsonResponse({ Parameter: shape(state.get(stringMember(input, 'Name'))) }),
      GetParameters: (input) => {
        const names = input.Names;
        if (
          !Array.isArray(names) ||
          names.length === 0 ||
          names.length > 10 ||
          names.some((n) => typeof n !== 'string')
        )
          throw new SsmValidationError(
            "1 validation error detected: Value at 'names' failed to satisfy constraint: Member must have length less than or equal to 10, and greater than or equal to 1",
          );
        const found: SsmParameter[] = [];
        const invalid: string[] = [];
        for (const name of names as string[]) {
          try {
            found.push(state.get(name));
          } catch (error) {
            if (!(error instanceof ParameterNotFoundError)) throw error;
            invalid.push(name);
          }
        }
        return jsonResponse({ Parameters: found.map(shape), InvalidParameters: invalid });
      },
      PutParameter: (input) => {
        const type = optionalString(input, 'Type');
        const description = optionalString(input, 'Description');
        const dataType = optionalString(input, 'DataType');
        const tier = optionalString(input, 'Tier');
        const parameter = state.put({
          name: stringMember(input, 'Name'),
          value: stringMember(input, 'Value'),
          overwrite: input.Overwrite === true,
          ...(type === undefined ? {} : { type }),
          ...(description === undefined ? {} : { description }),
          ...(dataType === undefined ? {} : { dataType }),
          ...(tier === undefined ? {} : { tier }),
        });
        return jsonResponse({ Version: parameter.version, Tier: parameter.tier });
      },
      DeleteParameter: (input) => {
        state.delete(stringMember(input, 'Name'));
        return jsonResponse({});
      },
    }) as [string, (input: Record<string, unknown>) => GatewayResponse][],
  );
  return {
    signingName: 'ssm',
    async handle(request) {
      const operation = jsonTarget(request) ?? '';
      try {
        const input = jsonBody(request);
        if (input === undefined) throw new SsmValidationError('the request body is not a JSON object');
        const run = operations.get(operation);
        if (run === undefined)
          throw new SsmUnknownOperationError(
            `the lab's SSM answers ${[...operations.keys()].join(', ')}, not ${operation || 'a request without X-Amz-Target'}`,
          );
        return run(input);
      } catch (error) {
        if (error instanceof SsmError) return jsonError(error.code, error.message, error.statusCode);
        throw error;
      }
    },
  };
}

function stringMember(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== 'string') throw new SsmValidationError(nullMemberMessage(name));
  return value;
}

function optionalString(input: Record<string, unknown>, name: string): string | undefined {
  return input[name] === undefined ? undefined : stringMember(input, name);
}
