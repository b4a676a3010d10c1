/**
 * One behaviour of AWS that the lab is measured against: what AWS does (with the source that
 * says so), what the lab does, and whether the two are the same. Each conformance test is
 * declared with {@link conform}, which names the behaviour in the test's title, so
 * `npm run fidelity` can turn the suite into lab/docs/fidelity.md and lab/docs/fidelity.ja.md.
 */
import { it } from 'vitest';

/** The services the suite covers, in the order lab/docs/fidelity.md lists them. */
export const CONFORMANCE_SERVICES = [
  'SQS',
  'Lambda event source mapping',
  'Lambda runtime',
  'API Gateway',
  'SNS',
  'S3',
  'Logs Insights',
  'Deploy',
] as const;
export type ConformanceService = (typeof CONFORMANCE_SERVICES)[number];

/** The words of one language. */
export interface BehaviourText {
  /** A short name: "DeleteMessage with a malformed receipt handle". */
  readonly title: string;
  /** What AWS does. */
  readonly aws: string;
  /** What the lab does: required when it differs from `aws`; for a same behaviour, how the lab shows it (optional). */
  readonly lab?: string;
  /** Why the lab differs (and where the fix belongs); only when it differs. */
  readonly why?: string;
}

/** A behaviour with its source, in English and Japanese. */
export interface Behaviour {
  /** Stable id, unique across the suite: `sqs.delete.malformed-handle`. */
  readonly id: string;
  readonly service: ConformanceService;
  /**
   * Where AWS says or shows it: a documentation URL, or a response recorded against real AWS
   * (`localstack/localstack tests/aws/services/sqs/test_sqs.snapshot.json#<test name>`).
   */
  readonly source: string;
  /** `same`: the test asserts AWS's answer on the lab. `different`: it asserts the lab's own answer. */
  readonly verdict: 'same' | 'different';
  /** Ported from a recording made against real AWS (counts toward the "9 in 10" goal). */
  readonly recorded?: boolean;
  readonly en: BehaviourText;
  readonly ja: BehaviourText;
}

/** The test title of a behaviour: its id first, so results map back to the catalog. */
export function behaviourTitle(behaviour: Behaviour): string {
  return `${behaviour.id}: ${behaviour.en.title}`;
}

/** Declares the test of one behaviour. */
export function conform(behaviour: Behaviour, test: () => Promise<void> | void, timeoutMs?: number): void {
  it(behaviourTitle(behaviour), test, timeoutMs);
}
