import { describe, expect, it } from 'vitest';
import { TUTORIAL_IN_FLIGHT_LINES } from '#experiments/console-in-flight-lines';

// The Step 7 worker's lines as lambda/visibility-dup/worker.ts writes them (event, messageId, …).
describe('TUTORIAL_IN_FLIGHT_LINES', () => {
  it("opens a window on the worker's start line, with the job's id and the receive count", () => {
    expect(TUTORIAL_IN_FLIGHT_LINES.opened({ event: 'start', messageId: 'm-1', id: 'msg-1', receiveCount: 2 })).toEqual(
      { messageId: 'm-1', id: 'msg-1', receiveCount: 2 },
    );
    // A start line without the job's id or count still opens one, named by the message.
    expect(TUTORIAL_IN_FLIGHT_LINES.opened({ event: 'start', messageId: 'm-2' })).toEqual({
      messageId: 'm-2',
      id: 'm-2',
      receiveCount: 1,
    });
  });

  it('moves the deadline on a heartbeat line that says by how much', () => {
    expect(TUTORIAL_IN_FLIGHT_LINES.extended({ event: 'heartbeat', messageId: 'm-1', extendedBySeconds: 5 })).toEqual({
      messageId: 'm-1',
      extendedBySeconds: 5,
    });
    expect(TUTORIAL_IN_FLIGHT_LINES.extended({ event: 'heartbeat', messageId: 'm-1' })).toBeUndefined();
  });

  it('reads no other line as either', () => {
    for (const line of [{ event: 'done', messageId: 'm-1' }, { event: 'start' }, { messageId: 'm-1' }, {}]) {
      expect(TUTORIAL_IN_FLIGHT_LINES.opened(line)).toBeUndefined();
      expect(TUTORIAL_IN_FLIGHT_LINES.extended(line)).toBeUndefined();
    }
  });
});
