import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchPartialStack } from '#lib/batch-partial-stack';
import { BATCH_PARTIAL } from '#lib/settings';
import {
  actionsOf,
  labApp,
  logicalId,
  must,
  policyResources,
  renderIntrinsic,
  resourcesOfType,
  statementsOfRole,
} from './support';

// One template for the whole file (default switches: batch size 10, partial batch responses on).
let stack: BatchPartialStack;
let template: Template;
let ids: { queue: string; dlq: string; producer: string; worker: string; producerRole: string; workerRole: string };

beforeAll(() => {
  stack = new BatchPartialStack(labApp());
  template = Template.fromStack(stack);
  const producer = must(stack.functions, 'Producer');
  const worker = must(stack.functions, 'Worker');
  ids = {
    queue: logicalId(must(stack.queues, 'BatchQueue')),
    dlq: logicalId(must(stack.queues, 'BatchDlq')),
    producer: logicalId(producer),
    worker: logicalId(worker),
    producerRole: logicalId(producer.role!),
    workerRole: logicalId(worker.role!),
  };
});

const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const propertiesOf = (id: string) => template.toJSON().Resources[id].Properties;

describe('BatchPartialStack functions', () => {
  it('runs both functions on nodejs24.x, and needs no custom resource provider', () => {
    const runtimes = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).map(
      (fn) => fn.Properties?.Runtime,
    );
    expect(runtimes).toEqual(['nodejs24.x', 'nodejs24.x']);
    template.resourceCountIs('Custom::QueueVisibilityTimeout', 0);
  });

  it('gives the producer a 10 s timeout and 256 MB', () => {
    expect(propertiesOf(ids.producer)).toMatchObject({ Timeout: 10, MemorySize: 256 });
  });

  it('gives the worker a 5 s timeout and 256 MB', () => {
    expect(propertiesOf(ids.worker)).toMatchObject({ Timeout: BATCH_PARTIAL.workerTimeoutSeconds, MemorySize: 256 });
  });

  it('logs in JSON', () => {
    for (const id of [ids.producer, ids.worker]) expect(propertiesOf(id).LoggingConfig.LogFormat).toBe('JSON');
  });

  it('gives the producer QUEUE_URL of BatchQueue', () => {
    expect(propertiesOf(ids.producer).Environment.Variables).toMatchObject({ QUEUE_URL: { Ref: ids.queue } });
  });

  it('tells the worker that partial batch responses are on', () => {
    expect(propertiesOf(ids.worker).Environment.Variables).toMatchObject({ REPORT_BATCH_ITEM_FAILURES: 'true' });
  });
});

describe('BatchPartialStack event source mapping', () => {
  it('feeds the worker from BatchQueue in batches of 10', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ids.worker },
      EventSourceArn: arnOf(ids.queue),
      BatchSize: 10,
    });
  });

  it('reports batch item failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('BatchPartialStack queues', () => {
  it('gives BatchQueue a 10 s visibility timeout, at least the worker timeout', () => {
    expect(propertiesOf(ids.queue).VisibilityTimeout).toBe(10);
  });

  it('moves a message to the DLQ after 2 receives', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: arnOf(ids.dlq), maxReceiveCount: 2 },
    });
  });

  it('keeps DLQ messages longer than the source queue does', () => {
    expect(propertiesOf(ids.dlq).MessageRetentionPeriod).toBeGreaterThan(
      propertiesOf(ids.queue).MessageRetentionPeriod,
    );
  });

  it('encrypts both queues with SQS-managed keys and deletes them with the stack', () => {
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.allResources('AWS::SQS::Queue', {
      Properties: Match.objectLike({ SqsManagedSseEnabled: true }),
      DeletionPolicy: 'Delete',
    });
  });

  it('denies every request that does not use TLS, on both queues', () => {
    for (const queueId of [ids.queue, ids.dlq]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });
});

describe('BatchPartialStack logs and IAM', () => {
  it('keeps 7 days of logs and deletes both log groups with the stack', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', 2);
    template.allResources('AWS::Logs::LogGroup', {
      Properties: { RetentionInDays: 7 },
      DeletionPolicy: 'Delete',
    });
  });

  it('lets the producer only send to BatchQueue (and write its logs)', () => {
    const statements = statementsOfRole(template, ids.producerRole).filter(
      (statement) => !actionsOf(statement).every((action) => action.startsWith('logs:')),
    );
    expect(statements).toEqual([{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arnOf(ids.queue) }]);
  });

  it('lets the worker consume BatchQueue and nothing else', () => {
    const statements = statementsOfRole(template, ids.workerRole).filter(
      (statement) => !actionsOf(statement).every((action) => action.startsWith('logs:')),
    );
    expect(statements).toEqual([
      {
        Action: [
          'sqs:ChangeMessageVisibility',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
          'sqs:ReceiveMessage',
        ],
        Effect: 'Allow',
        Resource: arnOf(ids.queue),
      },
    ]);
  });

  it('grants no wildcard resource and attaches no AWS managed policy', () => {
    const resources = policyResources(template);
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(JSON.stringify(resource)).not.toContain('*');
    template.allResourcesProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
  });
});

describe('BatchPartialStack API and outputs', () => {
  it('throttles the prod stage to 1 request/s, bursts of 10', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 1, ThrottlingBurstLimit: 10 })],
    });
  });

  it('routes POST /enqueue to the producer', () => {
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      Integration: { Type: 'AWS_PROXY', Uri: { 'Fn::Join': ['', Match.arrayWith([arnOf(ids.producer)])] } },
    });
  });

  it('has exactly ApiEndpoint, QueueUrl, DlqUrl, the DLQ alarm name, the two log group names and EventFilter', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual([
      'ApiEndpoint',
      'DlqAlarmName',
      'DlqUrl',
      'EventFilter',
      'ProducerLogGroup',
      'QueueUrl',
      'WorkerLogGroup',
    ]);
  });

  it('ApiEndpoint ends in /', () => {
    expect(renderIntrinsic(template.findOutputs('ApiEndpoint').ApiEndpoint?.Value)).toMatch(/\/$/);
  });

  it('DlqUrl is the DLQ the seed command inspects', () => {
    template.hasOutput('DlqUrl', { Value: { Ref: ids.dlq } });
    template.hasOutput('QueueUrl', { Value: { Ref: ids.queue } });
  });
});
