/**
 * Event filtering (`FilterCriteria`) on the Step 8 mapping: a message no filter matches is
 * deleted from the queue without ever reaching the worker (Lambda Developer Guide, "Using event
 * filtering with an Amazon SQS event source": "Lambda automatically removes the message from the
 * queue"). Spread into EXPERIMENTS.
 */
import { BATCH_EVENT_FILTER_PATTERN } from '../lib/settings';
import { DEFAULT_BATCH_PARTIAL_OPTIONS } from '../lib/topology';
import type { Language } from '@sqs-lab/lab';
import type { Experiment } from './experiment';
import { localized, MESSAGES } from './locales/messages';
import type { BatchObservation } from './observation';
import { batchEventFilter } from './variants';

/** failEvery 3 over 10 messages: these are marked shouldFail, so the filter drops them. */
const FILTERED = [3, 6, 9];
const KEPT = [1, 2, 4, 5, 7, 8, 10];

const PATTERN = JSON.stringify(BATCH_EVENT_FILTER_PATTERN);

function judgeEventFilter(o: BatchObservation): boolean {
  return (
    o.count === FILTERED.length + KEPT.length &&
    KEPT.every((i) => o.okByIndex.get(i) === 1) &&
    o.failByIndex.size === 0 &&
    // Sent (the producer answered with their message ids), yet never in a worker line.
    (o.unseen ?? []).join(',') === FILTERED.join(',') &&
    o.dlqIndexes.length === 0 &&
    o.queueDepth === 0
  );
}

function describeEventFilter(o: BatchObservation, language: Language): string[] {
  const processed = [...o.okByIndex.keys()].sort((a, b) => a - b);
  return [MESSAGES[language].catalog.filteredOut(o.count, processed, o.unseen ?? [], o.queueDepth, o.dlqIndexes)];
}

/** The experiments of this file. */
export const EVENT_FILTER_EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'event-filter',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['event-filter'].title(PATTERN)),
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, eventFilter: true },
    variant: batchEventFilter(),
    prediction: localized((say) => say.experiments['event-filter'].prediction),
    timeoutSeconds: 30,
    inTour: false,
    judge: judgeEventFilter,
    details: describeEventFilter,
  },
];
