import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CloudFormationClient,
  DescribeChangeSetCommand,
  DescribeStackEventsCommand,
} from '@aws-sdk/client-cloudformation';
import { GetQueueAttributesCommand, ListQueuesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { LOCAL_LAB_KEY, writeLabOutputs } from '#lab/outputs';
import { startEmulators } from '#lab/emulators/emulators';
import { VISIBILITY_DUP } from '#lib/settings';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { functionEvents, mappingRecords } from '#lab/test/helpers/bus-records';
import { messagesInQueue } from '#lab/test/helpers/queue-messages';
import { waitFor } from '#lab/test/helpers/wait-for';
import { LabBus } from '#lab/bus/lab-bus';
import { printLogs } from '#lab/terminal/print-logs';

/** Both real stacks with the real handlers: the lab as `npm run lab` serves it. */
describe('startLab with the real stacks', () => {
  let lab: Lab;
  let records: LabLogRecord[];
  const printed: string[] = [];

  beforeAll(async () => {
    const bus = new LabBus();
    printLogs(bus, (text) => printed.push(text));
    lab = await startTutorialLab({ bus });
    records = lab.logs.collect().records;
  });

  afterAll(async () => {
    await lab?.stop();
  });

  it('writes cdk-outputs.local.json in the shape of cdk deploy --outputs-file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sqs-lab-outputs-'));
    const path = join(directory, 'cdk-outputs.local.json');
    await writeLabOutputs(path, lab.outputs());
    const outputs = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
    rmSync(directory, { recursive: true, force: true });

    // A queue URL on 127.0.0.1, which resolves on any machine (fauxqs's own sqs.<region>.localhost needs a resolver that answers *.localhost).
    const queueUrl = /^http:\/\/127\.0\.0\.1:\d+\/000000000000\/lab[0-9a-f]{8}-/;
    expect(outputs.VisibilityDupStack).toEqual({
      ApiEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/),
      QueueUrl: expect.stringMatching(queueUrl),
      DlqUrl: expect.stringMatching(queueUrl),
      // Names CloudFormation generates (<stack>-<logical id>-<random>), the lab's prefix on tables.
      TableName: expect.stringMatching(
        new RegExp(`^${lab.namePrefix}VisibilityDupStack-IdemTable[0-9A-F]{8}-[A-Z0-9]{8}$`),
      ),
      ProducerLogGroup: expect.stringMatching(/^VisibilityDupStack-ProducerLogs[0-9A-F]{8}-[A-Z0-9]{8}$/),
      WorkerLogGroup: expect.stringMatching(/^VisibilityDupStack-WorkerLogs[0-9A-F]{8}-[A-Z0-9]{8}$/),
      DlqAlarmName: expect.stringMatching(/^VisibilityDupStack-DlqAlarm[0-9A-F]{8}-[A-Z0-9]+$/),
      // The worker deployed without -c visibilityManager=true.
      HeartbeatMode: 'per-message',
    });
    expect(Object.keys(outputs.BatchPartialStack ?? {}).sort()).toEqual(
      ['ApiEndpoint', 'DlqAlarmName', 'DlqUrl', 'EventFilter', 'ProducerLogGroup', 'QueueUrl', 'WorkerLogGroup'].sort(),
    );
    // Deployed without -c eventFilter=true.
    expect(outputs.BatchPartialStack?.EventFilter).toBe('none');
    expect(outputs[LOCAL_LAB_KEY]).toMatchObject({
      SqsEndpointUrl: lab.endpoints.sqsCliEndpoint,
      LogsEndpointUrl: lab.logsEndpoint,
      Region: 'us-east-1',
      AwsCliExample: expect.stringContaining(`aws --endpoint-url ${lab.endpoints.sqsCliEndpoint} sqs list-queues`),
    });
  });

  it('runs the visibility queue at 5 s after creating its mapping at 30 s', async () => {
    const { Attributes } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: lab.stack('VisibilityDupStack').queueUrl,
        AttributeNames: ['VisibilityTimeout'],
      }),
    );

    expect(Attributes?.VisibilityTimeout).toBe(String(VISIBILITY_DUP.queueVisibilityTimeoutSeconds));
  });

  it('deployed each stack as cdk deploy does: a change set the CloudFormation API describes, executed', async () => {
    // The CDK CLI's change set name and statuses (aws-cdk's deploy-stack.ts; the statuses of
    // https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeChangeSet.html).
    const cloudformation = new CloudFormationClient({
      endpoint: lab.endpointUrl,
      region: LAB_REGION,
      credentials: LAB_CREDENTIALS,
    });
    try {
      const changeSet = await cloudformation.send(
        new DescribeChangeSetCommand({ StackName: 'VisibilityDupStack', ChangeSetName: 'cdk-deploy-change-set' }),
      );
      expect(changeSet).toMatchObject({ Status: 'CREATE_COMPLETE', ExecutionStatus: 'EXECUTE_COMPLETE' });
      expect(changeSet.Changes?.some((change) => change.ResourceChange?.ResourceType === 'AWS::SQS::Queue')).toBe(true);
      const { StackEvents = [] } = await cloudformation.send(
        new DescribeStackEventsCommand({ StackName: 'VisibilityDupStack' }),
      );
      // Newest first: the create's end on top, its review at the bottom.
      expect(StackEvents.at(0)?.ResourceStatus).toBe('CREATE_COMPLETE');
      expect(StackEvents.at(-1)?.ResourceStatus).toBe('REVIEW_IN_PROGRESS');
    } finally {
      cloudformation.destroy();
    }
  });

  it('takes a job through the real producer and worker, guard and all, and deletes the message', async () => {
    const stack = lab.stack('VisibilityDupStack');
    const response = await fetch(`${stack.apiEndpoint}enqueue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'lab-msg-1', sleep: 0 }),
    });
    const { messageId } = (await response.json()) as { messageId: string };

    expect(response.status).toBe(202);
    await waitFor(
      () => mappingRecords(records).find((batch) => batch.deletedMessageIds.includes(messageId)),
      10_000,
      'the worker to complete and the mapping to delete the message',
    );
    expect(functionEvents(records, 'completed').map((line) => line.parsed?.id)).toContain('lab-msg-1');
    expect(await messagesInQueue(lab.clients.sqs, stack.queueUrl)).toBe(0);
    // Readable by default: time, function, level, message.
    expect(printed.join('')).toMatch(
      /\d{2}:\d{2}:\d{2}\.\d{3} {2}VisibilityDupStack\/Worker {4}INFO {3}Start lab-msg-1/,
    );
  });

  it('takes a batch through the real BatchPartialStack producer and worker', async () => {
    const stack = lab.stack('BatchPartialStack');
    const response = await fetch(`${stack.apiEndpoint}enqueue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 3 }),
    });

    expect(response.status).toBe(202);
    await waitFor(() => functionEvents(records, 'batch-done')[0], 10_000, 'the batch');
    await waitFor(async () => (await messagesInQueue(lab.clients.sqs, stack.queueUrl)) === 0, 5000, 'an empty queue');
  });

  it('refuses a request the producer rejects with its 400, not a 502', async () => {
    const response = await fetch(`${lab.stack('VisibilityDupStack').apiEndpoint}enqueue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'x', sleep: 999 }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});

describe('labs side by side in one pair of emulators', () => {
  it('keep their resources apart and remove them on stop', async () => {
    const emulators = await startEmulators();
    try {
      const options = { stacks: [fixtureTopology()], emulators } as const;
      const [first, second] = await Promise.all([startTutorialLab(options), startTutorialLab(options)]);

      expect(first.stack('BatchPartialStack').queueUrl).not.toBe(second.stack('BatchPartialStack').queueUrl);
      await first.stop();
      const { QueueUrls } = await second.clients.sqs.send(new ListQueuesCommand({}));
      await second.stop();

      expect(QueueUrls?.some((url) => url.includes(first.namePrefix))).toBe(false);
      expect(QueueUrls?.filter((url) => url.includes(second.namePrefix))).toHaveLength(2);
    } finally {
      await emulators.stop();
    }
  });
});

describe('stop()', () => {
  const countByType = (): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
    return counts;
  };

  it('leaves no server, socket, timer or thread behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = countByType();
    const lab = await startTutorialLab({ stacks: [fixtureTopology()] });
    await lab.stack('BatchPartialStack').invoke('Worker', { Records: [] });
    const during = countByType();

    await lab.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = countByType();

    expect(during.TCPServerWrap ?? 0).toBeGreaterThan(before.TCPServerWrap ?? 0);
    for (const [type, count] of Object.entries(after)) {
      expect({ type, count }).toEqual({ type, count: Math.min(count, before[type] ?? 0) });
    }
  });
});
