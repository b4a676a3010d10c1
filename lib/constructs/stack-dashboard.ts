import { Duration } from 'aws-cdk-lib';
import { Dashboard, GraphWidget, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Props of {@link StackDashboard}. */
export interface StackDashboardProps {
  /** Unique in the account across regions (dashboards are global): include the region. */
  readonly dashboardName: string;
  readonly queue: IQueue;
  readonly deadLetterQueue?: IQueue;
  readonly worker: IFunction;
}

/**
 * One CloudWatch dashboard per stack: the queue's depth, its messages in flight, the age of its
 * oldest message, the DLQ's depth, and the worker's invocations and errors.
 */
export class StackDashboard extends Construct {
  public readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: StackDashboardProps) {
    super(scope, id);
    const period = Duration.minutes(1);
    const graph = (title: string, metrics: IMetric[]): GraphWidget =>
      new GraphWidget({ title, left: metrics, width: 8, height: 6 });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.dashboardName,
      widgets: [
        [
          graph('Queue depth (visible)', [props.queue.metricApproximateNumberOfMessagesVisible({ period })]),
          graph('Messages in flight', [props.queue.metricApproximateNumberOfMessagesNotVisible({ period })]),
          graph('Age of the oldest message (s)', [props.queue.metricApproximateAgeOfOldestMessage({ period })]),
        ],
        [
          graph(
            'DLQ depth',
            props.deadLetterQueue === undefined
              ? []
              : [props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' })],
          ),
          graph('Worker invocations and errors', [
            props.worker.metricInvocations({ period }),
            props.worker.metricErrors({ period }),
          ]),
        ],
      ],
    });
  }
}
