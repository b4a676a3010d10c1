/**
 * Named errors of the core modules. Each says what went wrong in a sentence a user can act
 * on; handlers map them to fixed HTTP statuses or to failed batch items, never to a stack
 * trace.
 */

/** A `POST /enqueue` request the producer refuses. `statusCode` is always 4xx. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(
    message: string,
    readonly statusCode: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** A queue message whose body is not what the producer sends (a poison message). */
export class InvalidMessageError extends Error {
  override readonly name = 'InvalidMessageError';
}

/**
 * Another delivery of the same id holds a live claim: the work may still fail, so this copy
 * must not be acknowledged. It goes back to the queue and is retried later.
 */
export class IdempotencyInProgressError extends Error {
  override readonly name = 'IdempotencyInProgressError';
  constructor(
    readonly key: string,
    readonly inProgressExpiresAtMs: number | undefined,
  ) {
    super(`id ${key} is being processed by another delivery; retry later`);
  }
}

/**
 * This delivery's claim expired and another delivery took it over, so completing would
 * apply the effect a second time. The completion was refused; the message is not
 * acknowledged by this copy.
 */
export class ClaimLostError extends Error {
  override readonly name = 'ClaimLostError';
  constructor(readonly key: string) {
    super(`claim on id ${key} was taken over by another delivery; this copy does not complete`);
  }
}

/** A record the batch worker failed on purpose (`shouldFail: true`). */
export class IntentionalFailureError extends Error {
  override readonly name = 'IntentionalFailureError';
}

/** The batch worker failed some records and cannot report them one by one. */
export class BatchFailedError extends Error {
  override readonly name = 'BatchFailedError';
}

/** The `failHeartbeat` experiment: an extension fails as if ChangeMessageVisibility errored. */
export class SimulatedHeartbeatError extends Error {
  override readonly name = 'SimulatedHeartbeatError';
}

/** Some SendMessageBatch entries could not be sent even after retries. */
export class EnqueueFailedError extends Error {
  override readonly name = 'EnqueueFailedError';
  constructor(
    message: string,
    readonly failedIds: readonly string[],
    readonly sentIds: readonly string[],
  ) {
    super(message);
  }
}

/**
 * A queue did not read the visibility timeout just set, stably, before the deadline: SQS
 * documents up to 60 s for an attribute change to propagate, so this means something else is
 * wrong (another writer, an unhealthy region). The deploy fails rather than let a mapping
 * update meet Lambda's check with the old value.
 */
export class VisibilityTimeoutNotAppliedError extends Error {
  override readonly name = 'VisibilityTimeoutNotAppliedError';
}
