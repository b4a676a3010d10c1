/**
 * How long a function invocation is billed for, modelled: the lab runs on a laptop, not on a
 * 256 MB Lambda, so duration cannot be measured here. A fixed handler time plus one in-region
 * round trip per AWS request the handler makes one after the other. The bench's cost per
 * million messages and the worst-case monthly bill (cost/worst-case-bill.ts) both use it.
 */
import { LAMBDA_MEMORY_MB } from '../lib/settings';

/** The duration model. */
export const DURATION_MODEL = {
  /** Handler time besides AWS calls (parsing, logging), per invocation. */
  baseMs: 5,
  /** One in-region SQS or DynamoDB round trip from Lambda. */
  perAwsRequestMs: 10,
  memoryMb: LAMBDA_MEMORY_MB,
} as const;

/** Billed GB-seconds of one invocation that makes `sequentialRequests` AWS requests one after the other (billed per 1 ms). */
export function billedGbSecondsPerInvocation(sequentialRequests: number): number {
  const billedMs = Math.ceil(DURATION_MODEL.baseMs + DURATION_MODEL.perAwsRequestMs * sequentialRequests);
  return (billedMs / 1000) * (DURATION_MODEL.memoryMb / 1024);
}
