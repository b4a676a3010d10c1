import { Aws, Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
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
 *
 * The topic's policy (the enforceSSL deny) replaces SNS's default policy, so it must also let
 * CloudWatch publish, or every notification fails with "not authorized to perform: SNS:Publish"
 * (https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger, which gives this
 * statement with `ArnLike` on `aws:SourceArn`; SNS developer guide, "Example cases for Amazon SNS
 * access control"; aws-solutions/automated-security-response-on-aws#43). The grant names
 * this alarm's exact ARN (`aws:SourceArn`; no cycle: the alarm refers to the topic, the topic
 * policy to both) and the account (`aws:SourceAccount`), so no other alarm or account can use it.
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
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowThisAlarmToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: { 'aws:SourceArn': this.alarm.alarmArn },
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        },
      }),
    );
  }
}
