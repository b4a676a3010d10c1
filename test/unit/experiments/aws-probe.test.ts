import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient, FilterLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  AwsProbe,
  DeployedOutputsError,
  LabOnlyActionError,
  loweredVisibilityTimeout,
  openAwsProbe,
  QueueNotLoweredError,
  readDeployedOutputs,
  requiredContextFlags,
} from '#experiments/aws-probe';
import { findExperiment, labOnlyReason } from '#experiments/catalog';

const logsMock = mockAwsClient(CloudWatchLogsClient);
const cloudwatchMock = mockAwsClient(CloudWatchClient);
const sqsMock = mockAwsClient(SQSClient);
const ddbMock = mockAwsClient(DynamoDBClient);
const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-outputs-'));

const OUTPUTS = {
  ApiEndpoint: 'https://abc.execute-api.us-east-1.amazonaws.com/prod/',
  QueueUrl: 'https://sqs.us-east-1.amazonaws.com/1/q',
  DlqUrl: 'https://sqs.us-east-1.amazonaws.com/1/dlq',
  WorkerLogGroup: '/aws/lambda/worker',
  TableName: 'IdemTable',
};

function probe(outputs: Record<string, string> = OUTPUTS): AwsProbe {
  return new AwsProbe(outputs, {
    sqs: new SQSClient({}),
    dynamodb: new DynamoDBClient({}),
    logs: new CloudWatchLogsClient({}),
    cloudwatch: new CloudWatchClient({}),
  });
}

afterEach(() => {
  logsMock.reset();
  cloudwatchMock.reset();
  sqsMock.reset();
  ddbMock.reset();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('readDeployedOutputs', () => {
  it('returns the stack entry of a cdk-outputs.json', async () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify({ VisibilityDupStack: OUTPUTS }));

    expect(await readDeployedOutputs(file, 'VisibilityDupStack')).toEqual(OUTPUTS);
  });

  it('tells how to deploy when the file is missing', async () => {
    await expect(readDeployedOutputs(join(dir, 'absent.json'), 'VisibilityDupStack')).rejects.toThrow(
      /deploy first: npx cdk deploy --all --outputs-file/,
    );
  });

  it('names the outputs a stack entry lacks', async () => {
    const file = join(dir, 'partial.json');
    writeFileSync(file, JSON.stringify({ BatchPartialStack: { ApiEndpoint: 'x', QueueUrl: 'y' } }));

    const reading = readDeployedOutputs(file, 'BatchPartialStack');
    await expect(reading).rejects.toBeInstanceOf(DeployedOutputsError);
    await expect(reading).rejects.toThrow(/no DlqUrl, WorkerLogGroup for BatchPartialStack/);
  });
});

describe('the AWS probe in Japanese (printed after 実験が失敗しました:)', () => {
  it('says how to deploy, and which outputs are missing, in Japanese', async () => {
    await expect(readDeployedOutputs(join(dir, 'absent.json'), 'VisibilityDupStack', 'ja')).rejects.toThrow(
      /を読めません .*先にデプロイしてください: npx cdk deploy --all --outputs-file/,
    );
    const file = join(dir, 'partial-ja.json');
    writeFileSync(file, JSON.stringify({ BatchPartialStack: { ApiEndpoint: 'x', QueueUrl: 'y' } }));
    await expect(readDeployedOutputs(file, 'BatchPartialStack', 'ja')).rejects.toThrow(
      `${file} に BatchPartialStack の DlqUrl, WorkerLogGroup がありません。`,
    );
  });

  it('refuses a lab-only experiment and a crash in Japanese', async () => {
    const refusal = openAwsProbe(findExperiment('fifo-dedup'), join(dir, 'absent.json'), {}, 'ja');
    await expect(refusal).rejects.toBeInstanceOf(LabOnlyActionError);
    await expect(refusal).rejects.toThrow(/^fifo-dedup はラボでしか実行できません: /);
    const japanese = new AwsProbe(
      OUTPUTS,
      {
        sqs: new SQSClient({}),
        dynamodb: new DynamoDBClient({}),
        logs: new CloudWatchLogsClient({}),
        cloudwatch: new CloudWatchClient({}),
      },
      'ja',
    );
    await expect(japanese.crashWorker()).rejects.toThrow(/^実行中の Lambda 呼び出しを/);
    await expect(probe().crashWorker()).rejects.toThrow(/^a running Lambda invocation cannot be crashed/);
  });
});

describe.each([
  {
    name: 'visibility-manager',
    stack: 'VisibilityDupStack',
    context: 'visibilityManager=true',
    output: 'HeartbeatMode',
    off: 'per-message',
    on: 'batch-manager',
  },
  {
    name: 'event-filter',
    stack: 'BatchPartialStack',
    context: 'eventFilter=true',
    output: 'EventFilter',
    off: 'none',
    on: '{"body":{"shouldFail":[false]}}',
  },
])('openAwsProbe for $name (needs $stack deployed with -c $context)', ({ name, stack, context, output, off, on }) => {
  function outputsFile(file: string, value: string | undefined): string {
    const path = join(dir, `${name}-${file}`);
    writeFileSync(path, JSON.stringify({ [stack]: value === undefined ? OUTPUTS : { ...OUTPUTS, [output]: value } }));
    return path;
  }

  it('is not lab-only (--target aws is accepted before the outputs are read) and names the switch for the CLI', () => {
    expect(labOnlyReason(findExperiment(name))).toBeUndefined();
    expect(requiredContextFlags(findExperiment(name))).toBe(`-c ${context}`);
  });

  it.each([
    ['the switch off', off],
    ['absent (deployed before the switch existed)', undefined],
  ])(`refuses a stack whose ${output} is %s, with the deploy command, in both languages`, async (_, value) => {
    const file = outputsFile(`${value ?? 'absent'}.json`, value);
    const refusal = openAwsProbe(findExperiment(name), file, {});
    await expect(refusal).rejects.toBeInstanceOf(LabOnlyActionError);
    await expect(refusal).rejects.toThrow(
      `${name} needs ${stack} deployed with -c ${context} (output ${output} is ${value ?? 'absent'}); deploy it with: npx cdk deploy --all -c ${context} --outputs-file ${file}`,
    );
    await expect(openAwsProbe(findExperiment(name), file, {}, 'ja')).rejects.toThrow(
      `${name} には -c ${context} を付けてデプロイした ${stack} が必要です`,
    );
  });

  it('opens a probe on a stack deployed with the switch (and, for Step 7, a queue lowered to 5 s)', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '5' } });
    const probe = await openAwsProbe(findExperiment(name), outputsFile('on.json', on), {});
    expect(probe).toBeInstanceOf(AwsProbe);
    await probe.close();
  });
});

describe('openAwsProbe for the other experiments of those stacks', () => {
  it('runs them whatever the switch, and keeps a variant without a switch lab-only', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '5' } });
    for (const mode of ['per-message', 'batch-manager']) {
      const file = join(dir, `plain-${mode}.json`);
      writeFileSync(file, JSON.stringify({ VisibilityDupStack: { ...OUTPUTS, HeartbeatMode: mode } }));
      const heartbeat = await openAwsProbe(findExperiment('heartbeat'), file, {});
      expect(heartbeat).toBeInstanceOf(AwsProbe);
      await heartbeat.close();
    }
    expect(labOnlyReason(findExperiment('visibility-too-long'))).toBeDefined();
  });
});

describe('openAwsProbe checks the Step 7 queue runs at 5 s first', () => {
  const file = join(dir, 'step7.json');

  it.each([
    ['30', '30 s'],
    [undefined, 'unknown s'],
  ])(
    'refuses when VisibilityTimeout reads %j (a rollback or a "no changes" deploy left it), printing the fix',
    async (value, shown) => {
      writeFileSync(file, JSON.stringify({ VisibilityDupStack: OUTPUTS }));
      sqsMock
        .on(GetQueueAttributesCommand)
        .resolves({ Attributes: value === undefined ? {} : { VisibilityTimeout: value } });

      const refusal = openAwsProbe(findExperiment('no-heartbeat'), file, {});

      await expect(refusal).rejects.toBeInstanceOf(QueueNotLoweredError);
      await expect(refusal).rejects.toThrow(
        `VisibilityDupStack's queue runs at VisibilityTimeout ${shown} instead of 5 s (a rolled-back or "no changes" deploy can leave it raised), so set it back first with: aws sqs set-queue-attributes --queue-url ${OUTPUTS.QueueUrl} --attributes VisibilityTimeout=5`,
      );
      expect(sqsMock.commandCalls(GetQueueAttributesCommand)[0]?.args[0].input).toEqual({
        QueueUrl: OUTPUTS.QueueUrl,
        AttributeNames: ['VisibilityTimeout'],
      });
    },
  );

  it('says it in Japanese, with the same command', async () => {
    writeFileSync(file, JSON.stringify({ VisibilityDupStack: OUTPUTS }));
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { VisibilityTimeout: '30' } });

    await expect(openAwsProbe(findExperiment('heartbeat'), file, {}, 'ja')).rejects.toThrow(
      `VisibilityDupStack のキューの VisibilityTimeout が 5 秒ではなく 30 秒のままなので（ロールバックや「変更なし」のデプロイで上げたまま残ることがあります）、先に次のコマンドで戻してください: aws sqs set-queue-attributes --queue-url ${OUTPUTS.QueueUrl} --attributes VisibilityTimeout=5`,
    );
  });

  it('does not check BatchPartialStack, whose deploys never raise its queue', async () => {
    expect(loweredVisibilityTimeout('BatchPartialStack')).toBeUndefined();
    expect(loweredVisibilityTimeout('VisibilityDupStack')).toBe(5);
    writeFileSync(file, JSON.stringify({ BatchPartialStack: OUTPUTS }));

    const batch = await openAwsProbe(findExperiment('partial-batch'), file, {});

    expect(sqsMock.commandCalls(GetQueueAttributesCommand)).toHaveLength(0);
    await batch.close();
  });
});

describe('AwsProbe', () => {
  it("reads the worker's JSON lines from CloudWatch Logs across pages, skipping platform lines", async () => {
    logsMock
      .on(FilterLogEventsCommand)
      .resolvesOnce({
        events: [
          { timestamp: 1, message: '{"event":"start","id":"a","message":"Start a sleep 8","level":"INFO"}' },
          { timestamp: 2, message: 'REPORT RequestId: 1 Duration: 2 ms' },
        ],
        nextToken: 'more',
      })
      .resolvesOnce({ events: [{ timestamp: 3, message: '{"event":"completed","id":"a","message":"Completed a"}' }] });

    const lines = await probe().workerLines();

    expect(lines.map((line) => line.event)).toEqual(['start', 'completed']);
    expect(logsMock.commandCalls(FilterLogEventsCommand)[0]?.args[0].input).toMatchObject({
      logGroupName: '/aws/lambda/worker',
    });
    expect(logsMock.commandCalls(FilterLogEventsCommand)[1]?.args[0].input.nextToken).toBe('more');
  });

  it("shows the worker's lines as a run on the lab does: seconds since the probe opened, escaped", async () => {
    const opened = Date.now();
    const aws = probe();
    logsMock.on(FilterLogEventsCommand).resolves({
      events: [
        { timestamp: opened + 2_500, message: '{"event":"start","message":"Start a sleep 8","level":"INFO"}' },
        { timestamp: opened + 9_000, message: '{"event":"completed","message":"Completed \\u001b[2Ja"}' },
      ],
    });

    await aws.workerLines();

    // run-line.ts's shape: `  2.5s  Worker   INFO  Start a sleep 8`, the ESC shown, not sent to the terminal.
    const [start, completed] = aws.displayLines();
    expect(start).toMatch(/^\s+2\.\ds {2}Worker {3}INFO {2}Start a sleep 8$/);
    expect(completed).toMatch(/^\s+9\.\ds {2}Worker {3}Completed \\x1B\[2Ja$/);
    expect(aws.displayLines().join('')).not.toContain('\u001b');
  });

  it('reads the effect counter from the table and the queue counts and DLQ from SQS', async () => {
    ddbMock.on(GetItemCommand).resolves({ Item: { messageId: { S: 'a' }, effects: { N: '2' } } });
    sqsMock.on(GetQueueAttributesCommand).resolves({
      Attributes: {
        ApproximateNumberOfMessages: '1',
        ApproximateNumberOfMessagesNotVisible: '2',
        ApproximateNumberOfMessagesDelayed: '4',
      },
    });
    sqsMock
      .on(ReceiveMessageCommand)
      .resolvesOnce({ Messages: [{ MessageId: 'm1', Body: '{"id":"run-3"}' }] })
      .resolves({ Messages: [{ MessageId: 'm1', Body: '{"id":"run-3"}' }] });
    const aws = probe();

    expect(await aws.effects('a')).toBe(2);
    expect(await aws.queueCounts()).toEqual({ visible: 1, inFlight: 2, delayed: 4 });
    expect(await aws.dlqIds()).toEqual(['run-3']);
    expect(sqsMock.commandCalls(ReceiveMessageCommand)[0]?.args[0].input).toMatchObject({ VisibilityTimeout: 0 });
  });
});

describe('AwsProbe.dlqAlarm', () => {
  it("reads the state of the stack's DLQ alarm (output DlqAlarmName) with DescribeAlarms", async () => {
    cloudwatchMock.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [
        {
          AlarmName: 'BatchPartialStack-DlqAlarm-1',
          StateValue: 'ALARM',
          StateReason: 'Threshold Crossed: 1 datapoint [3.0 (23/11/26 10:01:00)] was greater than the threshold (0.0).',
        },
      ],
    });

    const reading = await probe({ ...OUTPUTS, DlqAlarmName: 'BatchPartialStack-DlqAlarm-1' }).dlqAlarm();

    expect(reading).toMatchObject({ alarmName: 'BatchPartialStack-DlqAlarm-1', state: 'ALARM' });
    expect(reading?.reason).toMatch(/^Threshold Crossed/);
    expect(cloudwatchMock.commandCalls(DescribeAlarmsCommand)[0]?.args[0].input).toEqual({
      AlarmNames: ['BatchPartialStack-DlqAlarm-1'],
    });
  });

  it('reads nothing for a stack without the output, and cannot tell notifications or call counts', async () => {
    const aws = probe();

    expect(await aws.dlqAlarm()).toBeUndefined();
    expect(await aws.alarmNotifications()).toBeUndefined();
    expect(await aws.workerSqsCalls()).toBeUndefined();
    expect(cloudwatchMock.commandCalls(DescribeAlarmsCommand)).toHaveLength(0);
  });
});

describe('requiredContextFlags', () => {
  it('names the -c flags a Step 8 experiment needs on AWS, and none for Step 7', () => {
    expect(requiredContextFlags(findExperiment('no-partial-report'))).toBe(
      '-c batchSize=10 -c reportBatchItemFailures=false',
    );
    expect(requiredContextFlags(findExperiment('heartbeat'))).toBe('');
  });
});
