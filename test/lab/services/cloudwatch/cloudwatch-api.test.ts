/**
 * CloudWatch on the one endpoint, read by the real @aws-sdk/client-cloudwatch (JSON 1.0), by the
 * AWS CLI on this machine (botocore 1.43 sends JSON 1.0; Debian's 2.9, which CI installs where
 * there is none, the query protocol) and by raw requests in RPC v2 CBOR and the query protocol. Error shapes as recorded against AWS by
 * LocalStack (tests/aws/services/cloudwatch/test_cloudwatch.snapshot.json:
 * test_set_alarm_invalid_input, test_exception_serializing_with_no_shape_in_spec).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CloudWatchClient,
  DescribeAlarmHistoryCommand,
  DescribeAlarmsCommand,
  GetDashboardCommand,
  GetMetricDataCommand,
  GetMetricStatisticsCommand,
  ListDashboardsCommand,
  SetAlarmStateCommand,
} from '@aws-sdk/client-cloudwatch';
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { cbor } from '@smithy/core/cbor';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAwsEnvironment, LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { cloudWatchApi } from '#lab/services/cloudwatch/cloudwatch-api';
import { CloudWatchService } from '#lab/services/cloudwatch/cloudwatch-service';
import type { AlarmDefinition } from '#lab/services/cloudwatch/cloudwatch-state';
import { SnsService } from '#lab/services/sns/sns-service';
import { runCommand } from '#lab/bench/run-command';
import { sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

// The alarms watch a namespace the lab does not read, so they stay INSUFFICIENT_DATA unless
// SetAlarmState moves them; the SQS emulator answers the metric readings.
const { sqs } = sqsEmulatorsForThisFile();
let service: CloudWatchService;
let gateway: LabGateway;
let client: CloudWatchClient;
/** The clock metric readings are stamped with: 30 s into a minute. */
const NOW = new Date('2026-11-26T05:00:30Z');

const TOPIC = 'arn:aws:sns:us-east-1:000000000000:ops-alerts';

function alarm(name: string, overrides: Partial<AlarmDefinition> = {}): AlarmDefinition {
  return {
    alarmName: name,
    alarmArn: `arn:aws:cloudwatch:us-east-1:000000000000:alarm:${name}`,
    namespace: 'Lab/Test',
    metricName: 'Backlog',
    dimensions: [{ Name: 'QueueName', Value: name }],
    threshold: 10,
    comparisonOperator: 'GreaterThanThreshold',
    alarmActions: [TOPIC],
    okActions: [],
    statistic: 'Maximum',
    period: 60,
    evaluationPeriods: 1,
    ...overrides,
  };
}

beforeAll(async () => {
  service = new CloudWatchService(sqs(), new SnsService());
  service.alarms.put(alarm('orders-backlog', { description: 'too many orders waiting' }));
  service.alarms.put(alarm('orders-dlq'));
  service.alarms.put(alarm('payments-dlq'));
  service.state.dashboards.set('orders', { body: '{"widgets":[]}', lastModified: new Date('2026-11-01T00:00:00Z') });
  service.state.dashboards.set('payments', { body: '{"widgets":[{}]}', lastModified: new Date() });
  gateway = await startLabGateway([cloudWatchApi(service, () => NOW)]);
  client = new CloudWatchClient({ region: LAB_REGION, endpoint: gateway.url, credentials: LAB_CREDENTIALS });
});
afterAll(async () => {
  client.destroy();
  service.stop();
  await gateway.stop();
});

describe('cloudWatchApi through @aws-sdk/client-cloudwatch (JSON 1.0)', () => {
  it('DescribeAlarms lists the metric alarms by name, prefix and state', async () => {
    const all = await client.send(new DescribeAlarmsCommand({}));
    expect(all.MetricAlarms?.map((item) => item.AlarmName)).toEqual(['orders-backlog', 'orders-dlq', 'payments-dlq']);
    expect(all.CompositeAlarms).toEqual([]);
    expect(all.MetricAlarms?.[0]).toMatchObject({
      AlarmName: 'orders-backlog',
      AlarmArn: 'arn:aws:cloudwatch:us-east-1:000000000000:alarm:orders-backlog',
      AlarmDescription: 'too many orders waiting',
      ActionsEnabled: true,
      AlarmActions: [TOPIC],
      OKActions: [],
      InsufficientDataActions: [],
      StateValue: 'INSUFFICIENT_DATA',
      StateReason: 'Unchecked: Initial alarm creation',
      Namespace: 'Lab/Test',
      MetricName: 'Backlog',
      Dimensions: [{ Name: 'QueueName', Value: 'orders-backlog' }],
      Statistic: 'Maximum',
      Period: 60,
      EvaluationPeriods: 1,
      Threshold: 10,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(all.MetricAlarms?.[0]?.StateUpdatedTimestamp).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - (all.MetricAlarms?.[0]?.StateUpdatedTimestamp?.getTime() ?? 0))).toBeLessThan(60_000);

    const named = await client.send(new DescribeAlarmsCommand({ AlarmNames: ['orders-dlq', 'nowhere'] }));
    expect(named.MetricAlarms?.map((item) => item.AlarmName)).toEqual(['orders-dlq']);
    const prefixed = await client.send(new DescribeAlarmsCommand({ AlarmNamePrefix: 'payments' }));
    expect(prefixed.MetricAlarms?.map((item) => item.AlarmName)).toEqual(['payments-dlq']);
    const inAlarm = await client.send(new DescribeAlarmsCommand({ StateValue: 'ALARM' }));
    expect(inAlarm.MetricAlarms).toEqual([]);
  });

  it('DescribeAlarms pages with MaxRecords and NextToken', async () => {
    const first = await client.send(new DescribeAlarmsCommand({ MaxRecords: 2 }));
    expect(first.MetricAlarms?.map((item) => item.AlarmName)).toEqual(['orders-backlog', 'orders-dlq']);
    const second = await client.send(new DescribeAlarmsCommand({ MaxRecords: 2, NextToken: first.NextToken }));
    expect(second.MetricAlarms?.map((item) => item.AlarmName)).toEqual(['payments-dlq']);
    expect(second.NextToken).toBeUndefined();
  });

  it('SetAlarmState changes the state at once and runs the actions; DescribeAlarmHistory shows both', async () => {
    const before = new Date(Date.now() - 1000);
    await client.send(
      new SetAlarmStateCommand({ AlarmName: 'orders-dlq', StateValue: 'ALARM', StateReason: 'testing the pager' }),
    );
    const { AlarmHistoryItems = [] } = await client.send(
      new DescribeAlarmHistoryCommand({ AlarmName: 'orders-dlq', StartDate: before, ScanBy: 'TimestampAscending' }),
    );
    // The evaluator's timer may add its own change meanwhile: look for the items, not their places.
    const changed = AlarmHistoryItems.find(
      (item) => item.HistorySummary === 'Alarm updated from INSUFFICIENT_DATA to ALARM',
    );
    expect(changed).toMatchObject({
      AlarmName: 'orders-dlq',
      AlarmType: 'MetricAlarm',
      HistoryItemType: 'StateUpdate',
      Timestamp: expect.any(Date),
    });
    expect(JSON.parse(changed?.HistoryData ?? '{}')).toMatchObject({
      newState: { stateValue: 'ALARM', stateReason: 'testing the pager' },
    });
    // The lab's SNS has no such topic: the action fails, and the history says so.
    expect(AlarmHistoryItems).toContainEqual(
      expect.objectContaining({
        HistoryItemType: 'Action',
        HistorySummary: expect.stringMatching(new RegExp(`^Failed to execute action ${TOPIC}\\. Received error: `)),
      }),
    );
    // The next evaluation sets the state the metric gives back (the lab cannot read this one), as on AWS.
    await service.alarms.evaluateAll();
    const after = await client.send(new DescribeAlarmsCommand({ AlarmNames: ['orders-dlq'] }));
    expect(after.MetricAlarms?.[0]?.StateValue).toBe('INSUFFICIENT_DATA');
    const updates = await client.send(
      new DescribeAlarmHistoryCommand({ AlarmName: 'orders-dlq', HistoryItemType: 'StateUpdate', MaxRecords: 1 }),
    );
    expect(updates.AlarmHistoryItems?.map((item) => item.HistorySummary)).toEqual([
      'Alarm updated from ALARM to INSUFFICIENT_DATA',
    ]);
  });

  it('SetAlarmState on a missing alarm: ResourceNotFound, 404 (test_set_alarm_invalid_input)', async () => {
    const error = await client
      .send(new SetAlarmStateCommand({ AlarmName: 'nowhere', StateValue: 'OK', StateReason: 'test' }))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ResourceNotFound', $metadata: { httpStatusCode: 404 } });
  });

  it('SetAlarmState with a state outside the enum: ValidationError in AWS’s words (test_set_alarm_invalid_input)', async () => {
    const error = await client
      .send(new SetAlarmStateCommand({ AlarmName: 'orders-dlq', StateValue: 'INVALID' as 'OK', StateReason: 'test' }))
      .catch((caught: unknown) => caught);
    // The SDK names an error outside the model by its __type; the AWS CLI prints its query code, ValidationError.
    expect(error).toMatchObject({
      name: 'ValidationException',
      message:
        "1 validation error detected: Value 'INVALID' at 'stateValue' failed to satisfy constraint: Member must satisfy enum value set: [INSUFFICIENT_DATA, ALARM, OK]",
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('GetDashboard and ListDashboards answer the lab’s dashboards; a missing one is ResourceNotFound', async () => {
    expect(await client.send(new GetDashboardCommand({ DashboardName: 'orders' }))).toMatchObject({
      DashboardName: 'orders',
      DashboardArn: 'arn:aws:cloudwatch::000000000000:dashboard/orders',
      DashboardBody: '{"widgets":[]}',
    });
    const { DashboardEntries = [] } = await client.send(new ListDashboardsCommand({ DashboardNamePrefix: 'ord' }));
    expect(DashboardEntries).toEqual([
      {
        DashboardName: 'orders',
        DashboardArn: 'arn:aws:cloudwatch::000000000000:dashboard/orders',
        LastModified: new Date('2026-11-01T00:00:00Z'),
        Size: 14,
      },
    ]);
    const error = await client
      .send(new GetDashboardCommand({ DashboardName: 'nowhere' }))
      .catch((caught: unknown) => caught);
    // The SDK names it by its query code (x-amzn-query-error), as the AWS CLI does.
    expect(error).toMatchObject({
      name: 'ResourceNotFound',
      message: 'The specified dashboard does not exist.',
      $metadata: { httpStatusCode: 404 },
    });
  });
});

describe('cloudWatchApi: metrics the lab reads (the current value as the current period’s datapoint)', () => {
  const queueDepth = { Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible' };
  const minuteAround = { StartTime: new Date('2026-11-26T04:55:00Z'), EndTime: new Date('2026-11-26T05:05:00Z') };

  beforeAll(async () => {
    const { QueueUrl } = await sqs().send(new CreateQueueCommand({ QueueName: 'metrics-queue' }));
    for (const body of ['one', 'two']) await sqs().send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
  });

  it('GetMetricStatistics answers the queue depth as one datapoint at the start of the current period', async () => {
    const answer = await client.send(
      new GetMetricStatisticsCommand({
        ...queueDepth,
        Dimensions: [{ Name: 'QueueName', Value: 'metrics-queue' }],
        ...minuteAround,
        Period: 60,
        Statistics: ['Maximum', 'SampleCount'],
      }),
    );
    expect(answer.Label).toBe('ApproximateNumberOfMessagesVisible');
    expect(answer.Datapoints).toEqual([
      { Timestamp: new Date('2026-11-26T05:00:00Z'), Maximum: 2, SampleCount: 1, Unit: 'Count' },
    ]);
    // Outside the window, or a queue the lab does not have: no datapoints, as on AWS for an unpublished metric.
    const before = await client.send(
      new GetMetricStatisticsCommand({
        ...queueDepth,
        Dimensions: [{ Name: 'QueueName', Value: 'metrics-queue' }],
        StartTime: new Date('2026-11-25T00:00:00Z'),
        EndTime: new Date('2026-11-25T01:00:00Z'),
        Period: 60,
        Statistics: ['Maximum'],
      }),
    );
    expect(before.Datapoints).toEqual([]);
  });

  it('GetMetricData answers each MetricStat query the same way', async () => {
    const metric = (queueName: string) => ({
      MetricStat: {
        Metric: { ...queueDepth, Dimensions: [{ Name: 'QueueName', Value: queueName }] },
        Period: 60,
        Stat: 'Maximum',
      },
    });
    const { MetricDataResults } = await client.send(
      new GetMetricDataCommand({
        MetricDataQueries: [
          { Id: 'depth', ...metric('metrics-queue') },
          { Id: 'missing', Label: 'no such queue', ...metric('nowhere') },
        ],
        ...minuteAround,
      }),
    );
    expect(MetricDataResults).toEqual([
      {
        Id: 'depth',
        Label: 'ApproximateNumberOfMessagesVisible',
        Timestamps: [new Date('2026-11-26T05:00:00Z')],
        Values: [2],
        StatusCode: 'Complete',
      },
      { Id: 'missing', Label: 'no such queue', Timestamps: [], Values: [], StatusCode: 'Complete' },
    ]);
  });

  it('refuses a window that ends before it starts and more than 1440 datapoints, in AWS’s words (test_invalid_amount_of_datapoints)', async () => {
    const statistics = (input: { StartTime: Date; EndTime: Date; Period: number }) =>
      client
        .send(new GetMetricStatisticsCommand({ ...queueDepth, Statistics: ['SampleCount'], ...input }))
        .catch((caught: unknown) => caught);
    expect(await statistics({ StartTime: NOW, EndTime: NOW, Period: 1 })).toMatchObject({
      // The SDK names the error by its shape; Code is the query code, which the AWS CLI prints.
      name: 'InvalidParameterValueException',
      Code: 'InvalidParameterValue',
      message: 'The parameter StartTime must be less than the parameter EndTime.',
      $metadata: { httpStatusCode: 400 },
    });
    expect(
      await statistics({ StartTime: NOW, EndTime: new Date(NOW.getTime() + 86_400_000), Period: 1 }),
    ).toMatchObject({
      name: 'InvalidParameterCombinationException',
      Code: 'InvalidParameterCombination',
      message:
        'You have requested up to 86400 datapoints, which exceeds the limit of 1440. You may reduce the datapoints requested by increasing Period, or decreasing the time range.',
    });
  });
});

describe('cloudWatchApi in RPC v2 CBOR and the query protocol', () => {
  const signed = `AWS4-HMAC-SHA256 Credential=lab/20261126/${LAB_REGION}/monitoring/aws4_request, SignedHeaders=host, Signature=00`;
  const queryRequest = (form: Record<string, string>) =>
    fetch(gateway.url, {
      method: 'POST',
      headers: { authorization: signed, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams({ Version: '2010-08-01', ...form }),
    });

  it('answers RPC v2 CBOR with CBOR, timestamps as tag 1 (TestCloudWatchMultiProtocol)', async () => {
    const response = await fetch(`${gateway.url}/service/GraniteServiceVersion20100801/operation/DescribeAlarms`, {
      method: 'POST',
      headers: {
        authorization: signed,
        'smithy-protocol': 'rpc-v2-cbor',
        'content-type': 'application/cbor',
        accept: 'application/cbor',
      },
      body: Buffer.from(cbor.serialize({ AlarmNames: ['payments-dlq'] })),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/cbor');
    expect(response.headers.get('smithy-protocol')).toBe('rpc-v2-cbor');
    const bytes = Buffer.from(await response.arrayBuffer());
    // "StateUpdatedTimestamp" then tag 1 (0xc1) over a double (0xfb), as AWS writes it.
    expect(bytes.includes(Buffer.concat([Buffer.from('StateUpdatedTimestamp'), Buffer.from([0xc1, 0xfb])]))).toBe(true);
    const body = cbor.deserialize(new Uint8Array(bytes)) as { MetricAlarms: { AlarmName: string }[] };
    expect(body.MetricAlarms.map((item) => item.AlarmName)).toEqual(['payments-dlq']);
  });

  it('answers a CBOR error with __type and the query code, 404 only in query mode (test_exception_serializing_with_no_shape_in_spec)', async () => {
    const setState = (queryMode: boolean) =>
      fetch(`${gateway.url}/service/GraniteServiceVersion20100801/operation/SetAlarmState`, {
        method: 'POST',
        headers: {
          authorization: signed,
          'smithy-protocol': 'rpc-v2-cbor',
          'content-type': 'application/cbor',
          ...(queryMode ? { 'x-amzn-query-mode': 'true' } : {}),
        },
        body: Buffer.from(cbor.serialize({ AlarmName: 'nowhere', StateValue: 'OK', StateReason: 'test' })),
      });
    for (const [queryMode, status] of [
      [false, 400],
      [true, 404],
    ] as const) {
      const response = await setState(queryMode);
      expect(response.status).toBe(status);
      expect(response.headers.get('x-amzn-query-error')).toBe('ResourceNotFound;Sender');
      expect(cbor.deserialize(new Uint8Array(await response.arrayBuffer()))).toEqual({
        __type: 'com.amazonaws.cloudwatch.v2010_08_01#ResourceNotFound',
      });
    }
  });

  it('answers the query protocol in XML (older AWS CLIs)', async () => {
    const response = await queryRequest({
      Action: 'DescribeAlarms',
      'AlarmNames.member.1': 'orders-backlog',
    });
    expect(response.status).toBe(200);
    const xml = new XMLParser({ parseTagValue: false }).parse(await response.text()) as {
      DescribeAlarmsResponse: { DescribeAlarmsResult: { MetricAlarms: { member: Record<string, unknown> } } };
    };
    expect(xml.DescribeAlarmsResponse.DescribeAlarmsResult.MetricAlarms.member).toMatchObject({
      AlarmName: 'orders-backlog',
      AlarmActions: { member: TOPIC },
      Dimensions: { member: { Name: 'QueueName', Value: 'orders-backlog' } },
      StateUpdatedTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
  });

  it('reads nested query members (MetricDataQueries.member.N.MetricStat.Metric.Dimensions.member.N)', async () => {
    const response = await queryRequest({
      Action: 'GetMetricData',
      'MetricDataQueries.member.1.Id': 'depth',
      'MetricDataQueries.member.1.MetricStat.Metric.Namespace': 'AWS/SQS',
      'MetricDataQueries.member.1.MetricStat.Metric.MetricName': 'ApproximateNumberOfMessagesVisible',
      'MetricDataQueries.member.1.MetricStat.Metric.Dimensions.member.1.Name': 'QueueName',
      'MetricDataQueries.member.1.MetricStat.Metric.Dimensions.member.1.Value': 'metrics-queue',
      'MetricDataQueries.member.1.MetricStat.Period': '60',
      'MetricDataQueries.member.1.MetricStat.Stat': 'Maximum',
      StartTime: '2026-11-26T04:55:00Z',
      EndTime: '2026-11-26T05:05:00Z',
    });
    expect(response.status).toBe(200);
    const xml = new XMLParser({ parseTagValue: false }).parse(await response.text()) as {
      GetMetricDataResponse: { GetMetricDataResult: { MetricDataResults: { member: Record<string, unknown> } } };
    };
    expect(xml.GetMetricDataResponse.GetMetricDataResult.MetricDataResults.member).toEqual({
      Id: 'depth',
      Label: 'ApproximateNumberOfMessagesVisible',
      Timestamps: { member: '2026-11-26T05:00:00.000Z' },
      Values: { member: '2' },
      StatusCode: 'Complete',
    });
  });
});

describe('the AWS CLI on this machine', () => {
  it('aws cloudwatch describe-alarms answers through the endpoint (one CLI run: each costs about a second)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cloudwatch-cli-'));
    const described = await runCommand(
      'aws',
      [
        '--endpoint-url',
        gateway.url,
        '--output',
        'json',
        'cloudwatch',
        'describe-alarms',
        '--alarm-name-prefix',
        'orders-b',
      ],
      { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, ...fakeAwsEnvironment() }, timeoutMs: 30_000 },
    );
    expect(described.code, described.stderr).toBe(0);
    expect(JSON.parse(described.stdout)).toMatchObject({
      MetricAlarms: [{ AlarmName: 'orders-backlog', Threshold: 10, AlarmActions: [TOPIC] }],
    });
  });
});
