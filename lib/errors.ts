/**
 * Named errors of the CDK app. No CDK imports: the local lab reuses
 * `InvalidBatchPartialOptionError` through `parseBatchPartialOptions`.
 */

/** A deploy-time switch (`-c name=value` or a lab flag) has a value outside its valid set. */
export class InvalidBatchPartialOptionError extends Error {
  override readonly name = 'InvalidBatchPartialOptionError';
}

/** A stack topology would synthesise, but could not deploy or would lose messages. */
export class InvalidTopologyError extends Error {
  override readonly name = 'InvalidTopologyError';
}

/** A value in lib/settings.ts that CDK cannot turn into a resource property. */
export class InvalidSettingError extends Error {
  override readonly name = 'InvalidSettingError';
}
