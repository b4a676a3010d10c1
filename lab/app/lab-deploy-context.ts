/**
 * What the lab's resource providers deploy with: the lab's settings they read (`StartLabOptions`
 * extends them) and the context of a deploy beyond the services (the bus, the endpoints, the
 * runtime, the assets, the custom resources' responses, the AWS call interceptor's plan).
 */
import type { AwsFaultRule } from '../interceptors/aws-call-faults';
import type { AwsCallLedger } from '../interceptors/aws-call-ledger';
import { type CustomResourceResponses } from '../services/cloudformation/resource-providers/custom-resource-provider';
import { type EmulatorEndpoints } from '../emulators/emulators';
import type { BatchFormation } from '../services/lambda/event-source-mapping/batch-formation';
import type { AccountConcurrency } from '../services/lambda/account-concurrency';
import type { LabBus } from '../bus/lab-bus';

/** The lab's settings the providers read (`StartLabOptions` extends them). */
export interface LabProviderSettings {
  /**
   * A fixed number of concurrent pollers per mapping, without Lambda's scaling (benchmarks,
   * chaos runs, tests). Default: start with 5 and scale as Lambda documents.
   */
  readonly pollers?: number;
  /**
   * How the mappings size their receives: AWS-like (a receive may return fewer messages than
   * the batch size, drawn from a seed) or `full` batches. Default AWS-like, seed 1.
   */
  readonly batchFormation?: BatchFormation;
  /** Long-poll wait of the pollers, 1–20 s (Lambda: 20). */
  readonly waitTimeSeconds?: number;
  /**
   * Lab-only: throttling of every API Gateway stage instead of the template's (1 request/s, burst
   * 10), for runs that test something else than the throttle at more requests per second (the
   * bad-input sweep). Nothing on AWS corresponds to it.
   */
  readonly stageThrottling?: { readonly rateLimitPerSecond: number; readonly burstLimit: number };
  /** The port each stack's API stage should keep when it is free, by stack name. */
  readonly preferredPorts?: { readonly apis?: Readonly<Record<string, number>> };
  /**
   * Authorize every AWS call a function makes against its role and the target's resource
   * policy (default true). Off only to measure IAM's cost, or to test other layers with
   * fixtures that have no grants.
   */
  readonly enforceIam?: boolean;
  /**
   * The lab runs under a debugger (`--inspect`): function timeouts are not enforced, so a paused
   * handler is not ended (`LocalFunctionOptions.debugging`). Default false.
   */
  readonly debugging?: boolean;
}

/** What the providers deploy with, beyond the services. */
export interface LabDeployContext {
  readonly logs: LabBus;
  readonly endpoints: EmulatorEndpoints;
  /**
   * The lab's one endpoint (`http://127.0.0.1:<port>`), once it listens: every function's SDK
   * calls go there (`AWS_ENDPOINT_URL`), whatever the service.
   */
  readonly awsEndpoint?: () => string | undefined;
  /** The account's concurrency quota, shared by every function (absent: none). */
  readonly concurrency?: AccountConcurrency;
  /** The bundled runtime worker every function's environments run. */
  readonly runtimePath: string;
  /** The directory of a stack's asset, by its key, in the cloud assembly being deployed. */
  readonly assetDir: (stackName: string, key: string) => string;
  /** The lab's S3: an object's bytes (function code the CDK CLI uploaded), or undefined; absent: assets only. */
  readonly objectBytes?: (bucket: string, key: string) => Buffer | undefined;
  /** Where custom resources' handlers send their responses. */
  readonly responses: CustomResourceResponses;
  /** The id of a stack of the lab's own region, by name (custom resources' `StackId`). */
  readonly stackIdOf: (stackName: string) => string | undefined;
  /** The AWS call interceptor inside the functions' environments: the ledger, the fault rules and their seed. */
  readonly awsCalls: {
    readonly ledger: AwsCallLedger;
    readonly faults: readonly AwsFaultRule[];
    readonly seed: number | string;
  };
}
