/**
 * What the queue visibility timeout custom resource does with one CloudFormation request:
 * Create and Update apply the timeout and wait until it holds (lambda/core/apply-visibility-timeout.ts);
 * Delete leaves the queue alone (it is deleted with the stack, or kept at whatever it runs).
 * Every failure becomes a FAILED answer with a reason CloudFormation shows in the stack events.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { CustomResourceOutcome } from '../commons/cloudformation-response';
import type { Logger } from '../commons/logger';
import { describeError } from '../core/describe-error';
import { secondsWithOneDecimalOf } from '../../lib/queue-settle-seconds';
import { applyVisibilityTimeout, type Clock, readIntervalMsFor } from '../core/apply-visibility-timeout';

/** Time kept back from the function's timeout to send the answer. */
export const RESPONSE_MARGIN_MS = 5000;

/** The custom resource's properties, read from what CloudFormation sends (numbers arrive as strings). */
export interface VisibilityTimeoutProperties {
  readonly queueUrl: string;
  readonly visibilityTimeoutSeconds: number;
  readonly settleSeconds: number;
  readonly stableReads: number;
}

/** A property is missing or malformed: the template and the handler disagree. */
export class InvalidResourcePropertiesError extends Error {
  override readonly name = 'InvalidResourcePropertiesError';
}

/** A whole number, as a JSON number or a string of digits; undefined for anything else. */
function wholeNumberOf(raw: unknown): number | undefined {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(value) ? value : undefined;
}

/**
 * Reads `QueueUrl`, `VisibilityTimeout`, `SettleSeconds` and `StableReads` from the request.
 * @throws InvalidResourcePropertiesError naming the property.
 */
export function parseVisibilityTimeoutProperties(
  properties: Readonly<Record<string, unknown>>,
): VisibilityTimeoutProperties {
  const queueUrl = properties.QueueUrl;
  if (typeof queueUrl !== 'string' || queueUrl === '') {
    throw new InvalidResourcePropertiesError('QueueUrl must be the queue URL');
  }
  const bounded = (name: string, min: number, max: number, decimals: 0 | 1): number => {
    const raw = properties[name];
    const value = decimals === 0 ? wholeNumberOf(raw) : secondsWithOneDecimalOf(raw);
    if (value === undefined || value < min || value > max) {
      const what = decimals === 0 ? 'an integer' : 'a number with at most one decimal';
      throw new InvalidResourcePropertiesError(
        `${name} must be ${what} from ${min} to ${max}, got ${JSON.stringify(raw)}`,
      );
    }
    return value;
  };
  return {
    queueUrl,
    // SQS's range for VisibilityTimeout: 0 s to 12 hours.
    visibilityTimeoutSeconds: bounded('VisibilityTimeout', 0, 43_200, 0),
    // Fractions of a second on the lab (lib/queue-settle-seconds.ts); at most Lambda's 900 s.
    settleSeconds: bounded('SettleSeconds', 0, 900, 1),
    stableReads: bounded('StableReads', 1, 100, 0),
  };
}

/** What answering needs besides the request. */
export interface AnswerDependencies {
  readonly sqs: SQSClient;
  readonly clock: Clock;
  /** `context.getRemainingTimeInMillis()` when the request arrived. */
  readonly remainingMs: number;
  readonly logger: Logger;
}

/** Handles one request and returns the answer to PUT (never throws). */
export async function answerVisibilityTimeoutRequest(
  event: CloudFormationCustomResourceEvent,
  deps: AnswerDependencies,
): Promise<CustomResourceOutcome> {
  const { logger } = deps;
  const physicalResourceId =
    event.RequestType === 'Create'
      ? `${event.LogicalResourceId}:${String(event.ResourceProperties.QueueUrl ?? '')}`
      : event.PhysicalResourceId;
  if (event.RequestType === 'Delete') {
    logger.info('visibility-timeout-left', `${event.LogicalResourceId}: Delete leaves the queue as it is`);
    return { status: 'SUCCESS', physicalResourceId };
  }
  try {
    const properties = parseVisibilityTimeoutProperties(event.ResourceProperties);
    const { queueUrl, visibilityTimeoutSeconds: seconds, settleSeconds } = properties;
    const started = deps.clock.now();
    const applied = await applyVisibilityTimeout(deps.sqs, deps.clock, {
      queueUrl,
      seconds,
      stableReads: properties.stableReads,
      readIntervalMs: readIntervalMsFor(settleSeconds, properties.stableReads),
      settleSeconds,
      deadlineMs: started + deps.remainingMs - RESPONSE_MARGIN_MS,
    });
    logger.info(
      'visibility-timeout-applied',
      `${event.LogicalResourceId}: VisibilityTimeout ${seconds} s on ${queueUrl}, read ${properties.stableReads} times in a row after ${applied.readStableAfterMs} ms, settled after ${applied.totalMs} ms (settle time ${settleSeconds} s)`,
      { queueUrl, seconds, settleSeconds, ...applied },
    );
    return {
      status: 'SUCCESS',
      physicalResourceId,
      data: { VisibilityTimeout: String(seconds), SettledAfterMs: String(applied.totalMs) },
    };
  } catch (error) {
    const { errorName, errorMessage } = describeError(error);
    logger.error('visibility-timeout-failed', `${event.LogicalResourceId}: ${errorName}: ${errorMessage}`, {
      errorName,
      errorMessage,
    });
    return { status: 'FAILED', physicalResourceId, reason: `${errorName}: ${errorMessage}` };
  }
}
