/**
 * How the console reads the tutorial's worker lines (lambda/commons/log-event.ts): `start` opens a
 * message's visibility window, `heartbeat` moves its deadline by `extendedBySeconds`. Registered
 * with `startConsole(lab, { inFlightLines: TUTORIAL_IN_FLIGHT_LINES })`.
 */
import type { InFlightLines } from '@sqs-lab/lab';
import { logEventOf } from '../lambda/commons/log-event';

/** The Step 7 worker's `start` and `heartbeat` lines. */
export const TUTORIAL_IN_FLIGHT_LINES: InFlightLines = {
  opened(line) {
    const { messageId, id, receiveCount } = line;
    if (logEventOf(line) !== 'start' || typeof messageId !== 'string') return undefined;
    return {
      messageId,
      id: typeof id === 'string' ? id : messageId,
      receiveCount: typeof receiveCount === 'number' ? receiveCount : 1,
    };
  },
  extended(line) {
    const { messageId, extendedBySeconds } = line;
    if (logEventOf(line) !== 'heartbeat' || typeof messageId !== 'string' || typeof extendedBySeconds !== 'number')
      return undefined;
    return { messageId, extendedBySeconds };
  },
};
