/** One stack event as a line, in the layout `cdk deploy` prints its progress. */
import { terminalSafe } from '../../../common/terminal-safe';
import type { StackEvent } from '../engine/deployed-stack';

/** `VisibilityDupStack | 12:00:01 | CREATE_COMPLETE | AWS::SQS::Queue | ShortVTQueue76D6B865 (reason)`. */
export function formatStackEvent(event: StackEvent): string {
  const time = event.timestamp.toISOString().slice(11, 19);
  // A reason may quote a custom resource handler's answer: shown, never obeyed by the terminal.
  const reason = event.reason === undefined ? '' : ` ${terminalSafe(event.reason)}`;
  return `${event.stackName} | ${time} | ${event.status.padEnd(20)} | ${event.resourceType.padEnd(34)} | ${event.logicalId}${reason}`;
}
