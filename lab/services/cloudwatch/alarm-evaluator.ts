/**
 * The lab's CloudWatch alarms on SQS metrics: every second (CloudWatch evaluates per period,
 * one minute here; the lab looks once a second so that a learner sees the change at once) it
 * reads the queue's attribute behind the metric, compares it with the threshold, and on a state
 * change (INSUFFICIENT_DATA → OK → ALARM → OK) notifies the alarm's SNS actions, as CloudWatch does.
 */
import { GetQueueAttributesCommand, GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SnsService } from '../sns/sns-service';

/** An alarm as the template defines it (the parts the lab evaluates). */
export interface AlarmDefinition {
  readonly alarmName: string;
  readonly namespace: string;
  readonly metricName: string;
  readonly dimensions: readonly { readonly Name: string; readonly Value: string }[];
  readonly threshold: number;
  readonly comparisonOperator: string;
  readonly alarmActions: readonly string[];
  readonly okActions: readonly string[];
}

/** An alarm's state. */
export type AlarmState = 'INSUFFICIENT_DATA' | 'OK' | 'ALARM';

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
  private readonly alarms = new Map<string, { definition: AlarmDefinition; state: AlarmState; reason: string }>();
  private readonly timer: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly sqs: SQSClient,
    private readonly sns: SnsService,
    /** Called on every state change (the lab prints it). */
    private readonly onChange: (alarmName: string, state: AlarmState, reason: string) => void = () => undefined,
    intervalMs = 1000,
  ) {
    this.timer = setInterval(() => void this.evaluateAll(), intervalMs);
    this.timer.unref();
  }

  put(definition: AlarmDefinition): void {
    const existing = this.alarms.get(definition.alarmName);
    this.alarms.set(definition.alarmName, {
      definition,
      state: existing?.state ?? 'INSUFFICIENT_DATA',
      reason: existing?.reason ?? 'Unchecked: Initial alarm creation',
    });
  }

  delete(alarmName: string): void {
    this.alarms.delete(alarmName);
  }

  /** Every alarm's state, as `describe-alarms` would list it. */
  states(): { readonly alarmName: string; readonly state: AlarmState; readonly reason: string }[] {
    return [...this.alarms.values()].map(({ definition, state, reason }) => ({
      alarmName: definition.alarmName,
      state,
      reason,
    }));
  }

  /** Evaluates every alarm once (the timer does this every second). */
  async evaluateAll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const [name, alarm] of this.alarms) {
        const value = await this.read(alarm.definition).catch(() => undefined);
        const compare = COMPARE[alarm.definition.comparisonOperator];
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
        alarm.state = state;
        alarm.reason = reason;
        const actions =
          state === 'ALARM' ? alarm.definition.alarmActions : state === 'OK' ? alarm.definition.okActions : [];
        for (const topicArn of actions) {
          this.sns.publish(
            topicArn,
            `${state}: "${name}" in US East (N. Virginia)`,
            JSON.stringify({ AlarmName: name, NewStateValue: state, NewStateReason: reason }),
          );
        }
        this.onChange(name, state, reason);
      }
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async read(definition: AlarmDefinition): Promise<number | undefined> {
    const attribute = SQS_METRICS[definition.metricName];
    const queueName = definition.dimensions.find((dimension) => dimension.Name === 'QueueName')?.Value;
    if (definition.namespace !== 'AWS/SQS' || attribute === undefined || queueName === undefined) return undefined;
    const { QueueUrl } = await this.sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
    const { Attributes = {} } = await this.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: [attribute as 'ApproximateNumberOfMessages'] }),
    );
    return Number(Attributes[attribute as 'ApproximateNumberOfMessages'] ?? 0);
  }
}
