/** The values of lib/settings.ts turned into CDK types, checked at synth. */
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { InvalidSettingError } from './errors';
import { LAMBDA_RUNTIME, LOG_RETENTION_DAYS } from './settings';

/**
 * The CDK `Runtime` named by `LAMBDA_RUNTIME`. Looked up rather than constructed, so a typo
 * or a runtime this aws-cdk-lib does not know fails at synth instead of at deploy.
 */
export function functionRuntime(): Runtime {
  // NODEJS_LATEST shares the name of the newest runtime but is "variable"; we want the pinned one.
  const runtime = Runtime.ALL.find((candidate) => candidate.name === LAMBDA_RUNTIME && !candidate.isVariable);
  if (runtime === undefined) {
    throw new InvalidSettingError(
      `LAMBDA_RUNTIME "${LAMBDA_RUNTIME}" is not a Lambda runtime known to aws-cdk-lib; use nodejs22.x or nodejs24.x.`,
    );
  }
  return runtime;
}

/** `LOG_RETENTION_DAYS` as the CloudWatch enum, refusing a value CloudWatch does not offer. */
export function functionLogRetention(): RetentionDays {
  const retention = Object.values(RetentionDays).find((days) => days === LOG_RETENTION_DAYS);
  if (typeof retention !== 'number') {
    throw new InvalidSettingError(
      `LOG_RETENTION_DAYS ${LOG_RETENTION_DAYS} is not a CloudWatch Logs retention (1, 3, 5, 7, 14, 30, ...).`,
    );
  }
  return retention;
}
