import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import {
  batchInputCases,
  type InputCase,
  type InputOutcome,
  outcomeProblem,
  sweepInputs,
  visibilityInputCases,
} from '#experiments/chaos/bad-input';
import { queueDepth } from '#experiments/stack-reads';
import type { Lab } from '#lab/lab';
import { type StackName, startTutorialLab } from '#experiments/tutorial-app';
import { waitFor } from '#lab/test/helpers/wait-for';

// Every bad request to either stack's POST /enqueue: a 4xx JSON error, nothing enqueued, and
// the lab still serving afterwards. Unicode ids are valid and must round-trip to the worker.
const CASES: Record<StackName, InputCase[]> = {
  VisibilityDupStack: visibilityInputCases(),
  BatchPartialStack: batchInputCases(),
};
const STACKS = Object.keys(CASES) as StackName[];

let lab: Lab;
let records: LabLogRecord[];
const bad = new Map<StackName, InputOutcome[]>();
const afterBad = new Map<StackName, { producerSqsCalls: number; depth: number; received: number }>();
const valid = new Map<StackName, InputOutcome[]>();

const producerSqsCalls = (stack: StackName): number =>
  Object.entries(lab.awsCallCounts()[`${stack}/Producer`] ?? {})
    .filter(([call]) => call.startsWith('SQS.'))
    .reduce((sum, [, count]) => sum + count, 0);

beforeAll(async () => {
  // The sweep tests the producers' validation, not the stage throttle (test/conformance/apigateway
  // has the throttle): with the template's 1 request/s, waiting out 429s was most of its time.
  lab = await startTutorialLab({
    waitTimeSeconds: 1,
    stageThrottling: { rateLimitPerSecond: 100, burstLimit: 100 },
  });
  records = lab.logs.collect((record) => record.kind === 'function' && record.functionId === 'Worker').records;
  await Promise.all(
    STACKS.map(async (name) => {
      const stack = lab.stack(name);
      bad.set(
        name,
        await sweepInputs(
          stack.apiEndpoint,
          CASES[name].filter((c) => c.valid !== true),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      afterBad.set(name, {
        producerSqsCalls: producerSqsCalls(name),
        depth: await queueDepth(lab.clients.sqs, stack.queueUrl),
        received: stack.mappings[0]?.counters.messagesReceived ?? -1,
      });
      valid.set(
        name,
        await sweepInputs(
          stack.apiEndpoint,
          CASES[name].filter((c) => c.valid === true),
        ),
      );
    }),
  );
}, 60_000);

afterAll(async () => {
  await lab?.stop();
});

describe.each(STACKS)('POST /enqueue of %s under bad input', (name) => {
  it('answers every bad request with a 4xx and a JSON error, never a 5xx or a stack trace', () => {
    const problems = (bad.get(name) ?? []).map((outcome) => [
      outcome.case.name,
      outcomeProblem(outcome) ?? 'ok',
      outcome.status,
    ]);

    expect(problems.filter(([, problem]) => problem !== 'ok')).toEqual([]);
    expect(problems.length).toBe(CASES[name].filter((c) => c.valid !== true).length);
  });

  it('enqueues nothing for a rejected request: the producer made no SQS call and the queue stayed empty', () => {
    expect(afterBad.get(name)).toEqual({ producerSqsCalls: 0, depth: 0, received: 0 });
  });

  it('keeps serving afterwards: the valid edge cases get 202 and their ids round-trip', () => {
    const outcomes = valid.get(name) ?? [];

    expect(outcomes.map((outcome) => [outcome.case.name, outcomeProblem(outcome) ?? 'ok'])).toEqual(
      CASES[name].filter((c) => c.valid === true).map((c) => [c.name, 'ok']),
    );
    expect(producerSqsCalls(name)).toBeGreaterThan(0);
  });
});

it('hands unicode ids to the worker unchanged (through SQS and the guard table)', async () => {
  const ids = CASES.VisibilityDupStack.filter((c) => c.valid === true).map(
    (c) => (JSON.parse(c.body) as { id: string }).id,
  );

  const completed = await waitFor(
    () => {
      const seen = new Set(
        records
          .filter((r) => r.kind === 'function' && r.parsed?.event === 'completed')
          .map((r) => (r.kind === 'function' ? r.parsed?.id : undefined)),
      );
      return ids.every((id) => seen.has(id)) ? seen : undefined;
    },
    15_000,
    'the worker to complete every valid job',
  );

  expect(ids.filter((id) => !completed.has(id))).toEqual([]);
});
