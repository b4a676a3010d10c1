/**
 * The lab's CloudWatch: its state (cloudwatch-state.ts: alarms, their history, dashboards) and
 * the {@link AlarmEvaluator} that evaluates the alarms every second and runs their SNS actions.
 * The resource providers write alarms and dashboards here; `stop()` ends the evaluation.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SnsService } from '../sns/sns-service';
import { AlarmEvaluator } from './alarm-evaluator';
import type { AlarmActionOutcome, AlarmChange } from '../../bus/lab-bus-events';
import { CloudWatchState } from './cloudwatch-state';

/** Who hears about alarms: every state change and every action CloudWatch runs (the lab's bus). */
export interface CloudWatchListeners {
  readonly onAlarm?: (change: AlarmChange) => void;
  readonly onAlarmAction?: (outcome: AlarmActionOutcome) => void;
}

/** Alarms (evaluated on the queues' metrics, notifying SNS) and dashboards of one lab. */
export class CloudWatchService {
  readonly state = new CloudWatchState();
  readonly alarms: AlarmEvaluator;

  constructor(sqs: SQSClient, sns: SnsService, listeners: CloudWatchListeners = {}) {
    this.alarms = new AlarmEvaluator(
      this.state,
      sqs,
      sns,
      (alarmName, state, reason) => listeners.onAlarm?.({ alarmName, state, reason }),
      undefined,
      (outcome) => listeners.onAlarmAction?.(outcome),
    );
  }

  stop(): void {
    this.alarms.stop();
  }
}
