import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Stage } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { decode } from '@jridgewell/sourcemap-codec';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODEJS_FUNCTION_OPTIONS } from '#lab/services/lambda/runtime/bundle';
import { QUEUE_VISIBILITY_TIMEOUT_TYPE, RAISE_STABLE_READS } from '#lib/constructs/mapping-visibility-window';
import {
  DEFAULT_QUEUE_SETTLE_SECONDS,
  LAMBDA_RUNTIME,
  SQS_ATTRIBUTE_PROPAGATION_SECONDS,
  VISIBILITY_DUP,
} from '#lib/settings';
import { PROJECT_ROOT } from '#lib/project-root';
import { visibilityDupTopology } from '#lib/topology';
import { VisibilityDupStack } from '#lib/visibility-dup-stack';
import {
  actionsOf,
  dependsOn,
  labApp,
  logicalId,
  must,
  policyResources,
  renderIntrinsic,
  resourcesOfType,
  statementsOfRole,
} from './support';

// One template for the whole file: NodejsFunction bundles with esbuild on every synth.
let stack: VisibilityDupStack;
let template: Template;
let ids: {
  queue: string;
  dlq: string;
  table: string;
  producer: string;
  worker: string;
  producerRole: string;
  workerRole: string;
  mapping: string;
};

beforeAll(() => {
  stack = new VisibilityDupStack(labApp());
  template = Template.fromStack(stack);
  const producer = must(stack.functions, 'Producer');
  const worker = must(stack.functions, 'Worker');
  const [mapping] = Object.keys(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping'));
  ids = {
    queue: logicalId(must(stack.queues, 'ShortVTQueue')),
    dlq: logicalId(must(stack.queues, 'ShortVTDlq')),
    table: logicalId(must(stack.tables, 'IdemTable')),
    producer: logicalId(producer),
    worker: logicalId(worker),
    producerRole: logicalId(producer.role!),
    workerRole: logicalId(worker.role!),
    mapping: mapping ?? 'missing',
  };
});

const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

/** The Raise (before the mapping) or Lower (after it) custom resource of ShortVTQueue. */
function windowStep(step: 'Raise' | 'Lower') {
  const entry = Object.entries(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE)).find(([id]) =>
    id.startsWith(`ShortVTQueueVisibilityTimeout${step}`),
  );
  if (entry === undefined) throw new Error(`no ${step} custom resource`);
  return { logicalId: entry[0], resource: entry[1], properties: entry[1].Properties ?? {} };
}

/** The function both steps run (their ServiceToken) and its role. */
function windowHandler(): { functionId: string; roleId: string } {
  const token = windowStep('Raise').properties.ServiceToken as { 'Fn::GetAtt': [string, string] };
  const functionId = token['Fn::GetAtt'][0];
  const role = template.toJSON().Resources[functionId].Properties.Role as { 'Fn::GetAtt': [string, string] };
  return { functionId, roleId: role['Fn::GetAtt'][0] };
}

describe('VisibilityDupStack functions', () => {
  it(`runs every function, the custom resource provider included, on ${LAMBDA_RUNTIME}`, () => {
    const runtimes = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).map(
      (fn) => fn.Properties?.Runtime,
    );
    expect(runtimes).toEqual(['nodejs24.x', 'nodejs24.x', 'nodejs24.x']);
  });

  it('gives the producer a 10 s timeout and 256 MB', () => {
    expect(template.toJSON().Resources[ids.producer].Properties).toMatchObject({ Timeout: 10, MemorySize: 256 });
  });

  it('gives the worker the 30 s timeout the tutorial uses and 256 MB', () => {
    expect(template.toJSON().Resources[ids.worker].Properties).toMatchObject({
      Timeout: VISIBILITY_DUP.workerTimeoutSeconds,
      MemorySize: 256,
    });
  });

  it('logs both lab functions in JSON to their own log group', () => {
    for (const [fnId, logsId] of [
      [ids.producer, logicalId(must(stack.functions, 'Producer').logGroup)],
      [ids.worker, logicalId(must(stack.functions, 'Worker').logGroup)],
    ] as const) {
      expect(template.toJSON().Resources[fnId].Properties.LoggingConfig).toEqual({
        LogFormat: 'JSON',
        LogGroup: { Ref: logsId },
      });
    }
  });

  it('gives the producer QUEUE_URL of ShortVTQueue', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Producer'),
      Environment: { Variables: Match.objectLike({ QUEUE_URL: { Ref: ids.queue } }) },
    });
  });

  it('gives the worker QUEUE_URL, TABLE_NAME and the effective 5 s VISIBILITY_TIMEOUT_SECONDS', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Worker'),
      Environment: {
        Variables: Match.objectLike({
          QUEUE_URL: { Ref: ids.queue },
          TABLE_NAME: { Ref: ids.table },
          VISIBILITY_TIMEOUT_SECONDS: '5',
        }),
      },
    });
  });
});

describe('VisibilityDupStack event source mapping', () => {
  it('feeds the worker from ShortVTQueue one message at a time', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ids.worker },
      EventSourceArn: arnOf(ids.queue),
      BatchSize: 1,
    });
  });

  it('reports batch item failures, so an in-progress duplicate goes back to the queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('VisibilityDupStack effective 5 s visibility timeout', () => {
  it('creates ShortVTQueue at 30 s, the worker timeout, so Lambda accepts the mapping', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ maxReceiveCount: VISIBILITY_DUP.maxReceiveCount }),
      VisibilityTimeout: 30,
    });
  });

  it('lowers ShortVTQueue to 5 s after the mapping, and waits for one read of it', () => {
    expect(windowStep('Lower').properties).toMatchObject({
      QueueUrl: { Ref: ids.queue },
      VisibilityTimeout: VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
      StableReads: 1,
      SettleSeconds: 0,
    });
    expect(dependsOn(windowStep('Lower').resource)).toContain(ids.mapping);
  });

  it('raises ShortVTQueue to 30 s before the mapping is created or updated, and holds it until 3 reads agree and 60 s have passed', () => {
    expect(windowStep('Raise').properties).toMatchObject({
      QueueUrl: { Ref: ids.queue },
      VisibilityTimeout: VISIBILITY_DUP.workerTimeoutSeconds,
      StableReads: RAISE_STABLE_READS,
      SettleSeconds: DEFAULT_QUEUE_SETTLE_SECONDS,
    });
    expect(DEFAULT_QUEUE_SETTLE_SECONDS).toBe(60);
    expect(dependsOn(template.toJSON().Resources[ids.mapping])).toContain(windowStep('Raise').logicalId);
  });

  it('creates the mapping after the queue exists (it reads the queue ARN)', () => {
    const mapping = template.toJSON().Resources[ids.mapping];
    expect(mapping.Properties.EventSourceArn).toEqual(arnOf(ids.queue));
  });

  it('runs the lowering again when the mapping is replaced (the mapping id is one of its properties)', () => {
    expect(windowStep('Lower').properties.MappingIds).toEqual([{ Ref: ids.mapping }]);
  });

  it('runs both steps in one function whose timeout covers the settle time, SQS’s 60 s and a margin', () => {
    const { functionId } = windowHandler();
    const timeout = DEFAULT_QUEUE_SETTLE_SECONDS + SQS_ATTRIBUTE_PROPAGATION_SECONDS + 30;
    expect(windowStep('Lower').properties.ServiceToken).toEqual(arnOf(functionId));
    expect(template.toJSON().Resources[functionId].Properties).toMatchObject({
      Runtime: LAMBDA_RUNTIME,
      Timeout: timeout,
    });
    // CloudFormation gives up on a handler that never answers soon after its timeout, not after an hour.
    for (const step of ['Raise', 'Lower'] as const) {
      expect(windowStep(step).properties.ServiceTimeout).toBe(String(timeout + 30));
    }
  });

  it('lets that function set and read only ShortVTQueue’s attributes, in its role’s inline policy', () => {
    const role = template.toJSON().Resources[windowHandler().roleId];
    expect(role.Properties.Policies).toEqual([
      {
        PolicyName: 'Grants',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Action: ['sqs:GetQueueAttributes', 'sqs:SetQueueAttributes'],
              Effect: 'Allow',
              Resource: arnOf(ids.queue),
            },
          ],
        },
      },
    ]);
  });

  it('grants it sqs:SetQueueAttributes through no separate AWS::IAM::Policy (one attached later may not have propagated)', () => {
    const attached = statementsOfRole(template, windowHandler().roleId).flatMap(actionsOf);
    expect(attached.filter((action) => action.startsWith('sqs:'))).toEqual([]);
    expect(attached.length).toBeGreaterThan(0); // its log group, as for every function
  });
});

describe('VisibilityDupStack queues', () => {
  it('redrives ShortVTQueue to the DLQ after 10 receives', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: arnOf(ids.dlq), maxReceiveCount: 10 },
    });
  });

  it('keeps DLQ messages 14 days, longer than the 4 days of the source queue', () => {
    const queues = template.toJSON().Resources;
    expect(queues[ids.queue].Properties.MessageRetentionPeriod).toBe(4 * 24 * 3600);
    expect(queues[ids.dlq].Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('encrypts every queue with SQS-managed keys', () => {
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.allResourcesProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });

  it('denies every request to either queue that does not use TLS', () => {
    for (const queueId of [ids.queue, ids.dlq]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 'sqs:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('deletes both queues with the stack', () => {
    template.allResources('AWS::SQS::Queue', { DeletionPolicy: 'Delete' });
  });
});

describe('VisibilityDupStack IdemTable', () => {
  it('is keyed by messageId (String) and billed on demand', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'messageId', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'messageId', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('expires items by expiresAt', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('is deleted with the stack', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
  });
});

describe('VisibilityDupStack log groups', () => {
  it('keeps 7 days of logs for both functions and the custom resource provider', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', 3);
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
  });

  it('deletes every log group with the stack', () => {
    template.allResources('AWS::Logs::LogGroup', { DeletionPolicy: 'Delete' });
  });

  it('sends the custom resources’ function logs to a group of the stack, not one Lambda creates and leaves', () => {
    const { functionId } = windowHandler();
    const loggingConfig = template.toJSON().Resources[functionId].Properties.LoggingConfig as {
      LogGroup: { Ref: string };
    };
    expect(loggingConfig).toEqual({ LogFormat: 'JSON', LogGroup: { Ref: expect.any(String) } });
    expect(template.toJSON().Resources[loggingConfig.LogGroup.Ref].Type).toBe('AWS::Logs::LogGroup');
  });
});

describe('VisibilityDupStack IAM', () => {
  it('lets the producer only send to ShortVTQueue (and write its logs)', () => {
    const statements = statementsOfRole(template, ids.producerRole).filter(
      (statement) => !actionsOf(statement).every((action) => action.startsWith('logs:')),
    );
    expect(statements).toEqual([{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arnOf(ids.queue) }]);
  });

  it('lets the worker consume ShortVTQueue and change message visibility (the heartbeat)', () => {
    const onQueue = statementsOfRole(template, ids.workerRole).filter(
      (statement) => JSON.stringify(statement.Resource) === JSON.stringify(arnOf(ids.queue)),
    );
    expect(onQueue.flatMap(actionsOf).sort()).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ]);
  });

  it('lets the worker read and write IdemTable only', () => {
    const dynamo = statementsOfRole(template, ids.workerRole).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
    );
    expect(dynamo).toHaveLength(1);
    expect(dynamo[0]?.Resource).toEqual(arnOf(ids.table));
    expect(actionsOf(dynamo[0]!)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
  });

  it('gives the worker no sqs:SendMessage', () => {
    expect(statementsOfRole(template, ids.workerRole).flatMap(actionsOf)).not.toContain('sqs:SendMessage');
  });

  it('writes logs only to each function’s own log group', () => {
    for (const [roleId, fnName] of [
      [ids.producerRole, 'Producer'],
      [ids.workerRole, 'Worker'],
    ] as const) {
      const logs = statementsOfRole(template, roleId).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('logs:')),
      );
      expect(logs).toEqual([
        {
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Effect: 'Allow',
          Resource: arnOf(logicalId(must(stack.functions, fnName).logGroup)),
        },
      ]);
    }
  });

  it('grants no wildcard resource and attaches no AWS managed policy', () => {
    const resources = policyResources(template);
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(JSON.stringify(resource)).not.toContain('*');
    template.allResourcesProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
  });
});

describe('VisibilityDupStack API', () => {
  it('routes POST /enqueue to the producer through a Lambda proxy integration', () => {
    template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: 'enqueue' });
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      Integration: {
        Type: 'AWS_PROXY',
        Uri: { 'Fn::Join': ['', Match.arrayWith([arnOf(ids.producer)])] },
      },
    });
  });

  it('throttles the prod stage to 1 request/s, bursts of 10 (the spend bound: README, Security and cost guards)', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      MethodSettings: [
        Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 1, ThrottlingBurstLimit: 10 }),
      ],
    });
  });
});

describe('VisibilityDupStack outputs', () => {
  it('has exactly the outputs the README and the lab read', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual([
      'ApiEndpoint',
      'DlqAlarmName',
      'DlqUrl',
      'HeartbeatMode',
      'ProducerLogGroup',
      'QueueUrl',
      'TableName',
      'WorkerLogGroup',
    ]);
  });

  it('ApiEndpoint is the prod stage URL ending in /, so ${API}enqueue is the route', () => {
    const url = renderIntrinsic(template.findOutputs('ApiEndpoint').ApiEndpoint?.Value);
    expect(url).toMatch(/^https:\/\/\$\{Ref:\w+\}\.execute-api\..+\/\$\{Ref:\w*prod\w*\}\/$/);
  });

  it('QueueUrl, DlqUrl and TableName point at ShortVTQueue, its DLQ and IdemTable', () => {
    template.hasOutput('QueueUrl', { Value: { Ref: ids.queue } });
    template.hasOutput('DlqUrl', { Value: { Ref: ids.dlq } });
    template.hasOutput('TableName', { Value: { Ref: ids.table } });
  });

  it('ProducerLogGroup and WorkerLogGroup name the groups for `aws logs tail`', () => {
    template.hasOutput('ProducerLogGroup', { Value: { Ref: logicalId(must(stack.functions, 'Producer').logGroup) } });
    template.hasOutput('WorkerLogGroup', { Value: { Ref: logicalId(must(stack.functions, 'Worker').logGroup) } });
  });
});

// The functions carry the AWS SDK in their bundle, so the lab and AWS run the same SDK code: the
// versions package-lock.json pins, not the one the nodejs24.x runtime happens to provide. The
// lab's bundler options (`NODEJS_FUNCTION_OPTIONS`, used for topologies outside the CDK app)
// build the very bytes CDK's NodejsFunction puts in the asset.
/** The code without its last line, `//# sourceMappingURL=index.js.map` (CDK) or `index.cjs.map` (the lab). */
function withoutMapComment(code: string): string {
  return code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

/** A digest to compare bundles by (a failing comparison of two 600 KB strings would flood the output). */
function digest(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The `@aws-sdk/*` modules the bundle still requires at run time. */
function sdkRequires(code: string): string[] {
  const names = [...code.matchAll(/require\(["'](@aws-sdk\/[^"']+)["']\)/g)].map((match) => match[1] ?? '');
  return [...new Set(names)];
}

/**
 * Each `@aws-sdk/*` package the bundle took code from, by its path in node_modules
 * (`node_modules/@aws-sdk/client-sqs`, or nested under another package): the keys of
 * package-lock.json's `packages`.
 */
function sdkPackagesIn(metafile: Metafile): string[] {
  const paths = Object.keys(metafile.inputs).map(
    (input) => /^(.*node_modules\/@aws-sdk\/[^/]+)\//.exec(input.replaceAll('\\', '/'))?.[1],
  );
  return [...new Set(paths.filter((path): path is string => path !== undefined))].sort();
}

describe('the Step 7 worker bundle', () => {
  let cdkCode: string;
  let cdkMap: { sources: string[]; mappings: string };
  let labCode: string;
  let metafile: Metafile;

  beforeAll(async () => {
    const code = template.toJSON().Resources[ids.worker].Properties.Code as { S3Key: string };
    const assetDir = join(Stage.of(stack)?.outdir ?? '', `asset.${code.S3Key.replace(/\.zip$/, '')}`);
    expect(readdirSync(assetDir).sort()).toEqual(['index.js', 'index.js.map']);
    cdkCode = readFileSync(join(assetDir, 'index.js'), 'utf8');
    cdkMap = JSON.parse(readFileSync(join(assetDir, 'index.js.map'), 'utf8')) as typeof cdkMap;
    const entry = must(new Map(visibilityDupTopology().functions.map((spec) => [spec.id, spec.entry])), 'Worker');
    const lab = await build({
      ...NODEJS_FUNCTION_OPTIONS,
      entryPoints: [join(PROJECT_ROOT, entry)],
      outfile: 'index.cjs',
      write: false,
      metafile: true,
    });
    labCode = lab.outputFiles.find((file) => file.path.endsWith('.cjs'))?.text ?? '';
    metafile = lab.metafile;
  }, 60_000);

  it('carries the AWS SDK: nothing is left for the runtime to provide', () => {
    // Only the optional SigV4a signers, which the SDK requires inside a try, for multi-region
    // endpoints these functions never call (neither package is installed here).
    expect(sdkRequires(cdkCode).sort()).toEqual(['@aws-sdk/signature-v4-crt', '@aws-sdk/signature-v4a']);
  });

  it('takes the SDK from the packages package-lock.json pins, at the locked versions', () => {
    const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const packages = sdkPackagesIn(metafile);

    expect(packages).toEqual(
      expect.arrayContaining(['node_modules/@aws-sdk/client-sqs', 'node_modules/@aws-sdk/client-dynamodb']),
    );
    for (const path of packages) {
      const installed = (
        JSON.parse(readFileSync(join(PROJECT_ROOT, path, 'package.json'), 'utf8')) as { version: string }
      ).version;
      expect(`${path}@${installed}`).toBe(`${path}@${lock.packages[path]?.version}`);
    }
  });

  it("maps the project's own code only, so the first error stack does not decode the SDK's mappings", () => {
    const mapped = new Set(decode(cdkMap.mappings).flatMap((line) => line.flatMap((segment) => segment[1] ?? [])));
    const sources = [...mapped].map((index) => cdkMap.sources[index] ?? '');

    expect(sources.filter((source) => source.includes('node_modules'))).toEqual([]);
    expect(sources).toEqual(expect.arrayContaining([expect.stringMatching(/lambda\/visibility-dup\/worker\.ts$/)]));
  });

  it('is byte for byte what the lab bundler builds from the same entry', () => {
    expect(labCode.length).toBeGreaterThan(100 * 1024);
    expect(digest(withoutMapComment(labCode))).toBe(digest(withoutMapComment(cdkCode)));
  });
});
