/**
 * A queue's attributes as another service sees them: a change SetQueueAttributes made reaches
 * that reader only after its propagation delay (lab/common/propagation.ts), and until then the
 * reader sees the value before it. The SQS API itself (GetQueueAttributes) answers the new
 * value at once on the lab; what lags is the view of the services that read the queue, such as
 * Lambda's check of the visibility timeout when an event source mapping is created or updated.
 */
import { propagationDelayMs, type ResolvedPropagation } from '../../common/propagation';
import type { QueueAttributeChange } from './fidelity/attribute-change-log';

/** Reads one queue attribute as a reader sees it: SQS's current value in, the propagated value out. */
export type PropagatedAttributeReader = (
  queueUrl: string,
  attribute: string,
  current: string | undefined,
) => Promise<string | undefined>;

/** The value of `attribute` that has reached the reader at `nowMs`, from the queue's change log. */
export function propagatedValue(options: {
  readonly changes: readonly QueueAttributeChange[];
  readonly attribute: string;
  readonly current: string | undefined;
  readonly propagation: ResolvedPropagation;
  /** Names the reader, so two readers draw different delays for one change. */
  readonly reader: string;
  readonly nowMs: number;
}): string | undefined {
  const changes = options.changes.filter((change) => change.attribute === options.attribute);
  if (changes.length === 0) return options.current;
  let seen: string | undefined;
  let reached = false;
  changes.forEach((change, index) => {
    const delay = propagationDelayMs(options.propagation, `${options.reader}|${options.attribute}#${index}`);
    if (change.atMs + delay <= options.nowMs) {
      seen = change.to;
      reached = true;
    }
  });
  return reached ? seen : changes[0]?.from;
}

/** A reader on the lab's emulators: the change log comes from the SQS emulator. */
export function propagatedAttributeReader(options: {
  readonly changes: (queueUrl: string) => Promise<readonly QueueAttributeChange[]>;
  readonly propagation: ResolvedPropagation;
  readonly reader: string;
}): PropagatedAttributeReader {
  return async (queueUrl, attribute, current) => {
    if (options.propagation.maxDelayMs === 0) return current;
    return propagatedValue({
      changes: await options.changes(queueUrl),
      attribute,
      current,
      propagation: options.propagation,
      reader: options.reader,
      nowMs: Date.now(),
    });
  };
}
