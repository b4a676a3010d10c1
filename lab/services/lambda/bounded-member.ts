/**
 * A whole-number member of a Lambda request within its bounds, or Lambda's answer for it: a value
 * that is not an integer is InvalidParameterValueException, one outside its range the
 * ValidationException "1 validation error detected: Value 'x' at 'member' failed to satisfy
 * constraint: Member must have value greater than or equal to …" (less than or equal to …).
 */
import { constraintMessage, FunctionValidationError, InvalidParameterValueError } from './errors';

/** `value` when it is an integer within `range`; throws Lambda's error otherwise. */
export function boundedMember(
  value: unknown,
  member: string,
  range: { readonly min: number; readonly max: number },
): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new InvalidParameterValueError(`${member} must be an integer`);
  if (value < range.min)
    throw new FunctionValidationError(
      constraintMessage(value, member, `Member must have value greater than or equal to ${range.min}`),
    );
  if (value > range.max)
    throw new FunctionValidationError(
      constraintMessage(value, member, `Member must have value less than or equal to ${range.max}`),
    );
  return value;
}
