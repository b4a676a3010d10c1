import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Props of {@link DlqAlarm}. */
export interface DlqAlarmProps {
  readonly deadLetterQueue: IQueue;
  /** When set (CDK context `alarmEmail`), the topic mails this address; it must confirm once. */
  readonly email?: string;
}

/**
 * A CloudWatch alarm on a dead-letter queue, as the SQS notes advise: ALARM as soon as the DLQ's
 * `ApproximateNumberOfMessagesVisible` is above 0 for one minute (Maximum), OK again when it is
 * empty, missing data counted as fine. It notifies an SNS topic (TLS only), and by e-mail when
 * an address is given.
 */
export class DlqAlarm extends Construct {
  public readonly alarm: Alarm;
  public readonly topic: Topic;

  constructor(scope: Construct, id: string, props: DlqAlarmProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { enforceSSL: true });
    if (props.email !== undefined) this.topic.addSubscription(new EmailSubscription(props.email));
    this.alarm = new Alarm(this, 'Alarm', {
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: 'Messages are waiting in the dead-letter queue: look at them, fix the cause, redrive.',
    });
    this.alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarm.addOkAction(new SnsAction(this.topic));
  }
}
