/**
 * The stacks' DLQ alarm deployed to the lab and evaluated: OK while the DLQ is empty, ALARM once
 * a message is parked there, OK again when it is redriven, each change sent to the alarm's SNS
 * topic if the topic policy lets CloudWatch publish (SNS checks it first; with only the
 * enforceSSL deny every action fails, as on AWS: test/conformance/deploy/service-principal-policy.test.ts).
 * The alarm's definition comes from the template (test/infra/dlq-alarm.test.ts).
 */
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { LabBus } from '#lab/bus/lab-bus';
import { waitFor } from '#lab/test/helpers/wait-for';

describe('the DLQ alarm on the lab', () => {
  let lab: Lab;
  const changes: string[] = [];

  beforeAll(async () => {
    const bus = new LabBus();
    bus.on('alarm', ({ state }) => changes.push(state));
    lab = await startTutorialLab({
      stacks: ['BatchPartialStack'],
      bus,
    });
  });

  afterAll(async () => {
    await lab?.stop();
  });

  const name = (): string | undefined => lab.outputs().BatchPartialStack?.DlqAlarmName;
  const state = (): string | undefined => lab.alarms().find((alarm) => alarm.alarmName === name())?.state;

  it('is OK while the DLQ is empty, ALARM with a message in it, OK again once it is gone, and notifies its topic', async () => {
    await lab.evaluateAlarms();
    expect(state()).toBe('OK');
    const dlqUrl = lab.stack('BatchPartialStack').dlqUrl ?? '';
    await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: dlqUrl, MessageBody: '{"id":"parked"}' }));
    await waitFor(async () => (await lab.evaluateAlarms(), state() === 'ALARM'), 5000, 'the alarm to fire');
    const action = () => lab.alarms().find((alarm) => alarm.alarmName === name())?.lastAction;
    // The topic policy lets cloudwatch.amazonaws.com publish (scoped to the alarm and account).
    const notification = lab.notifications().at(-1);
    expect(notification?.subject).toMatch(/^ALARM: "BatchPartialStack-DlqAlarm/);
    expect(JSON.parse(notification?.message ?? '{}')).toMatchObject({ NewStateValue: 'ALARM' });
    expect(action()?.succeeded).toBe(true);

    const { Messages = [] } = await lab.clients.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl }));
    for (const message of Messages)
      await lab.clients.sqs.send(new DeleteMessageCommand({ QueueUrl: dlqUrl, ReceiptHandle: message.ReceiptHandle }));
    await waitFor(async () => (await lab.evaluateAlarms(), state() === 'OK'), 5000, 'the alarm to clear');
    expect(changes).toEqual(['OK', 'ALARM', 'OK']);
    expect(lab.notifications().at(-1)?.subject).toMatch(/^OK: /);
    expect(action()?.succeeded).toBe(true);
  });
});
