import { describe, expect, it } from 'vitest';
import { parseBatchPartialOptions } from '#lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '#lib/errors';

describe('parseBatchPartialOptions', () => {
  it('defaults to batch size 10 with partial batch responses on', () => {
    expect(parseBatchPartialOptions({})).toEqual({ batchSize: 10, reportBatchItemFailures: true });
  });

  describe.each([
    { raw: { batchSize: 1 }, expected: { batchSize: 1 } },
    { raw: { batchSize: '1' }, expected: { batchSize: 1 } },
    { raw: { batchSize: '10' }, expected: { batchSize: 10 } },
    { raw: { reportBatchItemFailures: false }, expected: { reportBatchItemFailures: false } },
    { raw: { reportBatchItemFailures: 'false' }, expected: { reportBatchItemFailures: false } },
    { raw: { reportBatchItemFailures: 'true' }, expected: { reportBatchItemFailures: true } },
  ])('accepts $raw (JSON from cdk.json or a string from -c)', ({ raw, expected }) => {
    it('returns the parsed value', () => {
      expect(parseBatchPartialOptions(raw)).toMatchObject(expected);
    });
  });

  describe.each([0, 11, 2.5, -1, '0', '11', 'ten', '', '1e1', null, true])('rejects batchSize %j', (batchSize) => {
    it('with a sentence naming 1 to 10', () => {
      const parse = () => parseBatchPartialOptions({ batchSize });
      expect(parse).toThrow(InvalidBatchPartialOptionError);
      expect(parse).toThrow(/^batchSize must be an integer from 1 to 10/);
    });
  });

  describe.each(['yes', 'no', 'TRUE', '1', 0, 1, '', null])('rejects reportBatchItemFailures %j', (value) => {
    it('with a sentence naming true and false', () => {
      const parse = () => parseBatchPartialOptions({ reportBatchItemFailures: value });
      expect(parse).toThrow(InvalidBatchPartialOptionError);
      expect(parse).toThrow(/^reportBatchItemFailures must be true or false, got /);
    });
  });

  it('quotes the rejected value so an empty or padded string is visible', () => {
    expect(() => parseBatchPartialOptions({ batchSize: '' })).toThrow('got "".');
  });
});
