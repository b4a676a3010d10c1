import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BatchPartialStack } from '#lib/batch-partial-stack';
import { VisibilityDupStack } from '#lib/visibility-dup-stack';
import { labApp, renderIntrinsic, resourcesOfType } from './support';

const step8 = Template.fromStack(new BatchPartialStack(labApp({ bundle: false })));
const step7 = Template.fromStack(new VisibilityDupStack(labApp({ bundle: false })));

describe('the DLQ alarm of each stack', () => {
  it('alarms when the DLQ holds a message for a minute (Maximum of ApproximateNumberOfMessagesVisible > 0)', () => {
    step8.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^BatchDlq'), 'QueueName'] } }],
    });
  });

  it('notifies an SNS topic that refuses plain HTTP, on ALARM and on OK', () => {
    const [alarm] = Object.values(resourcesOfType(step8, 'AWS::CloudWatch::Alarm'));
    const [topicId] = Object.keys(resourcesOfType(step8, 'AWS::SNS::Topic'));
    expect(alarm?.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(alarm?.Properties?.OKActions).toEqual([{ Ref: topicId }]);
    step8.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
  });

  it('lets CloudWatch publish to the topic, for this alarm of this account only', () => {
    const [alarmId] = Object.keys(resourcesOfType(step8, 'AWS::CloudWatch::Alarm'));
    const [topicId] = Object.keys(resourcesOfType(step8, 'AWS::SNS::Topic'));
    step8.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Resource: { Ref: topicId },
            Condition: {
              ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [alarmId, 'Arn'] } },
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            },
          }),
        ]),
      }),
    });
  });

  it('keeps the TLS-only deny beside that grant, in the one topic policy (a topic policy replaces SNS’s default one)', () => {
    step8.resourceCountIs('AWS::SNS::TopicPolicy', 1);
    const [policy] = Object.values(resourcesOfType(step8, 'AWS::SNS::TopicPolicy'));
    const statements = (policy?.Properties?.PolicyDocument as { Statement: { Effect: string }[] }).Statement;
    expect(statements.map((statement) => statement.Effect).sort()).toEqual(['Allow', 'Deny']);
  });

  it('subscribes an e-mail address only when -c alarmEmail is given', () => {
    expect(Object.keys(resourcesOfType(step8, 'AWS::SNS::Subscription'))).toHaveLength(0);
    const withEmail = Template.fromStack(
      new VisibilityDupStack(labApp({ bundle: false }), 'VisibilityDupStack', { alarmEmail: 'me@example.com' }),
    );
    withEmail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'me@example.com' });
  });
});

describe('the dashboard of each stack', () => {
  it('graphs queue depth, messages in flight, age of the oldest message, DLQ depth, invocations and errors', () => {
    const [dashboard] = Object.values(resourcesOfType(step8, 'AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties?.DashboardBody);
    for (const metric of [
      'ApproximateNumberOfMessagesVisible',
      'ApproximateNumberOfMessagesNotVisible',
      'ApproximateAgeOfOldestMessage',
      'Invocations',
      'Errors',
    ])
      expect(body).toContain(metric);
  });

  it('names the dashboard after the stack and the region: dashboards are global to the account', () => {
    for (const template of [step8, step7]) {
      const [dashboard] = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Dashboard'));
      const name = renderIntrinsic(dashboard?.Properties?.DashboardName).replace('${Ref:AWS::Region}', '<region>');
      expect(name).toMatch(/^(BatchPartialStack|VisibilityDupStack)-<region>$/);
    }
  });
});
