/**
 * The function a Lambda API request names: `FunctionName` as a name (`my-function`), an ARN
 * (`arn:aws:lambda:us-east-1:123456789012:function:my-function`) or a partial ARN
 * (`123456789012:function:my-function`), each with an optional `:qualifier`, and the
 * `Qualifier` parameter. The lab's functions have one version, `$LATEST`.
 * Lambda API reference, GetFunction: https://docs.aws.amazon.com/lambda/latest/api/API_GetFunction.html
 */
import { functionArn } from '../../common/local-aws';
import {
  constraintMessage,
  FunctionValidationError,
  InvalidParameterValueError,
  ResourceNotFoundError,
} from './errors';
import type { LambdaService } from './lambda-service';
import type { DeployedFunction } from './lambda-state';

/** The pattern of `FunctionName` in the API reference (GetFunction). */
const FUNCTION_NAME_PATTERN =
  '(arn:(aws[a-zA-Z-]*)?:lambda:)?([a-z]{2}(-gov)?-[a-z]+-\\d{1}:)?(\\d{12}:)?(function:)?([a-zA-Z0-9-_\\.]+)(:(\\$LATEST|[a-zA-Z0-9-_]+))?';
const FUNCTION_NAME = new RegExp(`^${FUNCTION_NAME_PATTERN}$`);

/** A function name and the qualifier the request names (undefined: unqualified, `$LATEST`). */
export interface FunctionAddress {
  readonly name: string;
  readonly qualifier: string | undefined;
}

/** Reads `FunctionName` and `Qualifier` as Lambda does; throws Lambda's errors for a malformed or mismatched pair. */
export function functionAddress(functionName: string, qualifier?: string): FunctionAddress {
  const match = FUNCTION_NAME.exec(functionName);
  const name = match?.[7];
  if (match === null || name === undefined || functionName.length > 170)
    throw new FunctionValidationError(
      constraintMessage(
        functionName,
        'functionName',
        `Member must satisfy regular expression pattern: ${FUNCTION_NAME_PATTERN}`,
      ),
    );
  const derived = match[9];
  // LocalStack's aws.validated snapshot (test_lambda_api.snapshot.json, test_ops_with_arn_qualifier_mismatch).
  if (derived !== undefined && qualifier !== undefined && derived !== qualifier)
    throw new InvalidParameterValueError(
      'The derived qualifier from the function name does not match the specified qualifier.',
    );
  return { name, qualifier: derived ?? qualifier };
}

/**
 * The deployed function at `address`; Lambda's ResourceNotFoundException otherwise, "Function
 * not found: <arn>[:qualifier]" (LocalStack's aws.validated snapshot, test_lambda_api.snapshot.json,
 * test_function_lifecycle and test_ops_on_nonexisting_version).
 */
export function deployedAt(lambda: LambdaService, address: FunctionAddress): DeployedFunction {
  const deployed = lambda.all().get(address.name);
  const qualified = address.qualifier === undefined ? '' : `:${address.qualifier}`;
  if (deployed === undefined || (address.qualifier !== undefined && address.qualifier !== '$LATEST'))
    throw new ResourceNotFoundError(`Function not found: ${functionArn(address.name)}${qualified}`);
  return deployed;
}
