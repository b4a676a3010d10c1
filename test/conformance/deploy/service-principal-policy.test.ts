/**
 * Deploy rule: a resource-based policy decides what an AWS service principal may do. CloudWatch
 * publishes an alarm's notification to SNS as `cloudwatch.amazonaws.com`, and SNS first checks
 * the topic policy, which *replaces* SNS's default policy. A topic policy holding only CDK's
 * enforceSSL deny (the stacks' old shape) lets CloudWatch publish nothing: the alarm changes
 * state, and its history records "Failed to execute action <topic ARN>. Received error:
 * "Resource: <alarm ARN> is not authorized to perform: SNS:Publish on resource: <topic ARN>""
 * (re:Post, https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger).
 * The fixed shape adds an Allow for cloudwatch.amazonaws.com scoped by aws:SourceArn (the
 * alarm) and aws:SourceAccount, and the notification is sent.
 */
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startConsole } from '#lab/console/console-server';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { LabBus } from '#lab/bus/lab-bus';
import { MESSAGES } from '#experiments/locales/messages';
import type { AlarmActionOutcome } from '#lab/services/cloudwatch/cloudwatch-state';
import { logicalIdOf, shapedAssembly } from '#test/helpers/fixture-assembly';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { waitFor } from '#lab/test/helpers/wait-for';
import { conform } from '#lab/test/conformance/behaviour';
import { deployBehaviour } from '#lab/test/conformance/deploy/deploy-behaviours';

const topology = fixtureTopology();

/** CDK's enforceSSL statement on a topic, as the stacks render it. */
const enforceSsl = (topic: string) => ({
  Action: 'sns:Publish',
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
  Effect: 'Deny',
  Principal: '*',
  Resource: { Ref: topic },
  Sid: 'AllowPublishThroughSSLOnly',
});

/**
 * The topic policy in one shape or the other, whatever lib/ renders today: the old one holds only
 * the enforceSSL deny; the fixed one also lets CloudWatch publish, for this stack's alarm
 * (aws:SourceArn) in this account (aws:SourceAccount).
 */
function topicPolicy(shape: 'old' | 'fixed'): Promise<string> {
  return shapedAssembly(topology, (template) => {
    const topic = logicalIdOf(template, 'AWS::SNS::Topic');
    const alarm = logicalIdOf(template, 'AWS::CloudWatch::Alarm');
    const policy = template.Resources[logicalIdOf(template, 'AWS::SNS::TopicPolicy')]?.Properties;
    if (policy === undefined) throw new Error('the fixture stack has no topic policy');
    const allow = {
      Sid: 'AllowCloudWatchAlarmsToPublish',
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topic },
      Condition: {
        ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [alarm, 'Arn'] } },
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      },
    };
    policy.PolicyDocument = {
      Version: '2012-10-17',
      Statement: shape === 'old' ? [enforceSsl(topic)] : [enforceSsl(topic), allow],
    };
  });
}

describe('SNS checks the topic policy before CloudWatch publishes an alarm notification', () => {
  let lab: Lab;
  const actions: AlarmActionOutcome[] = [];

  beforeAll(async () => {
    const bus = new LabBus();
    bus.on('alarm-action', (outcome) => actions.push(outcome));
    lab = await startTutorialLab({
      stacks: [topology],
      assemblyDir: await topicPolicy('old'),
      bus,
    });
  });

  afterAll(async () => {
    await lab?.stop();
  });

  const alarm = () => {
    const name = lab.outputs()[topology.stackName]?.DlqAlarmName;
    const found = lab.alarms().find((candidate) => candidate.alarmName === name);
    if (found === undefined) throw new Error(`no alarm ${name}`);
    return found;
  };
  const topicArn = () => {
    const topic = [...(lab.deployed.get(topology.stackName)?.resources.values() ?? [])].find(
      (resource) => resource.type === 'AWS::SNS::Topic',
    );
    return topic?.physicalId ?? '';
  };
  const dlqUrl = () => lab.stack(topology.stackName).dlqUrl ?? '';

  conform(deployBehaviour('deploy.sns.topic-policy-replaces-default'), async () => {
    await lab.evaluateAlarms();
    await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: dlqUrl(), MessageBody: '{"id":"parked"}' }));
    await waitFor(async () => (await lab.evaluateAlarms(), alarm().state === 'ALARM'), 5000, 'the alarm to fire');

    const alarmArn = `arn:aws:cloudwatch:us-east-1:000000000000:alarm:${alarm().alarmName}`;
    const error = `Resource: ${alarmArn} is not authorized to perform: SNS:Publish on resource: ${topicArn()}`;
    const { AlarmHistoryItems = [] } = lab.describeAlarmHistory({
      AlarmName: alarm().alarmName,
      HistoryItemType: 'Action',
    });
    expect(AlarmHistoryItems[0]).toMatchObject({
      AlarmName: alarm().alarmName,
      HistoryItemType: 'Action',
      HistorySummary: `Failed to execute action ${topicArn()}. Received error: "${error}"`,
    });
    expect(JSON.parse(AlarmHistoryItems[0]?.HistoryData ?? '{}')).toMatchObject({
      actionState: 'Failed',
      notificationResource: topicArn(),
      error,
    });
    const states = lab.describeAlarmHistory({ AlarmName: alarm().alarmName, HistoryItemType: 'StateUpdate' });
    expect(states.AlarmHistoryItems?.[0]?.HistorySummary).toBe('Alarm updated from OK to ALARM');
    expect(lab.notifications()).toEqual([]);
    expect(alarm().lastAction).toMatchObject({ succeeded: false, error });
    expect(actions.at(-1)).toMatchObject({ alarmName: alarm().alarmName, succeeded: false });

    // What `npm run lab` prints and the console shows.
    expect(MESSAGES.en.lab.alarmActionFailed(alarm().alarmName, actions.at(-1)?.summary ?? '')).toContain(
      'Failed to execute action arn:aws:sns:',
    );
    expect(MESSAGES.ja.lab.alarmActionFailed(alarm().alarmName, actions.at(-1)?.summary ?? '')).toContain(
      '通知は送られませんでした',
    );
    const labConsole = await startConsole(lab);
    try {
      const state = (await (await fetch(new URL('api/state', labConsole.url))).json()) as {
        stacks: { stackName: string; alarms: { actionFailed?: string }[] }[];
      };
      const stack = state.stacks.find((entry) => entry.stackName === topology.stackName);
      expect(stack?.alarms[0]?.actionFailed).toContain('Failed to execute action');
    } finally {
      await labConsole.stop();
    }
  });

  conform(deployBehaviour('deploy.sns.cloudwatch-allow-by-source'), async () => {
    const [stack] = await lab.deploy({ assemblyDir: await topicPolicy('fixed') });
    expect(stack?.status).toBe('UPDATE_COMPLETE');

    const { Messages = [] } = await lab.clients.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl() }));
    for (const message of Messages)
      await lab.clients.sqs.send(
        new DeleteMessageCommand({ QueueUrl: dlqUrl(), ReceiptHandle: message.ReceiptHandle }),
      );
    await waitFor(async () => (await lab.evaluateAlarms(), alarm().state === 'OK'), 5000, 'the alarm to clear');

    const { AlarmHistoryItems = [] } = lab.describeAlarmHistory({
      AlarmName: alarm().alarmName,
      HistoryItemType: 'Action',
    });
    expect(AlarmHistoryItems[0]?.HistorySummary).toBe(`Successfully executed action ${topicArn()}`);
    expect(JSON.parse(AlarmHistoryItems[0]?.HistoryData ?? '{}')).toMatchObject({ actionState: 'Succeeded' });
    expect(lab.notifications().map((notification) => notification.subject)).toEqual([
      expect.stringMatching(/^OK: "BatchPartialStack-DlqAlarm/),
    ]);
    expect(alarm().lastAction).toMatchObject({ succeeded: true });
  });
});
