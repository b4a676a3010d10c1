/**
 * Lambda event filtering for an SQS mapping (`FilterCriteria`), as the Lambda developer guide
 * defines it: "Lambda event filtering" (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html)
 * and "Using event filtering with an Amazon SQS event source"
 * (https://docs.aws.amazon.com/lambda/latest/dg/with-sqs-filtering.html).
 *
 * - Up to five filters per mapping (the default quota); they are ORed: a record that satisfies one
 *   goes to the function, a record that satisfies none is discarded, and for SQS "Lambda
 *   automatically removes the message from the queue".
 * - A pattern is JSON: keys name fields of the record as Lambda builds it; an array holds the
 *   rules one of which the field's value must meet; an object descends into the field; `$or`
 *   holds patterns one of which must match. Rules: a value (string, number, `null`, `""`),
 *   `equals-ignore-case`, `prefix`, `suffix` (each also with `equals-ignore-case` inside),
 *   `anything-but` (a value, a list, or `prefix`/`suffix`/`equals-ignore-case`), `numeric`
 *   (`=`, `<`, `<=`, `>`, `>=`, one bound or a range), `exists`. A field holding a list matches
 *   when one of its items does (EventBridge's rule, which Lambda's syntax follows).
 * - The body: a pattern whose `body` is an object filters on the body parsed as JSON; one whose
 *   `body` is a list of rules filters on the body as a plain string. When the two disagree (a JSON
 *   pattern for a plain-string body, or a plain-string pattern for a JSON body) Lambda drops the
 *   message; without `body` in the pattern, the body is not looked at.
 * No npm package implements these semantics for Lambda (EventBridge's own matcher, aws/event-ruler,
 * is Java), so the lab keeps this one file, unit-tested against the guide's examples.
 */
import type { SQSRecord } from 'aws-lambda';
import {
  type EventPattern,
  EventPatternError,
  matchesEventPattern,
  parseEventPattern,
} from '../../../common/event-pattern';
import { InvalidFilterPatternError } from '../errors';

/** `FilterCriteria` as CloudFormation and the Lambda API spell it. */
export interface FilterCriteria {
  readonly Filters?: readonly { readonly Pattern?: string }[];
}

/** The default quota of filters per event source mapping. */
export const MAX_FILTERS = 5;

/** A compiled `FilterCriteria`: does a record go to the function? */
export interface RecordFilter {
  /** How many patterns it holds (0: every record passes). */
  readonly size: number;
  matches(record: SQSRecord): boolean;
}

/** Compiles the criteria; throws {@link InvalidFilterPatternError} for a pattern Lambda refuses. */
export function compileFilterCriteria(criteria: FilterCriteria | undefined): RecordFilter {
  const patterns = (criteria?.Filters ?? []).map((filter) => parsePattern(filter.Pattern ?? ''));
  if (patterns.length > MAX_FILTERS)
    throw new InvalidFilterPatternError(
      `a mapping takes at most ${MAX_FILTERS} filters (Lambda's default quota), got ${patterns.length}`,
    );
  return {
    size: patterns.length,
    matches: (record) => patterns.length === 0 || patterns.some((pattern) => matchesRecord(pattern, record)),
  };
}

/** A pattern Lambda takes, or its InvalidFilterPatternError. */
function parsePattern(text: string): EventPattern {
  try {
    return parseEventPattern(text);
  } catch (error) {
    if (error instanceof EventPatternError) throw new InvalidFilterPatternError(error.message, { cause: error });
    throw error;
  }
}

/** A record against one pattern, the body read as the guide says. */
function matchesRecord(pattern: EventPattern, record: SQSRecord): boolean {
  const { body: bodyPattern, ...rest } = pattern;
  const fields: Record<string, unknown> = { ...record };
  if (bodyPattern !== undefined) {
    const parsed = parseJsonBody(record.body);
    const jsonPattern = isObject(bodyPattern);
    // A mismatch between the body's format and the pattern's drops the message.
    if (jsonPattern !== (parsed !== undefined)) return false;
    fields.body = jsonPattern ? parsed : record.body;
  }
  return matchesEventPattern(bodyPattern === undefined ? rest : { ...rest, body: bodyPattern }, fields);
}

/** The body as JSON (an object or a list), or undefined when it is a plain string. */
function parseJsonBody(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
