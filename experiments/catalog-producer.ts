/**
 * Experiments about what the producer does to a message before any consumer sees it: a delay
 * (the queue's `DelaySeconds`, or a message timer on the send) and a send repeated by a
 * producer that retried. Spread into the catalog's EXPERIMENTS; the tour skips them.
 */
import { localized, MESSAGES } from './locales/messages';
import type { Language } from '@sqs-lab/lab';
import type { VisibilityExperiment } from './experiment';
import type { VisibilityObservation } from './observation';
import { queueDelay } from './variants';

/** The delay of both delay experiments, in seconds: long enough to see, short enough for `npm test`. */
const DELAY_SECONDS = 3;

/**
 * SQS stamps the send and the first receive in whole milliseconds on its own hosts; a first
 * receive this much before the delay's end still counts as "not before".
 */
const CLOCK_TOLERANCE_SECONDS = 0.1;

/** The first (only) message of the job was first received no earlier than `delay` after its send. */
function waitedFor(o: VisibilityObservation, delay: number): boolean {
  const wait = o.firstReceiveWaits?.[0];
  return wait !== undefined && wait >= delay - CLOCK_TOLERANCE_SECONDS;
}

function describeDelay(o: VisibilityObservation, delay: number, language: Language): string[] {
  const wait = o.firstReceiveWaits?.[0];
  const say = MESSAGES[language].catalog;
  return [
    wait === undefined ? say.noSentTimestamp : say.firstReceiveAfter(wait, delay),
    say.highestDelayed(o.delayedSeen ?? 0),
  ];
}

function describeCopies(o: VisibilityObservation, language: Language): string[] {
  return [MESSAGES[language].catalog.copies(o.messages ?? 0, o.deliveries, o.inProgress, o.skipped, o.effects)];
}

/** The producer experiments, in the guide's order. */
export const PRODUCER_EXPERIMENTS: readonly VisibilityExperiment[] = [
  {
    name: 'message-timer',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['message-timer'].title(DELAY_SECONDS)),
    body: { sleep: 1, delaySeconds: DELAY_SECONDS },
    prediction: localized((say) => say.experiments['message-timer'].prediction(DELAY_SECONDS)),
    timeoutSeconds: 60,
    inTour: false,
    // Not judged on the delayed count: on AWS it is approximate and read every 5 s, so a 3 s
    // delay may pass between two reads. The lab's test asserts it; the details print it.
    judge: (o) =>
      o.deliveries === 1 && o.effects === 1 && duplicatesOf(o) === 0 && o.dlq === 0 && waitedFor(o, DELAY_SECONDS),
    details: (o, language) => describeDelay(o, DELAY_SECONDS, language),
  },
  {
    name: 'delay-queue',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['delay-queue'].title(DELAY_SECONDS)),
    body: { sleep: 1 },
    variant: queueDelay(DELAY_SECONDS),
    prediction: localized((say) => say.experiments['delay-queue'].prediction(DELAY_SECONDS)),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      o.deliveries === 1 && o.effects === 1 && o.dlq === 0 && (o.delayedSeen ?? 0) >= 1 && waitedFor(o, DELAY_SECONDS),
    details: (o, language) => describeDelay(o, DELAY_SECONDS, language),
  },
  {
    name: 'producer-retry-duplicate',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['producer-retry-duplicate'].title),
    body: { sleep: 2, sendTwice: true },
    prediction: localized((say) => say.experiments['producer-retry-duplicate'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.messages === 2 && o.deliveries >= 2 && duplicatesOf(o) >= 1 && o.effects === 1 && o.dlq === 0,
    details: (o, language) => describeCopies(o, language),
  },
];

function duplicatesOf(o: VisibilityObservation): number {
  return o.skipped + o.inProgress;
}
