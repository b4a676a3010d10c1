import type { AwsFaultRule } from '../../../interceptors/aws-call-faults';
import type { AwsCallLedger } from '../../../interceptors/aws-call-ledger';
import type { LabBus } from '../../../bus/lab-bus';
import type { FunctionRef } from '../../../bus/lab-log-record';
import type { LambdaLogging } from './lambda-environment';
import type { DeniedCall } from './runtime-protocol';
import type { AccountConcurrency } from '../account-concurrency';
import type { LambdaModuleRoots } from './lambda-module-resolution';

/**
 * How to run one function: what `LocalFunction` takes, and what its execution environments,
 * its pool and its platform records read (LocalStack keeps the same in `FunctionVersion`,
 * `services/lambda_/invocation/lambda_models.py`).
 */
export interface LocalFunctionOptions {
  readonly ref: FunctionRef;
  /** The bundled handler (`bundleFunction`). */
  readonly bundlePath: string;
  /** Where a deployed Node.js function's code and the runtime's SDK are (see `RuntimeWorkerData.moduleRoots`). */
  readonly moduleRoots?: LambdaModuleRoots;
  /** The bundled runtime (`bundleRuntimeWorker`). */
  readonly runtimePath: string;
  /** fauxqs's `localhost.js` (`localhostDnsModuleUrl()`). */
  readonly localhostDnsModuleUrl: string;
  /** Seconds; fractions are allowed so tests can run short timeouts. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /**
   * The function's full environment (see `lambdaEnvironment`). Its `AWS_LAMBDA_LOG_FORMAT` and
   * `AWS_LAMBDA_LOG_LEVEL` say how lines are written and filtered, as in Lambda.
   */
  readonly environment: Readonly<Record<string, string>>;
  /** LoggingConfig's SystemLogLevel (JSON format only; default INFO, as Lambda's). */
  readonly systemLogLevel?: LambdaLogging['systemLogLevel'];
  readonly logs: LabBus;
  /** Where the environments' AWS calls are counted, and the fault rules they apply. */
  readonly awsCalls?: {
    readonly ledger: AwsCallLedger;
    readonly faults?: readonly AwsFaultRule[];
    readonly seed?: number | string;
  };
  /** IAM: decides each AWS call the function makes (undefined: allowed). Absent: no IAM checks. */
  readonly authorize?: (call: {
    readonly service: string;
    readonly operation: string;
    readonly input: unknown;
  }) => Promise<DeniedCall | undefined>;
  /** The IAM version cell (see `RuntimeWorkerData.iamVersion`). */
  readonly iamVersion?: SharedArrayBuffer;
  /** HTTPS hosts sent to lab servers instead (a custom resource's ResponseURL). */
  readonly httpsRedirects?: Readonly<Record<string, { readonly host: string; readonly port: number }>>;
  /** The log group Lambda writes to (`LoggingConfig.LogGroup`); default `/aws/lambda/<name>`. */
  readonly logGroupName?: string;
  /**
   * `Date.now()` at which the new function becomes Active (Lambda's function states: Pending
   * while Lambda sets it up; CloudFormation waits for Active). Invocations wait until then.
   * The lab sets it to when the grants its role had at creation have propagated. Default: at once.
   */
  readonly activeAt?: number;
  /**
   * The lab runs under a debugger (`--inspect`): neither the function timeout nor the INIT limit
   * ends an environment, so a handler paused at a breakpoint stays paused, as `sam local invoke
   * -d` does (SAM sets no timeout timer when debugging: aws/aws-sam-cli,
   * samcli/local/lambdafn/runtime.py `_configure_interrupt`). The deadline the handler reads
   * (`context.getRemainingTimeInMillis()`) is the function's own, as without a debugger.
   */
  readonly debugging?: boolean;
  /**
   * The account's concurrency quota every function of the lab shares (account-concurrency.ts):
   * an invocation it cannot take is throttled (`TooManyRequestsError`) before it runs. Absent:
   * no account limit.
   */
  readonly concurrency?: AccountConcurrency;
  /**
   * Whether the role may decrypt the environment (`KmsKeyArn`), asked before each invocation:
   * false fails it with `KMSAccessDeniedException`, as Lambda cannot start the function. Absent:
   * the environment is not encrypted with a customer-managed key.
   */
  readonly environmentKeyAccess?: () => Promise<boolean>;
}
