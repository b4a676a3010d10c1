import { SQS_MAX_DELAY_SECONDS, VISIBILITY_DUP } from '../../lib/settings';
import { InvalidMessageError, RequestValidationError } from '../core/errors';
import { readBoolean, readId, readNumber, readOptionalNumber, takerThrowing } from '../core/fields';
import { parseJsonObjectMessage } from '../core/message-body';
import { rejectUnknownFields } from '../core/request-body';

/**
 * One Step 7 job: the body of `POST /enqueue` and, with every default filled in, the body of
 * the queue message. The three switches default to the safe behaviour.
 */
export interface VisibilityJob {
  /** Idempotency key and the id in every log line. */
  readonly id: string;
  /** Seconds of simulated work. */
  readonly sleep: number;
  /** `false`: no ChangeMessageVisibility while working (the duplicate experiment). */
  readonly heartbeat: boolean;
  /** `true`: every extension fails as if ChangeMessageVisibility errored. */
  readonly failHeartbeat: boolean;
  /** `false`: no guard, the effect runs on every delivery. */
  readonly idempotency: boolean;
  /**
   * SendMessage's `DelaySeconds` (a message timer, 0 to 900): the message stays hidden this long
   * after the send. Absent: the queue's own delay applies (0 on the deployed queue).
   */
  readonly delaySeconds?: number;
  /**
   * `true`: the producer sends the job twice, as a producer does when it retries after a lost
   * response: the same id in two messages with two SQS message ids.
   */
  readonly sendTwice: boolean;
}

/** The request fields, in the order the error message lists them. */
export const VISIBILITY_JOB_FIELDS = [
  'id',
  'sleep',
  'heartbeat',
  'failHeartbeat',
  'idempotency',
  'delaySeconds',
  'sendTwice',
] as const;

/** What a valid request looks like, quoted in error messages. */
export const VISIBILITY_JOB_EXAMPLE = '{"id":"msg-1","sleep":8}';

/**
 * Validates a decoded request or message body. `fail` builds the error for a bad field, so
 * the producer answers 400 and the worker treats the message as poison.
 */
function readJob(body: Record<string, unknown>, fail: (problem: string) => Error): VisibilityJob {
  const take = takerThrowing(fail);
  const delaySeconds = take(
    readOptionalNumber(body, 'delaySeconds', { min: 0, max: SQS_MAX_DELAY_SECONDS, integer: true }),
  );
  return {
    id: take(readId(body, 'id')),
    sleep: take(
      readNumber(body, 'sleep', { min: 0, max: VISIBILITY_DUP.maxSleepSeconds, integer: false, fallback: 0 }),
    ),
    heartbeat: take(readBoolean(body, 'heartbeat', true)),
    failHeartbeat: take(readBoolean(body, 'failHeartbeat', false)),
    idempotency: take(readBoolean(body, 'idempotency', true)),
    ...(delaySeconds === undefined ? {} : { delaySeconds }),
    sendTwice: take(readBoolean(body, 'sendTwice', false)),
  };
}

/** Validates a `POST /enqueue` body of VisibilityDupStack; throws RequestValidationError. */
export function parseVisibilityJobRequest(body: Record<string, unknown>): VisibilityJob {
  rejectUnknownFields(body, VISIBILITY_JOB_FIELDS);
  return readJob(body, (problem) => new RequestValidationError(problem));
}

/** Parses a queue message body; throws InvalidMessageError for anything the producer would not send. */
export function parseVisibilityJobMessage(text: string): VisibilityJob {
  return readJob(parseJsonObjectMessage(text), (problem) => new InvalidMessageError(problem));
}
