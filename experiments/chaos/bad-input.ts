/**
 * The bad-input sweep: requests `POST /enqueue` must refuse, for each stack, and the valid
 * edge cases it must accept (unicode ids up to the length limit, fractional sleeps). The
 * sweep sends them through the local API at a pace under the stage throttle and reports
 * what came back; {@link outcomeProblem} judges each outcome.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_ID_LENGTH, MAX_REQUEST_BODY_BYTES, VISIBILITY_DUP } from '../../lib/settings';
import { MAX_PAYLOAD_BYTES, parseJsonObject } from '@sqs-lab/lab';

/** One request of the sweep. */
export interface InputCase {
  readonly name: string;
  /** The raw request body (a string is sent as UTF-8). */
  readonly body: string;
  /** `null`: no Content-Type header at all. Default `application/json`. */
  readonly contentType?: string | null;
  /** `true`: a valid request that must be accepted (202) and whose `id` must round-trip. */
  readonly valid?: boolean;
}

/** What one request got back. */
export interface InputOutcome {
  readonly case: InputCase;
  readonly status: number;
  /** The response body parsed as JSON, or undefined when it is not JSON. */
  readonly json: Record<string, unknown> | undefined;
  /** 429 answers from the stage throttle that were retried first. */
  readonly throttledRetries: number;
}

const json = (value: unknown): string => JSON.stringify(value);
const pad = (bytes: number): string => 'x'.repeat(bytes);

/** Bad bodies every `POST /enqueue` refuses, whatever the stack. */
function commonBadCases(valid: Record<string, unknown>): InputCase[] {
  return [
    { name: 'malformed JSON', body: '{"id": "a", ' },
    { name: 'trailing garbage', body: `${json(valid)} x` },
    { name: 'wrong content type (text/plain)', body: json(valid), contentType: 'text/plain' },
    { name: 'wrong content type (form)', body: 'id=a&sleep=1', contentType: 'application/x-www-form-urlencoded' },
    { name: 'empty body', body: '' },
    { name: 'whitespace body', body: '   \n' },
    { name: 'array', body: json([valid]) },
    { name: 'empty array', body: '[]' },
    { name: 'JSON null', body: 'null' },
    { name: 'JSON string', body: json('hello') },
    { name: 'JSON number', body: '42' },
    { name: 'unknown field', body: json({ ...valid, extra: true }) },
    { name: 'misspelt field', body: json({ ...valid, failEvry: 1, heartbaet: true }) },
    {
      name: `body over ${MAX_REQUEST_BODY_BYTES} bytes`,
      body: json({ ...valid, padding: pad(MAX_REQUEST_BODY_BYTES) }),
    },
    { name: 'body over the API payload limit (10 MB)', body: pad(MAX_PAYLOAD_BYTES + 1) },
  ];
}

/** VisibilityDupStack: `{"id":"msg-1","sleep":8}` plus the experiment switches. */
export function visibilityInputCases(): InputCase[] {
  const valid = { id: 'sweep-ok', sleep: 0 };
  const longId = 'a'.repeat(MAX_ID_LENGTH + 1);
  const unicode128 = '🙂'.repeat(MAX_ID_LENGTH);
  return [
    ...commonBadCases(valid),
    { name: 'id missing', body: json({ sleep: 1 }) },
    { name: 'id empty', body: json({ id: '', sleep: 1 }) },
    { name: 'id blank', body: json({ id: '   ', sleep: 1 }) },
    { name: 'id a number', body: json({ id: 123, sleep: 1 }) },
    { name: 'id an object', body: json({ id: { nested: 'x' }, sleep: 1 }) },
    { name: `id of ${MAX_ID_LENGTH + 1} characters`, body: json({ id: longId, sleep: 1 }) },
    { name: `unicode id of ${MAX_ID_LENGTH + 1} characters`, body: json({ id: `${unicode128}🙂`, sleep: 1 }) },
    { name: 'id with a control character', body: json({ id: 'a\u0007b', sleep: 1 }) },
    { name: 'id with a newline', body: json({ id: 'a\nb', sleep: 1 }) },
    { name: 'id with an unpaired surrogate', body: '{"id":"a\\ud800b","sleep":1}' },
    { name: 'sleep negative', body: json({ id: 'n', sleep: -1 }) },
    { name: 'sleep negative fraction', body: json({ id: 'n', sleep: -0.5 }) },
    {
      name: `sleep over ${VISIBILITY_DUP.maxSleepSeconds}`,
      body: json({ id: 'n', sleep: VISIBILITY_DUP.maxSleepSeconds + 0.01 }),
    },
    { name: 'sleep huge (1e308)', body: '{"id":"n","sleep":1e308}' },
    { name: 'sleep beyond double range (1e999)', body: '{"id":"n","sleep":1e999}' },
    { name: 'sleep a string', body: json({ id: 'n', sleep: '5' }) },
    { name: 'sleep null', body: json({ id: 'n', sleep: null }) },
    { name: 'sleep a boolean', body: json({ id: 'n', sleep: true }) },
    { name: 'heartbeat as the string "false"', body: json({ id: 'n', sleep: 1, heartbeat: 'false' }) },
    { name: 'idempotency as 0', body: json({ id: 'n', sleep: 1, idempotency: 0 }) },
    { name: 'failHeartbeat null', body: json({ id: 'n', sleep: 1, failHeartbeat: null }) },
    { name: 'delaySeconds over 900', body: json({ id: 'n', sleep: 1, delaySeconds: 901 }) },
    { name: 'delaySeconds a fraction', body: json({ id: 'n', sleep: 1, delaySeconds: 0.5 }) },
    { name: 'delaySeconds a string', body: json({ id: 'n', sleep: 1, delaySeconds: '3' }) },
    { name: 'sendTwice as the string "true"', body: json({ id: 'n', sleep: 1, sendTwice: 'true' }) },
    { name: 'valid: unicode id of 128 characters (emoji)', body: json({ id: unicode128, sleep: 0 }), valid: true },
    { name: 'valid: unicode id (CJK, accents, RTL)', body: json({ id: '注文-Ünïcødé-طلب-ß', sleep: 0 }), valid: true },
    { name: 'valid: fractional sleep', body: json({ id: 'sweep-fraction', sleep: 0.25 }), valid: true },
    {
      name: 'valid: JSON with charset',
      body: json({ id: 'sweep-charset', sleep: 0 }),
      contentType: 'application/json; charset=utf-8',
      valid: true,
    },
  ];
}

/** BatchPartialStack: `{"count":10,"failEvery":3}`. */
export function batchInputCases(): InputCase[] {
  const valid = { count: 1 };
  return [
    ...commonBadCases(valid),
    { name: 'count zero', body: json({ count: 0 }) },
    { name: 'count negative', body: json({ count: -5 }) },
    { name: 'count fractional', body: json({ count: 2.5 }) },
    { name: 'count over the maximum (101)', body: json({ count: 101 }) },
    { name: 'count huge (1e308)', body: '{"count":1e308}' },
    { name: 'count beyond double range (1e999)', body: '{"count":1e999}' },
    { name: 'count a string', body: json({ count: '10' }) },
    { name: 'count null', body: json({ count: null }) },
    { name: 'count an array', body: json({ count: [10] }) },
    { name: 'failEvery negative', body: json({ count: 3, failEvery: -1 }) },
    { name: 'failEvery fractional', body: json({ count: 3, failEvery: 1.5 }) },
    { name: 'failEvery a string', body: json({ count: 3, failEvery: '3' }) },
    { name: 'an id field (not a Step 8 field)', body: json({ count: 3, id: 'x' }) },
    { name: 'valid: count 2, failEvery 0', body: json({ count: 2, failEvery: 0 }), valid: true },
  ];
}

/**
 * Sends every case to `${apiEndpoint}enqueue`, one at a time and at most one per `paceMs`;
 * once the stage throttle's burst is spent (`API_THROTTLING`: 1 request/s, burst 10), its 429
 * is retried after a pause and counted, so the producer, not the throttle, answers each case.
 */
export async function sweepInputs(
  apiEndpoint: string,
  cases: readonly InputCase[],
  paceMs = 110,
): Promise<InputOutcome[]> {
  const outcomes: InputOutcome[] = [];
  for (const inputCase of cases) {
    let throttledRetries = 0;
    for (;;) {
      const started = Date.now();
      const headers: Record<string, string> = {};
      if (inputCase.contentType !== null) headers['Content-Type'] = inputCase.contentType ?? 'application/json';
      const response = await fetch(`${apiEndpoint}enqueue`, { method: 'POST', headers, body: inputCase.body });
      const text = await response.text();
      await sleep(Math.max(0, paceMs - (Date.now() - started)));
      if (response.status === 429 && throttledRetries < 20) {
        throttledRetries += 1;
        await sleep(250);
        continue;
      }
      outcomes.push({ case: inputCase, status: response.status, json: parseJsonObject(text), throttledRetries });
      break;
    }
  }
  return outcomes;
}

/**
 * What is wrong with one outcome, or undefined: a bad request must get a 4xx with a JSON
 * `{ "error": "…" }` from the producer (API Gateway's own 413 answers `{ "message": … }`);
 * a valid one must get 202 with its `id` unchanged.
 */
export function outcomeProblem(outcome: InputOutcome): string | undefined {
  const { status, json: body } = outcome;
  if (outcome.case.valid === true) {
    if (status !== 202) return `expected 202, got ${status} ${JSON.stringify(body)}`;
    const sentId = parseJsonObject(outcome.case.body)?.id;
    if (sentId !== undefined && body?.id !== sentId)
      return `id did not round-trip: sent ${JSON.stringify(sentId)}, got ${JSON.stringify(body?.id)}`;
    return undefined;
  }
  if (status < 400 || status > 499) return `expected a 4xx, got ${status}`;
  if (body === undefined) return `status ${status} without a JSON body`;
  const message = status === 413 && typeof body.message === 'string' ? body.message : body.error;
  if (typeof message !== 'string' || message === '')
    return `status ${status} without an "error" string: ${JSON.stringify(body)}`;
  if (/\n\s+at |stack/i.test(message)) return `the error leaks a stack trace: ${message}`;
  return undefined;
}
