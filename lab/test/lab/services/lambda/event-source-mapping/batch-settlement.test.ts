import { describe, expect, it } from 'vitest';
import { settleBatch } from '#lab/services/lambda/event-source-mapping/batch-settlement';
import type { InvocationResult } from '#lab/services/lambda/runtime/local-function';

const ids = ['m1', 'm2', 'm3'];
const returned = (payload: unknown): InvocationResult => ({
  status: 'success',
  requestId: 'r',
  payload,
  durationMs: 1,
});

describe('settleBatch (what the event source mapping deletes)', () => {
  describe.each([true, false])('reportBatchItemFailures %s', (reportBatchItemFailures) => {
    it('deletes nothing when the function threw', () => {
      const result: InvocationResult = {
        status: 'error',
        requestId: 'r',
        error: { errorType: 'Error', errorMessage: 'x', trace: [] },
        durationMs: 1,
      };
      expect(settleBatch(ids, result, reportBatchItemFailures)).toEqual({
        deleteMessageIds: [],
        keepMessageIds: ids,
        outcome: 'failure',
        reason: 'function-error',
      });
    });

    it('deletes nothing when the function timed out', () => {
      const result: InvocationResult = {
        status: 'timeout',
        requestId: 'r',
        error: { errorType: 'Sandbox.Timedout', errorMessage: 'x', trace: [] },
        durationMs: 1,
      };
      expect(settleBatch(ids, result, reportBatchItemFailures)).toMatchObject({
        deleteMessageIds: [],
        reason: 'timeout',
      });
    });

    it.each([null, {}, { batchItemFailures: [] }, { batchItemFailures: null }])(
      'deletes everything for %j',
      (payload) => {
        expect(settleBatch(ids, returned(payload), reportBatchItemFailures)).toMatchObject({
          deleteMessageIds: ids,
          outcome: 'success',
        });
      },
    );
  });

  it('without reportBatchItemFailures ignores a returned list, even an invalid one', () => {
    expect(
      settleBatch(ids, returned({ batchItemFailures: [{ itemIdentifier: 'm2' }] }), false).deleteMessageIds,
    ).toEqual(ids);
    expect(settleBatch(ids, returned('not even an object'), false).deleteMessageIds).toEqual(ids);
  });

  it('with reportBatchItemFailures keeps exactly the listed records', () => {
    expect(settleBatch(ids, returned({ batchItemFailures: [{ itemIdentifier: 'm2' }] }), true)).toEqual({
      deleteMessageIds: ['m1', 'm3'],
      keepMessageIds: ['m2'],
      outcome: 'partial',
      reason: 'batch-item-failures',
    });
  });

  it('calls a batch whose every record is listed a failure, still a valid response', () => {
    const listed = { batchItemFailures: ids.map((itemIdentifier) => ({ itemIdentifier })) };
    expect(settleBatch(ids, returned(listed), true)).toMatchObject({
      deleteMessageIds: [],
      outcome: 'failure',
      reason: 'batch-item-failures',
    });
  });

  it.each([
    ['an identifier not in the batch', { batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'other' }] }],
    ['an empty identifier', { batchItemFailures: [{ itemIdentifier: '' }] }],
    ['a null identifier', { batchItemFailures: [{ itemIdentifier: null }] }],
    ['a numeric identifier', { batchItemFailures: [{ itemIdentifier: 2 }] }],
    ['a wrong key', { batchItemFailures: [{ messageId: 'm2' }] }],
    ['a null entry', { batchItemFailures: [null] }],
    ['a list that is not an array', { batchItemFailures: { itemIdentifier: 'm2' } }],
    ['a string response', 'ok'],
    ['an array response', [{ itemIdentifier: 'm2' }]],
  ])('with reportBatchItemFailures fails the whole batch on %s', (_case, payload) => {
    expect(settleBatch(ids, returned(payload), true)).toEqual({
      deleteMessageIds: [],
      keepMessageIds: ids,
      outcome: 'failure',
      reason: 'invalid-response',
    });
  });
});
