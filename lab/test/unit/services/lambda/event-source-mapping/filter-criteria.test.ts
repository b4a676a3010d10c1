/**
 * Lambda event filtering on SQS records, each test reproducing an example of the Lambda developer
 * guide: "Lambda event filtering", Filter rule syntax
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html#filtering-syntax),
 * and "Using event filtering with an Amazon SQS event source"
 * (https://docs.aws.amazon.com/lambda/latest/dg/with-sqs-filtering.html).
 */
import { describe, expect, it } from 'vitest';
import { InvalidFilterPatternError } from '#lab/services/lambda/errors';
import { compileFilterCriteria } from '#lab/services/lambda/event-source-mapping/filter-criteria';
import { sqsRecord } from '#lab/test/helpers/factories';

/** Whether a record with `body` passes a mapping whose only filter is `pattern`. */
const passes = (pattern: object, body: string | object): boolean =>
  compileFilterCriteria({ Filters: [{ Pattern: JSON.stringify(pattern) }] }).matches(sqsRecord(body));

/** The guide's comparison operators are shown on a field of the body here (SQS filters on `body`). */
const onBody = (rules: Record<string, unknown>): object => ({ body: rules });

describe('compileFilterCriteria: the SQS page’s examples', () => {
  it('"RequestCode" is "BBBB": only those records reach the function', () => {
    const pattern = { body: { RequestCode: ['BBBB'] } };
    expect(passes(pattern, { RecordNumber: 1234, TimeStamp: 'yyyy-mm-ddThh:mm:ss', RequestCode: 'BBBB' })).toBe(true);
    expect(passes(pattern, { RecordNumber: 1234, TimeStamp: 'yyyy-mm-ddThh:mm:ss', RequestCode: 'AAAA' })).toBe(false);
  });

  it('"RecordNumber" greater than 9999 (numeric >)', () => {
    const pattern = { body: { RecordNumber: [{ numeric: ['>', 9999] }] } };
    expect(passes(pattern, { RecordNumber: 10000 })).toBe(true);
    expect(passes(pattern, { RecordNumber: 1234 })).toBe(false);
  });
});

describe('compileFilterCriteria: the filter rule syntax table', () => {
  it.each([
    ['Null', { UserID: [null] }, { UserID: null }, { UserID: 'u1' }],
    ['Empty', { LastName: [''] }, { LastName: '' }, { LastName: 'Doe' }],
    ['Equals', { Name: ['Alice'] }, { Name: 'Alice' }, { Name: 'alice' }],
    ['Equals (ignore case)', { Name: [{ 'equals-ignore-case': 'alice' }] }, { Name: 'ALICE' }, { Name: 'Bob' }],
    [
      'And',
      { Location: ['New York'], Day: ['Monday'] },
      { Location: 'New York', Day: 'Monday' },
      { Location: 'New York', Day: 'Tuesday' },
    ],
    ['Or', { PaymentType: ['Credit', 'Debit'] }, { PaymentType: 'Debit' }, { PaymentType: 'Cash' }],
    [
      'Or (multiple fields)',
      { $or: [{ Location: ['New York'] }, { Day: ['Monday'] }] },
      { Location: 'Paris', Day: 'Monday' },
      { Location: 'Paris', Day: 'Sunday' },
    ],
    ['Not', { Weather: [{ 'anything-but': ['Raining'] }] }, { Weather: 'Sunny' }, { Weather: 'Raining' }],
    ['Numeric (equals)', { Price: [{ numeric: ['=', 100] }] }, { Price: 100 }, { Price: 101 }],
    ['Numeric (range)', { Price: [{ numeric: ['>', 10, '<=', 20] }] }, { Price: 20 }, { Price: 10 }],
    ['Exists', { ProductName: [{ exists: true }] }, { ProductName: 'x' }, { Other: 1 }],
    ['Does not exist', { ProductName: [{ exists: false }] }, { Other: 1 }, { ProductName: 'x' }],
    ['Begins with', { Region: [{ prefix: 'us-' }] }, { Region: 'us-east-1' }, { Region: 'eu-west-1' }],
    ['Ends with', { FileName: [{ suffix: '.png' }] }, { FileName: 'cat.png' }, { FileName: 'cat.jpg' }],
  ])('%s', (_name, rules, matching, other) => {
    expect(passes(onBody(rules), matching)).toBe(true);
    expect(passes(onBody(rules), other)).toBe(false);
  });

  it('a field holding a list matches when one of its items does', () => {
    expect(passes(onBody({ Tags: ['urgent'] }), { Tags: ['low', 'urgent'] })).toBe(true);
    expect(passes(onBody({ Tags: ['urgent'] }), { Tags: ['low'] })).toBe(false);
  });

  it('descends into nested objects', () => {
    expect(passes({ body: { order: { status: ['paid'] } } }, { order: { status: 'paid' } })).toBe(true);
    expect(passes({ body: { order: { status: ['paid'] } } }, { order: 'paid' })).toBe(false);
  });
});

describe('compileFilterCriteria: the body’s format against the pattern’s', () => {
  it('filters a plain-string body with a plain-string pattern', () => {
    expect(passes({ body: [{ prefix: 'Result: ' }] }, 'Result: ok')).toBe(true);
    expect(passes({ body: [{ prefix: 'Result: ' }] }, 'Error: no')).toBe(false);
  });

  it('drops a plain-string body under a JSON pattern, and a JSON body under a plain-string pattern', () => {
    expect(passes({ body: { RequestCode: ['BBBB'] } }, 'RequestCode BBBB')).toBe(false);
    expect(passes({ body: [{ prefix: '{' }] }, { RequestCode: 'BBBB' })).toBe(false);
  });

  it('does not look at the body when the pattern has no body key', () => {
    const filter = compileFilterCriteria({ Filters: [{ Pattern: JSON.stringify({ eventSource: ['aws:sqs'] }) }] });
    expect(filter.matches(sqsRecord('not JSON at all'))).toBe(true);
  });
});

describe('compileFilterCriteria: the criteria as a whole', () => {
  it('ORs the filters: a record passes when one of them matches', () => {
    const filter = compileFilterCriteria({
      Filters: [
        { Pattern: JSON.stringify({ body: { kind: ['a'] } }) },
        { Pattern: JSON.stringify({ body: { kind: ['b'] } }) },
      ],
    });
    expect(filter.matches(sqsRecord({ kind: 'b' }))).toBe(true);
    expect(filter.matches(sqsRecord({ kind: 'c' }))).toBe(false);
  });

  it('lets every record through without filters', () => {
    expect(compileFilterCriteria(undefined).matches(sqsRecord('anything'))).toBe(true);
    expect(compileFilterCriteria({ Filters: [] }).size).toBe(0);
  });

  it('takes at most five filters (the default quota)', () => {
    const filters = Array.from({ length: 6 }, (_, index) => ({ Pattern: JSON.stringify({ body: { n: [index] } }) }));
    expect(() => compileFilterCriteria({ Filters: filters.slice(0, 5) })).not.toThrow();
    expect(() => compileFilterCriteria({ Filters: filters })).toThrow(InvalidFilterPatternError);
  });

  it('refuses a pattern that is not JSON, not an object, or uses an unknown rule', () => {
    for (const pattern of ['{body:', '["a"]', JSON.stringify({ body: { a: [{ contains: 'x' }] } })])
      expect(() => compileFilterCriteria({ Filters: [{ Pattern: pattern }] })).toThrow(InvalidFilterPatternError);
  });
});
