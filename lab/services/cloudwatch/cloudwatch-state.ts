/**
 * What the lab's CloudWatch keeps (LocalStack keeps the same in its `CloudWatchStore`,
 * localstack-core/localstack/services/cloudwatch/models.py: alarms, histories, dashboards): the
 * alarms by name with their state, each alarm's history and last action, and the dashboards'
 * bodies by name.
 */
import type { AlarmHistoryItem } from '@aws-sdk/client-cloudwatch';
import type { AlarmActionOutcome, AlarmState } from '../../bus/lab-bus-events';

/** An alarm as the template defines it (the parts the lab evaluates). */
export interface AlarmDefinition {
  readonly alarmName: string;
  /** `arn:aws:cloudwatch:<region>:<account>:alarm:<name>`: CloudWatch's `aws:SourceArn` when it publishes. */
  readonly alarmArn: string;
  readonly namespace: string;
  readonly metricName: string;
  readonly dimensions: readonly { readonly Name: string; readonly Value: string }[];
  readonly threshold: number;
  readonly comparisonOperator: string;
  readonly alarmActions: readonly string[];
  readonly okActions: readonly string[];
  /** Kept for DescribeAlarms, not evaluated (the lab evaluates the current value every second). */
  readonly statistic?: string;
  readonly period?: number;
  readonly evaluationPeriods?: number;
  readonly description?: string;
}

/** An alarm's state, and one action as CloudWatch ran it: the shapes the lab's bus carries. */
export type { AlarmActionOutcome, AlarmState } from '../../bus/lab-bus-events';

/** An alarm as CloudWatch holds it: its definition, state and the reason for that state. */
export interface AlarmRecord {
  definition: AlarmDefinition;
  state: AlarmState;
  reason: string;
  /** When the definition was last written (DescribeAlarms' AlarmConfigurationUpdatedTimestamp). */
  configuredAt: Date;
  /** When the state last changed (StateUpdatedTimestamp). */
  stateUpdatedAt: Date;
}

/** A dashboard: its body (kept, not drawn) and when it was last written. */
export interface DashboardRecord {
  readonly body: string;
  readonly lastModified: Date;
}

/** The alarms, their history and last actions, and the dashboards of one lab's CloudWatch. */
export class CloudWatchState {
  readonly alarms = new Map<string, AlarmRecord>();
  readonly history = new Map<string, AlarmHistoryItem[]>();
  readonly lastActions = new Map<string, AlarmActionOutcome>();
  /** Dashboards by name. */
  readonly dashboards = new Map<string, DashboardRecord>();
}
