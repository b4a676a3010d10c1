/**
 * The VisibilityDupStack switch, parsed from CDK context (`-c visibilityManager=true`) or the
 * lab's `-c`. `cdk -c` hands over strings while `cdk.json` gives JSON values, so both `true` and
 * `"true"` are accepted. No CDK imports: the lab reuses this.
 */
import { parseBooleanSwitch } from './boolean-switch';
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
  return {
    visibilityManager: parseBooleanSwitch(
      'visibilityManager',
      raw.visibilityManager,
      DEFAULT_VISIBILITY_DUP_OPTIONS.visibilityManager,
    ),
  };
}
