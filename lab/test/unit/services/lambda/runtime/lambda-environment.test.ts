import { describe, expect, it } from 'vitest';
import { newTraceHeader } from '#lab/services/lambda/runtime/lambda-environment';

// The header Lambda puts in _X_AMZN_TRACE_ID with tracing off (PassThrough):
// https://docs.aws.amazon.com/xray/latest/devguide/xray-concepts.html#xray-concepts-tracingheader
describe('newTraceHeader', () => {
  it('writes the X-Ray header with the invocation second, a 24-digit root, a 16-digit parent and Sampled=0', () => {
    const header = newTraceHeader(Date.UTC(2026, 10, 28, 12, 0, 0));
    expect(header).toMatch(/^Root=1-6b0ac240-[0-9a-f]{24};Parent=[0-9a-f]{16};Sampled=0;Lineage=1:[0-9a-f]{8}:0$/);
  });

  it('draws new random parts for every invocation, also past a refill of its random pool (256 headers)', () => {
    const headers = new Set(Array.from({ length: 600 }, () => newTraceHeader(0)));
    expect(headers.size).toBe(600);
    const parents = new Set([...headers].map((header) => /Parent=([0-9a-f]+)/.exec(header)?.[1]));
    expect(parents.size).toBe(600);
    const lineages = new Set([...headers].map((header) => /Lineage=1:([0-9a-f]+)/.exec(header)?.[1]));
    expect(lineages.size).toBeGreaterThan(590); // 8 hex digits: a repeat among 600 is possible, rarely
  });
});
