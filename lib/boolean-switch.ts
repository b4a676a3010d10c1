/**
 * A deploy-time switch that is `true` or `false`, from CDK context (`-c eventFilter=true`) or
 * `cdk.json`: `cdk -c` hands over strings while `cdk.json` gives JSON values, so both `true` and
 * `"true"` are accepted. No CDK imports: the lab reuses this.
 */
import { InvalidBatchPartialOptionError } from './errors';

/**
 * `value` as a boolean, `fallback` when absent.
 * @throws InvalidBatchPartialOptionError (the deploy-time switch error) naming `name` and the valid values.
 */
export function parseBooleanSwitch(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new InvalidBatchPartialOptionError(`${name} must be true or false, got ${describeSwitchValue(value)}.`);
}

/** A rejected switch value as the error shows it: strings and objects quoted, so an empty or padded string is visible. */
export function describeSwitchValue(value: unknown): string {
  return typeof value === 'string' || (typeof value === 'object' && value !== null)
    ? JSON.stringify(value)
    : String(value);
}
