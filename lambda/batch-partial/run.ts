import { BATCH_PARTIAL } from '../../lib/settings';
import { InvalidMessageError, RequestValidationError } from '../core/errors';
import { readNumber, takerThrowing } from '../core/fields';
import { parseJsonObjectMessage } from '../core/message-body';
import { rejectUnknownFields } from '../core/request-body';

/** A Step 8 run: `count` messages, every `failEvery`-th one marked to fail (0: none). */
export interface BatchRunRequest {
  readonly count: number;
  readonly failEvery: number;
}

/** The body of one Step 8 message. */
export interface BatchItem {
  /** `<runId>-<index>`, e.g. `1700000000000-3`: what the worker logs. */
  readonly id: string;
  readonly runId: string;
  /** 1-based position in the run. */
  readonly index: number;
  readonly shouldFail: boolean;
}

export const BATCH_RUN_FIELDS = ['count', 'failEvery'] as const;
export const BATCH_RUN_EXAMPLE = '{"count":10,"failEvery":3}';

/** Validates a `POST /enqueue` body of BatchPartialStack; throws RequestValidationError. */
export function parseBatchRunRequest(body: Record<string, unknown>): BatchRunRequest {
  rejectUnknownFields(body, BATCH_RUN_FIELDS);
  const take = takerThrowing((problem) => new RequestValidationError(problem));
  return {
    count: take(readNumber(body, 'count', { min: 1, max: BATCH_PARTIAL.maxCount, integer: true, fallback: 10 })),
    failEvery: take(readNumber(body, 'failEvery', { min: 0, max: BATCH_PARTIAL.maxCount, integer: true, fallback: 0 })),
  };
}

/** The run's messages: indexes 1..count, `shouldFail` on every multiple of `failEvery`. */
export function buildBatchItems(request: BatchRunRequest, runId: string): BatchItem[] {
  return Array.from({ length: request.count }, (_, offset) => {
    const index = offset + 1;
    return {
      id: `${runId}-${index}`,
      runId,
      index,
      shouldFail: request.failEvery > 0 && index % request.failEvery === 0,
    };
  });
}

/** Parses a Step 8 message body; throws InvalidMessageError for anything else. */
export function parseBatchItem(text: string): BatchItem {
  const { id, runId, index, shouldFail } = parseJsonObjectMessage(text);
  if (typeof id !== 'string' || id === '') throw new InvalidMessageError('message body has no string "id"');
  if (shouldFail !== undefined && typeof shouldFail !== 'boolean') {
    throw new InvalidMessageError('"shouldFail" must be a boolean');
  }
  return {
    id,
    runId: typeof runId === 'string' ? runId : '',
    index: typeof index === 'number' ? index : 0,
    shouldFail: shouldFail === true,
  };
}
