/**
 * What a lab mapping is created with: the queue, the function, the properties as CloudFormation
 * names them, and the lab's own knobs, checked once at create and update.
 */
import type { BatchFormation } from './batch-formation';
import { InvalidParameterValueError } from '../errors';
import type { EventSourceMappingProperties, MappedFunctionSettings } from './mapping-properties';
import { LAMBDA_WAIT_TIME_SECONDS, type MappedQueue } from './sqs-poller';
import type { PropagatedAttributeReader } from '../../sqs/attribute-propagation';
import type { SqsCalls } from '../../sqs/sqs-calls';
import type { Invocable } from '../runtime/local-function';
import type { LabBus } from '../../../bus/lab-bus';

/** How to create a mapping (`EventSourceMapping.create`). */
export interface EventSourceMappingOptions {
  /** The pollers' calls on the queue (`sqsCallsOf(client)` with an SDK client). */
  readonly sqs: SqsCalls;
  readonly queue: MappedQueue;
  readonly fn: Invocable;
  /** The mapping's properties, as AWS::Lambda::EventSourceMapping names them. */
  readonly properties?: EventSourceMappingProperties;
  /** The function's timeout (default `fn.timeoutSeconds`) and reserved concurrency (default none). */
  readonly function?: Partial<MappedFunctionSettings>;
  /** How receives are sized (default AWS-like, seed 1). */
  readonly batchFormation?: BatchFormation;
  /**
   * A fixed number of concurrent pollers, without Lambda's scaling (a lab knob for tests,
   * benchmarks and chaos runs). Default: scale as Lambda does.
   */
  readonly pollers?: number;
  /** The lab's cap on concurrent batches when scaling (default `LAB_MAX_CONCURRENT_BATCHES`, 10). */
  readonly concurrencyCap?: number;
  /** Long-poll wait, 1 to 20 s. Lambda waits 20 s. */
  readonly waitTimeSeconds?: number;
  /** Where batch outcomes (`kind: 'mapping'`) and lab notes in the function's stream are published. */
  readonly logs?: LabBus;
  /**
   * How the queue's attributes reach Lambda: a SetQueueAttributes change is seen only after its
   * propagation delay (lab/services/sqs/attribute-propagation.ts). Default: at once.
   */
  readonly seenByLambda?: PropagatedAttributeReader;
}

/** The function settings the options give, with the function's own timeout by default. */
export function functionSettingsOf(options: EventSourceMappingOptions): MappedFunctionSettings {
  return {
    timeoutSeconds: options.function?.timeoutSeconds ?? options.fn.timeoutSeconds,
    ...(options.function?.reservedConcurrency === undefined
      ? {}
      : { reservedConcurrency: options.function.reservedConcurrency }),
  };
}

/** Checks the lab's knobs and the function's reserved concurrency; throws {@link InvalidParameterValueError}. */
export function checkLabKnobs(options: EventSourceMappingOptions): void {
  const { pollers, waitTimeSeconds, concurrencyCap } = options;
  if (pollers !== undefined && (!Number.isInteger(pollers) || pollers < 1))
    throw new InvalidParameterValueError(`pollers must be a positive integer, got ${pollers}`);
  if (concurrencyCap !== undefined && (!Number.isInteger(concurrencyCap) || concurrencyCap < 1))
    throw new InvalidParameterValueError(`concurrencyCap must be a positive integer, got ${concurrencyCap}`);
  const wait = waitTimeSeconds ?? LAMBDA_WAIT_TIME_SECONDS;
  if (!Number.isInteger(wait) || wait < 1 || wait > 20)
    throw new InvalidParameterValueError(`waitTimeSeconds must be an integer from 1 to 20, got ${wait}`);
  const reserved = options.function?.reservedConcurrency;
  if (reserved !== undefined && (!Number.isInteger(reserved) || reserved < 0))
    throw new InvalidParameterValueError(
      `ReservedConcurrentExecutions must be a non-negative integer, got ${reserved}`,
    );
}
