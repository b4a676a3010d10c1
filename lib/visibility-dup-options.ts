/**
 * The VisibilityDupStack switch, parsed from CDK context (`-c visibilityManager=true`) or the
 * lab's `-c`. `cdk -c` hands over strings while `cdk.json` gives JSON values, so both `true` and
 * `"true"` are accepted. No CDK imports: the lab reuses this.
 */
import { InvalidBatchPartialOptionError } from './errors';
import { DEFAULT_VISIBILITY_DUP_OPTIONS, type VisibilityDupOptions } from './topology';

/** The switch as it arrives: absent, a JSON value, or a string. */
export interface RawVisibilityDupOptions {
  readonly visibilityManager?: unknown;
}

/**
 * Validates the switch and fills in the default when it is absent.
 * @throws InvalidBatchPartialOptionError (the deploy-time switch error) naming the valid values.
 */
export function parseVisibilityDupOptions(raw: RawVisibilityDupOptions): VisibilityDupOptions {
  const value = raw.visibilityManager;
  if (value === undefined) return DEFAULT_VISIBILITY_DUP_OPTIONS;
  if (value === true || value === 'true') return { visibilityManager: true };
  if (value === false || value === 'false') return { visibilityManager: false };
  const shown =
    typeof value === 'string' || (typeof value === 'object' && value !== null) ? JSON.stringify(value) : String(value);
  throw new InvalidBatchPartialOptionError(`visibilityManager must be true or false, got ${shown}.`);
}
