/**
 * The lab's CloudWatch alarms on SQS metrics: every second (CloudWatch evaluates per period,
 * one minute here; the lab looks once a second so that a learner sees the change at once) it
 * reads the queue's attribute behind the metric, compares it with the threshold, and on a state
 * change (INSUFFICIENT_DATA → OK → ALARM → OK) notifies the alarm's SNS actions, as CloudWatch does.
 *
 * CloudWatch publishes as the service principal `cloudwatch.amazonaws.com` for the alarm, and
 * SNS checks the topic's policy first (sns-service.ts). Each state change and each action lands
 * in the alarm's history as DescribeAlarmHistory returns it: a `StateUpdate` item ("Alarm
 * updated from OK to ALARM") and an `Action` item per topic, "Successfully executed action
 * <topic ARN>" or "Failed to execute action <topic ARN>. Received error: "<SNS's reason>""
 * (the wording re:Post quotes from the alarm history,
 * https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger; the success line
 * and the HistoryData fields as aws/aws-sdk-java#1723 shows them).
 */
import { ownProperty } from '../../common/own-property';
import type {
  AlarmHistoryItem,
  DescribeAlarmHistoryCommandInput,
  DescribeAlarmHistoryCommandOutput,
} from '@aws-sdk/client-cloudwatch';
import { GetQueueAttributesCommand, GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import type { SnsService } from '../sns/sns-service';
import type { AlarmActionOutcome, AlarmDefinition, AlarmRecord, AlarmState, CloudWatchState } from './cloudwatch-state';

/** The principal CloudWatch alarms act as. */
const CLOUDWATCH_PRINCIPAL = 'cloudwatch.amazonaws.com';

/** How many history items the lab keeps per alarm (CloudWatch keeps 30 days). */
const HISTORY_KEPT_PER_ALARM = 200;

/** The SQS attribute behind each SQS metric the lab can read. */
const SQS_METRICS: Readonly<Record<string, string>> = {
  ApproximateNumberOfMessagesVisible: 'ApproximateNumberOfMessages',
  ApproximateNumberOfMessagesNotVisible: 'ApproximateNumberOfMessagesNotVisible',
  ApproximateNumberOfMessagesDelayed: 'ApproximateNumberOfMessagesDelayed',
};

const COMPARE: Readonly<Record<string, (value: number, threshold: number) => boolean>> = {
  GreaterThanThreshold: (value, threshold) => value > threshold,
  GreaterThanOrEqualToThreshold: (value, threshold) => value >= threshold,
  LessThanThreshold: (value, threshold) => value < threshold,
  LessThanOrEqualToThreshold: (value, threshold) => value <= threshold,
};

/** Alarms by name, evaluated on a timer. */
export class AlarmEvaluator {
  private readonly alarms: CloudWatchState['alarms'];
  private readonly history: CloudWatchState['history'];
  private readonly lastActions: CloudWatchState['lastActions'];
  private readonly timer: NodeJS.Timeout;
  private running = false;

  constructor(
    /** Where the alarms, their history and their last actions are kept. */
    state: CloudWatchState,
    private readonly sqs: SQSClient,
    private readonly sns: SnsService,
    /** Called on every state change (the lab prints it). */
    private readonly onChange: (alarmName: string, state: AlarmState, reason: string) => void = () => undefined,
    intervalMs = 1000,
    /** Called on every action CloudWatch runs, succeeded or failed (the lab prints the failures). */
    private readonly onAction: (outcome: AlarmActionOutcome) => void = () => undefined,
  ) {
    this.alarms = state.alarms;
    this.history = state.history;
    this.lastActions = state.lastActions;
    this.timer = setInterval(() => void this.evaluateAll(), intervalMs);
    this.timer.unref();
  }

  put(definition: AlarmDefinition): void {
    const existing = this.alarms.get(definition.alarmName);
    const now = new Date();
    this.alarms.set(definition.alarmName, {
      definition,
      state: existing?.state ?? 'INSUFFICIENT_DATA',
      reason: existing?.reason ?? 'Unchecked: Initial alarm creation',
      configuredAt: now,
      stateUpdatedAt: existing?.stateUpdatedAt ?? now,
    });
  }

  /**
   * SetAlarmState: the alarm takes `state` at once, with its history item and actions, as a
   * change the evaluation made would; the next evaluation (within a second here) sets it back if
   * the metric disagrees, as on AWS ("the alarm returns to its actual state (often within
   * seconds)", https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_SetAlarmState.html).
   * False when there is no such alarm.
   */
  async setState(alarmName: string, state: AlarmState, reason: string): Promise<boolean> {
    const alarm = this.alarms.get(alarmName);
    if (alarm === undefined) return false;
    if (state !== alarm.state) await this.transition(alarmName, alarm, state, reason);
    return true;
  }

  delete(alarmName: string): void {
    this.alarms.delete(alarmName);
    this.history.delete(alarmName);
    this.lastActions.delete(alarmName);
  }

  /** Every alarm's state, as `describe-alarms` would list it, with the outcome of its last action. */
  states(): {
    readonly alarmName: string;
    readonly state: AlarmState;
    readonly reason: string;
    readonly lastAction?: AlarmActionOutcome;
  }[] {
    return [...this.alarms.values()].map(({ definition, state, reason }) => {
      const lastAction = this.lastActions.get(definition.alarmName);
      return { alarmName: definition.alarmName, state, reason, ...(lastAction === undefined ? {} : { lastAction }) };
    });
  }

  /**
   * DescribeAlarmHistory: the items of one alarm (or all), of one type (or all), between
   * StartDate and EndDate, newest first unless `ScanBy` is `TimestampAscending`, at most
   * `MaxRecords` (default 50, the API's). Only `StateUpdate` and `Action` items are kept.
   */
  describeHistory(
    input: DescribeAlarmHistoryCommandInput = {},
  ): Pick<DescribeAlarmHistoryCommandOutput, 'AlarmHistoryItems'> {
    const names = input.AlarmName === undefined ? [...this.history.keys()] : [input.AlarmName];
    const items = names
      .flatMap((name) => this.history.get(name) ?? [])
      .filter((item) => input.HistoryItemType === undefined || item.HistoryItemType === input.HistoryItemType)
      .filter((item) => input.StartDate === undefined || (item.Timestamp ?? 0) >= input.StartDate)
      .filter((item) => input.EndDate === undefined || (item.Timestamp ?? 0) <= input.EndDate)
      .map((item, index) => ({ item, index }))
      .sort((a, b) => Number(a.item.Timestamp) - Number(b.item.Timestamp) || a.index - b.index)
      .map(({ item }) => item);
    if (input.ScanBy !== 'TimestampAscending') items.reverse();
    return { AlarmHistoryItems: items.slice(0, input.MaxRecords ?? 50) };
  }

  private remember(alarmName: string, item: Omit<AlarmHistoryItem, 'AlarmName' | 'AlarmType'>): void {
    const items = this.history.get(alarmName) ?? [];
    items.push({ AlarmName: alarmName, AlarmType: 'MetricAlarm', ...item });
    if (items.length > HISTORY_KEPT_PER_ALARM) items.shift();
    this.history.set(alarmName, items);
  }

  /** Evaluates every alarm once (the timer does this every second). */
  async evaluateAll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const [name, alarm] of this.alarms) {
        const { namespace, metricName, dimensions } = alarm.definition;
        const value = await this.readMetric(namespace, metricName, dimensions);
        const compare = ownProperty(COMPARE, alarm.definition.comparisonOperator);
        const state: AlarmState =
          value === undefined || compare === undefined
            ? 'INSUFFICIENT_DATA'
            : compare(value, alarm.definition.threshold)
              ? 'ALARM'
              : 'OK';
        if (state === alarm.state || !this.alarms.has(name)) continue;
        const reason =
          value === undefined
            ? 'The lab cannot read this metric'
            : `Threshold Crossed: 1 datapoint [${value}] was ${state === 'ALARM' ? '' : 'not '}${alarm.definition.comparisonOperator
                .replace(/([A-Z])/g, ' $1')
                .trim()
                .toLowerCase()} (${alarm.definition.threshold}).`;
        await this.transition(name, alarm, state, reason);
      }
    } finally {
      this.running = false;
    }
  }

  /** A state change: its history item, the new state, the actions of that state, the listener. */
  private async transition(name: string, alarm: AlarmRecord, state: AlarmState, reason: string): Promise<void> {
    const changedAt = new Date();
    this.remember(name, {
      Timestamp: changedAt,
      HistoryItemType: 'StateUpdate',
      HistorySummary: `Alarm updated from ${alarm.state} to ${state}`,
      HistoryData: JSON.stringify({
        version: '1.0',
        oldState: { stateValue: alarm.state, stateReason: alarm.reason },
        newState: { stateValue: state, stateReason: reason },
      }),
    });
    alarm.state = state;
    alarm.reason = reason;
    alarm.stateUpdatedAt = changedAt;
    const actions =
      state === 'ALARM' ? alarm.definition.alarmActions : state === 'OK' ? alarm.definition.okActions : [];
    for (const topicArn of actions) await this.notify(alarm.definition, topicArn, state, reason, changedAt);
    this.onChange(name, state, reason);
  }

  /** One SNS action: CloudWatch publishes as its service principal, SNS may refuse; both land in the history. */
  private async notify(
    definition: AlarmDefinition,
    topicArn: string,
    state: AlarmState,
    reason: string,
    changedAt: Date,
  ): Promise<void> {
    const name = definition.alarmName;
    const message = JSON.stringify({ AlarmName: name, NewStateValue: state, NewStateReason: reason });
    const outcome = await this.sns.publishFromService(
      { servicePrincipal: CLOUDWATCH_PRINCIPAL, sourceArn: definition.alarmArn, sourceAccount: LAB_ACCOUNT_ID },
      topicArn,
      `${state}: "${name}" in US East (N. Virginia)`,
      message,
    );
    const action: AlarmActionOutcome = outcome.published
      ? { alarmName: name, topicArn, succeeded: true, summary: `Successfully executed action ${topicArn}` }
      : {
          alarmName: name,
          topicArn,
          succeeded: false,
          summary: `Failed to execute action ${topicArn}. Received error: "${outcome.error.message}"`,
          error: outcome.error.message,
        };
    this.remember(name, {
      Timestamp: new Date(),
      HistoryItemType: 'Action',
      HistorySummary: action.summary,
      HistoryData: JSON.stringify({
        actionState: action.succeeded ? 'Succeeded' : 'Failed',
        stateUpdateTimestamp: changedAt.getTime(),
        notificationResource: topicArn,
        publishedMessage: action.succeeded ? message : null,
        error: action.error ?? null,
      }),
    });
    this.lastActions.set(name, action);
    this.onAction(action);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * The current value of an SQS metric the lab can read (the queue attribute behind it, for the
   * queue its `QueueName` dimension names); undefined for any other metric, or a queue that does
   * not exist. The alarms and GetMetricStatistics read it.
   */
  async readMetric(
    namespace: string,
    metricName: string,
    dimensions: readonly { readonly Name: string; readonly Value: string }[],
  ): Promise<number | undefined> {
    const attribute = ownProperty(SQS_METRICS, metricName);
    const queueName = dimensions.find((dimension) => dimension.Name === 'QueueName')?.Value;
    if (namespace !== 'AWS/SQS' || attribute === undefined || queueName === undefined) return undefined;
    try {
      const { QueueUrl } = await this.sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
      const { Attributes = {} } = await this.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl, AttributeNames: [attribute as 'ApproximateNumberOfMessages'] }),
      );
      return Number(Attributes[attribute as 'ApproximateNumberOfMessages'] ?? 0);
    } catch {
      return undefined;
    }
  }
}
