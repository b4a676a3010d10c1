/**
 * The worst-case monthly bill (cost/worst-case-bill.ts), checked against counts worked out by
 * hand from lib/settings.ts and prices from cost/prices.ts.
 */
import { describe, expect, it } from 'vitest';
import { billedGbSecondsPerInvocation } from '#cost/duration-model';
import { PRICES } from '#cost/prices';
import { API_THROTTLING, MAPPING_MAX_CONCURRENCY } from '#lib/settings';
import { LOG_BYTES_PER_REQUEST } from '#cost/log-volume';
import { type StackBill, worstCaseMonthlyBill } from '#cost/worst-case-bill';

const MONTH_SECONDS = 30 * 24 * 3600;

function line(stack: StackBill | undefined, service: string): { quantity: number; usd: number } {
  const found = stack?.lines.find((candidate) => candidate.service === service);
  if (found === undefined) throw new Error(`no ${service} line`);
  return found;
}

describe('worstCaseMonthlyBill', () => {
  const bill = worstCaseMonthlyBill();
  const [step7, step8] = bill.stacks;

  it('prices 30 days at the stage throttle’s rate, per stack', () => {
    expect(bill.requestsPerSecond).toBe(API_THROTTLING.rateLimitPerSecond);
    expect(bill.requestsPerStack).toBe(API_THROTTLING.rateLimitPerSecond * MONTH_SECONDS);
    for (const stack of bill.stacks) {
      expect(line(stack, 'API Gateway')).toMatchObject({
        quantity: bill.requestsPerStack,
        usd: bill.requestsPerStack * PRICES.apiGatewayRestRequest.usd,
      });
    }
  });

  it('adds up: each stack is the sum of its lines, the bill the sum of its stacks', () => {
    for (const stack of bill.stacks) {
      expect(stack.totalUsd).toBeCloseTo(
        stack.lines.reduce((sum, item) => sum + item.usd, 0),
        9,
      );
    }
    expect(bill.totalUsd).toBeCloseTo((step7?.totalUsd ?? 0) + (step8?.totalUsd ?? 0), 9);
  });

  it('sends Step 7 one job twice with no sleep: 6 SQS requests and 4 writes per request, plus the heartbeat at its cap', () => {
    const requests = bill.requestsPerStack;
    expect(step7?.body).toBe('{"id":"<new each time>","sleep":0,"sendTwice":true}');
    // 2 SendMessage + 2 × (ReceiveMessage + DeleteMessage); ChangeMessageVisibility every 3 s on each capped worker.
    expect(line(step7, 'SQS').quantity).toBe(requests * 6 + (MAPPING_MAX_CONCURRENCY * MONTH_SECONDS) / 3);
    expect(line(step7, 'DynamoDB').quantity).toBe(requests * 4);
    // The producer and two worker invocations per request.
    expect(line(step7, 'Lambda requests').quantity).toBe(requests * 3);
  });

  it(`takes Step 7’s worker duration at the MaximumConcurrency cap: ${MAPPING_MAX_CONCURRENCY} × 256 MB all month`, () => {
    const cap = MAPPING_MAX_CONCURRENCY * 0.25 * MONTH_SECONDS;
    const producer = bill.requestsPerStack * billedGbSecondsPerInvocation(2);
    expect(line(step7, 'Lambda duration').quantity).toBeCloseTo(cap + producer, 6);
  });

  it('sends Step 8 the most expensive body: 100 messages, every 2nd failing until the DLQ', () => {
    expect(step8?.body).toBe('{"count":100,"failEvery":2}');
    // 10 SendMessageBatch + 10 receives + 5 receives of the 50 failures again + 10 DeleteMessageBatch.
    expect(line(step8, 'SQS').quantity).toBe(bill.requestsPerStack * 35);
    // The producer plus one worker invocation per receive.
    expect(line(step8, 'Lambda requests').quantity).toBe(bill.requestsPerStack * 16);
    expect(line(step8, 'DynamoDB').quantity).toBe(0);
  });

  it('scales with the rate, except what is capped', () => {
    const tenfold = worstCaseMonthlyBill({ requestsPerSecond: bill.requestsPerSecond * 10 });
    expect(line(tenfold.stacks[0], 'API Gateway').usd).toBeCloseTo(line(step7, 'API Gateway').usd * 10, 6);
    expect(line(tenfold.stacks[1], 'SQS').usd).toBeCloseTo(line(step8, 'SQS').usd * 10, 6);
    const capOnly = (stack: StackBill | undefined, rate: number) =>
      line(stack, 'Lambda duration').quantity - rate * MONTH_SECONDS * billedGbSecondsPerInvocation(2);
    expect(capOnly(tenfold.stacks[0], tenfold.requestsPerSecond)).toBeCloseTo(
      capOnly(step7, bill.requestsPerSecond),
      6,
    );
  });

  it('follows cost/prices.ts', () => {
    const dearer = worstCaseMonthlyBill({
      prices: {
        ...PRICES,
        apiGatewayRestRequest: { ...PRICES.apiGatewayRestRequest, usd: 2 * PRICES.apiGatewayRestRequest.usd },
      },
    });
    expect(dearer.totalUsd - bill.totalUsd).toBeCloseTo(
      2 * bill.requestsPerStack * PRICES.apiGatewayRestRequest.usd,
      6,
    );
  });

  it('bills what each request writes to CloudWatch Logs, per GB ingested (issue #29: its largest line was missing)', () => {
    for (const [stack, name] of [
      [step7, 'VisibilityDupStack'],
      [step8, 'BatchPartialStack'],
    ] as const) {
      const gb = (bill.requestsPerStack * LOG_BYTES_PER_REQUEST[name]) / 1024 ** 3;
      expect(line(stack, 'CloudWatch Logs')).toEqual({
        service: 'CloudWatch Logs',
        quantity: gb,
        usd: gb * PRICES.logsIngestionGb.usd,
      });
    }
    const step8Lines = step8?.lines ?? [];
    expect(step8Lines.reduce((largest, item) => (item.usd > largest.usd ? item : largest)).service).toBe(
      'CloudWatch Logs',
    );
  });

  it('counts the dashboards of every region against the account’s 3 free ones: one region none billed, two regions one', () => {
    expect(bill.dashboards).toEqual({ regions: 1, count: 2, billed: 0, usd: 0 });
    const two = worstCaseMonthlyBill({ regions: 2 });
    expect(two.dashboards).toEqual({ regions: 2, count: 4, billed: 1, usd: PRICES.dashboardMonth.usd });
    expect(two.totalUsd).toBeCloseTo(2 * bill.totalUsd + PRICES.dashboardMonth.usd, 9);
  });
});
