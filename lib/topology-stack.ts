import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type CfnEventSourceMapping, type EventSourceMapping, FilterCriteria } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { DlqAlarm } from './constructs/dlq-alarm';
import { EnqueueApi } from './constructs/enqueue-api';
import { EncryptedQueue } from './constructs/encrypted-queue';
import { FunctionWithLogGroup } from './constructs/function-with-log-group';
import { OnDemandTable } from './constructs/on-demand-table';
import { MappingVisibilityWindow } from './constructs/mapping-visibility-window';
import { StackDashboard } from './constructs/stack-dashboard';
import { InvalidTopologyError } from './errors';
import { parseQueueSettleSeconds } from './queue-settle-seconds';
import { MAPPING_MAX_CONCURRENCY } from './settings';
import type { EnvBinding, FunctionSpec, MappingSpec, QueueSpec, StackTopology } from './topology';
import { validateTopology } from './validate-topology';

/** Props of {@link TopologyStack}. */
export interface TopologyStackProps extends StackProps {
  readonly topology: StackTopology;
  /** Where the DLQ alarm's topic sends e-mail (CDK context `alarmEmail`); none by default. */
  readonly alarmEmail?: string;
  /**
   * Seconds the Raise step waits after raising a queue's visibility timeout before its mappings
   * go ahead. Default: CDK context `queueSettleSeconds`, else 60 (validated at synth).
   */
  readonly queueSettleSeconds?: number;
}

/**
 * One stack built from a {@link StackTopology}: `POST /enqueue` → producer → queue(s) →
 * worker, plus tables. Every number and name comes from the topology, which the local lab
 * also runs, so the two cannot drift. Grants follow the bindings and nothing else:
 * the API function may send to the main queue, a mapped function may consume (receive,
 * delete, change visibility) its queue, a function bound to a table may read and write it.
 */
export class TopologyStack extends Stack {
  public readonly topology: StackTopology;
  public readonly queues: ReadonlyMap<string, EncryptedQueue>;
  public readonly tables: ReadonlyMap<string, OnDemandTable>;
  public readonly functions: ReadonlyMap<string, FunctionWithLogGroup>;
  public readonly api: EnqueueApi;
  /** The alarm on the main queue's DLQ, when it has one. */
  public readonly dlqAlarm?: DlqAlarm;

  constructor(scope: Construct, id: string, props: TopologyStackProps) {
    super(scope, id, props);
    const { topology } = props;
    validateTopology(topology);
    this.topology = topology;
    const settleSeconds =
      props.queueSettleSeconds ?? parseQueueSettleSeconds(this.node.tryGetContext('queueSettleSeconds'));

    this.queues = this.buildQueues(topology.queues);
    this.tables = new Map(topology.tables.map((spec) => [spec.id, new OnDemandTable(this, spec.id, { spec })]));
    this.functions = new Map(topology.functions.map((spec) => [spec.id, this.buildFunction(spec)]));

    const mainQueue = this.queue(topology.mainQueueId);
    const apiFunction = this.fn(topology.apiFunctionId);
    // SendMessage also authorises SendMessageBatch; nothing else (no receive, no attributes).
    mainQueue.grant(apiFunction, 'sqs:SendMessage');

    const mappings = topology.mappings.map((spec) => ({ spec, mapping: this.buildMapping(spec) }));
    for (const spec of topology.queues) {
      if (spec.createVisibilityTimeoutSeconds === undefined) continue;
      new MappingVisibilityWindow(this, `${spec.id}VisibilityTimeout`, {
        queue: this.queue(spec.id),
        mappings: mappings.filter(({ spec: m }) => m.queueId === spec.id).map(({ mapping }) => mapping),
        mappingVisibilityTimeoutSeconds: spec.createVisibilityTimeoutSeconds,
        visibilityTimeoutSeconds: spec.visibilityTimeoutSeconds,
        settleSeconds,
      });
    }

    this.api = new EnqueueApi(this, 'EnqueueApi', {
      handler: apiFunction,
      restApiName: `${topology.stackName}-enqueue`,
      description: `${topology.stackName}: POST /enqueue -> ${topology.apiFunctionId}`,
    });
    const mainSpec = topology.queues.find((spec) => spec.id === topology.mainQueueId);
    const dlq = mainSpec?.deadLetter === undefined ? undefined : this.queue(mainSpec.deadLetter.queueId);
    const mapped = topology.mappings.find((mapping) => mapping.queueId === topology.mainQueueId);
    if (dlq !== undefined) {
      this.dlqAlarm = new DlqAlarm(this, 'DlqAlarm', {
        deadLetterQueue: dlq,
        ...(props.alarmEmail === undefined ? {} : { email: props.alarmEmail }),
      });
    }
    if (mapped !== undefined) {
      new StackDashboard(this, 'Monitoring', {
        // Dashboards are global to the account ("All dashboards in your account are global, not
        // region-specific": AWS::CloudWatch::Dashboard reference), so the name carries the region.
        dashboardName: `${topology.stackName}-${this.region}`,
        queue: mainQueue,
        ...(dlq === undefined ? {} : { deadLetterQueue: dlq }),
        worker: this.fn(mapped.functionId),
      });
    }
    this.addOutputs();
  }

  private buildQueues(specs: readonly QueueSpec[]): ReadonlyMap<string, EncryptedQueue> {
    const built = new Map<string, EncryptedQueue>();
    const bySpecId = new Map(specs.map((spec) => [spec.id, spec]));
    const build = (spec: QueueSpec): EncryptedQueue => {
      const existing = built.get(spec.id);
      if (existing !== undefined) return existing;
      // validateTopology has checked that the DLQ exists and is not the queue itself.
      const dlqSpec = spec.deadLetter === undefined ? undefined : bySpecId.get(spec.deadLetter.queueId);
      const queue = new EncryptedQueue(this, spec.id, {
        spec,
        ...(dlqSpec === undefined ? {} : { deadLetterQueue: build(dlqSpec) }),
      });
      built.set(spec.id, queue);
      return queue;
    };
    specs.forEach(build);
    return built;
  }

  private buildFunction(spec: FunctionSpec): FunctionWithLogGroup {
    const environment: Record<string, string> = {};
    for (const [variable, binding] of Object.entries(spec.environment)) {
      environment[variable] = this.resolveBinding(binding);
    }
    const fn = new FunctionWithLogGroup(this, spec.id, {
      spec,
      environment,
      description: `${this.topology.stackName} ${spec.id} (${spec.entry})`,
    });
    for (const binding of Object.values(spec.environment)) {
      if ('tableName' in binding) this.table(binding.tableName).grantReadWriteData(fn);
    }
    return fn;
  }

  private resolveBinding(binding: EnvBinding): string {
    if ('queueUrl' in binding) return this.queue(binding.queueUrl).queueUrl;
    if ('tableName' in binding) return this.table(binding.tableName).tableName;
    return binding.value;
  }

  private buildMapping(spec: MappingSpec): EventSourceMapping {
    const queue = this.queue(spec.queueId);
    const fn = this.fn(spec.functionId);
    // What SqsEventSource grants: receive, delete, change visibility (the heartbeat), attributes.
    queue.grantConsumeMessages(fn);
    const mapping = fn.addEventSourceMapping(`${spec.queueId}Mapping`, {
      eventSourceArn: queue.queueArn,
      batchSize: spec.batchSize,
      reportBatchItemFailures: spec.reportBatchItemFailures,
      maxConcurrency: spec.maximumConcurrency ?? MAPPING_MAX_CONCURRENCY,
      ...(spec.filterPatterns === undefined
        ? {}
        : { filters: spec.filterPatterns.map((pattern) => FilterCriteria.filter({ ...pattern })) }),
    });
    if (!spec.reportBatchItemFailures) {
      // CDK omits the property when off; an update that drops it may leave a live mapping's value as it was.
      (mapping.node.defaultChild as CfnEventSourceMapping).addPropertyOverride('FunctionResponseTypes', []);
    }
    return mapping;
  }

  private addOutputs(): void {
    const { topology } = this;
    const mainSpec = topology.queues.find((spec) => spec.id === topology.mainQueueId);
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.url,
      description: 'Stage URL ending in /: curl -X POST "${API}enqueue"',
    });
    new CfnOutput(this, 'QueueUrl', { value: this.queue(topology.mainQueueId).queueUrl });
    if (this.dlqAlarm !== undefined) {
      new CfnOutput(this, 'DlqAlarmName', {
        value: this.dlqAlarm.alarm.alarmName,
        description: 'aws cloudwatch describe-alarms --alarm-names <this>',
      });
    }
    if (mainSpec?.deadLetter !== undefined) {
      new CfnOutput(this, 'DlqUrl', { value: this.queue(mainSpec.deadLetter.queueId).queueUrl });
    }
    for (const [id, fn] of this.functions) {
      new CfnOutput(this, `${id}LogGroup`, {
        value: fn.logGroup.logGroupName,
        description: `aws logs tail <this> --follow`,
      });
    }
    for (const [id, table] of this.tables) {
      new CfnOutput(this, this.tables.size === 1 ? 'TableName' : `${id}TableName`, { value: table.tableName });
    }
  }

  private queue(id: string): EncryptedQueue {
    return lookup(this.queues, id, 'queue');
  }

  private table(id: string): OnDemandTable {
    return lookup(this.tables, id, 'table');
  }

  private fn(id: string): FunctionWithLogGroup {
    return lookup(this.functions, id, 'function');
  }
}

function lookup<T>(byId: ReadonlyMap<string, T>, id: string, what: string): T {
  const item = byId.get(id);
  if (item === undefined) throw new InvalidTopologyError(`the topology names ${what} ${id}, which was not built.`);
  return item;
}
