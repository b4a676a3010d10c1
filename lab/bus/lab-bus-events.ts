/**
 * What the lab's bus carries beside log records (lab-log-record.ts): CloudFormation's stack
 * events, as `cdk deploy` prints them, and CloudWatch's alarm state changes and actions. The
 * services that make them (lab/services/cloudformation/, lab/services/cloudwatch/) publish these
 * shapes; a reader subscribes with `bus.on('stack-event' | 'alarm' | 'alarm-action', …)`.
 */
import type { LabLogRecord } from './lab-log-record';

/** One line of a stack's event log. */
export interface StackEvent {
  readonly timestamp: Date;
  readonly stackName: string;
  readonly logicalId: string;
  readonly resourceType: string;
  readonly status: string;
  readonly physicalId?: string;
  readonly reason?: string;
}

/** An alarm's state. */
export type AlarmState = 'INSUFFICIENT_DATA' | 'OK' | 'ALARM';

/** An alarm that changed state, and CloudWatch's reason, in AWS's words. */
export interface AlarmChange {
  readonly alarmName: string;
  readonly state: AlarmState;
  readonly reason: string;
}

/** One alarm action as CloudWatch ran it (the `Action` item of the alarm's history). */
export interface AlarmActionOutcome {
  readonly alarmName: string;
  /** The SNS topic the action notifies. */
  readonly topicArn: string;
  readonly succeeded: boolean;
  /** The history item's summary, in AWS's words. */
  readonly summary: string;
  /** SNS's reason, when it refused. */
  readonly error?: string;
}

/** Every event of the lab's bus, by name, with what it carries. */
export interface LabBusEvents {
  /** A function line, a platform line or a mapping's batch outcome. */
  readonly record: [LabLogRecord];
  /** A CloudFormation event of any deploy or delete: at start, `lab.deploy` or the CDK CLI's. */
  readonly 'stack-event': [StackEvent];
  /** An alarm changed state. */
  readonly alarm: [AlarmChange];
  /** An alarm ran an action (an SNS notification), or failed to. */
  readonly 'alarm-action': [AlarmActionOutcome];
}
