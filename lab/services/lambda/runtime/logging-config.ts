import { parseLevel } from './console-format';
import type { LambdaLogging } from './lambda-environment';
import type { LocalFunctionOptions } from './local-function-options';

/**
 * The function's LoggingConfig, read back from its environment as the runtime reads it: how
 * its environments' lines are filtered and how its platform records are written.
 */
export function loggingConfig(options: Pick<LocalFunctionOptions, 'environment' | 'systemLogLevel'>): LambdaLogging {
  const json = options.environment.AWS_LAMBDA_LOG_FORMAT?.toUpperCase() === 'JSON';
  return {
    format: json ? 'JSON' : 'Text',
    applicationLogLevel: parseLevel(options.environment.AWS_LAMBDA_LOG_LEVEL) ?? 'TRACE',
    systemLogLevel: options.systemLogLevel ?? 'INFO',
  };
}
