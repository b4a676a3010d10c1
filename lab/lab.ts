/**
 * The local lab: both stacks (or the ones asked for) running on a laptop from the same
 * topologies the CDK stacks deploy. Emulators, queues and tables, bundled functions in
 * worker threads, event source mappings and a local REST API per stack, composed once here
 * and torn down by one `stop()`.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  type StackTopology,
  visibilityDupTopology,
} from '../lib/topology';
import {
  type AwsCallsOptions,
  DEFAULT_FAULT_SEED,
  FaultPlan,
  LAB_CALL_SITE,
  validateFaultRules,
} from './interceptors/aws-call-faults';
import { buildFaultError, instrumentClient } from './interceptors/aws-call-interceptor';
import { type AwsCallCounts, AwsCallLedger } from './interceptors/aws-call-ledger';
import { bundleFunction, bundleRuntimeWorker } from './services/lambda/runtime/bundle';
import {
  createDynamoDbClient,
  createSqsClient,
  type EmulatorEndpoints,
  type Emulators,
  localhostDnsModuleUrl,
  startEmulators,
} from './services/emulators';
import { EventSourceMapping, type MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
import { type BatchFormation, DEFAULT_BATCH_FORMATION } from './services/lambda/event-source-mapping/batch-formation';
import { LocalApi } from './services/apigateway/local-api';
import { fakeAwsEnvironment } from './common/local-aws';
import { type InvocationResult, LocalFunction, lambdaEnvironment } from './services/lambda/runtime/local-function';
import { LabLogs, printLogs } from './services/logs/lab-logs';
import { buildLabOutputs, type LabOutputs } from './outputs';
import {
  createStackResources,
  lowerVisibilityTimeouts,
  type ProvisionedQueue,
  type ProvisionedStack,
  requireQueue,
  resolveBindings,
  TopologyError,
} from './provision';

/** The stacks the lab knows by name. */
export type StackName = StackTopology['stackName'];

/** All stack names, in the tutorial's order. */
export const STACK_NAMES: readonly StackName[] = ['VisibilityDupStack', 'BatchPartialStack'];

export interface StartLabOptions {
  /**
   * Stacks to serve: names (built from lib/topology.ts) or whole topologies (tests use
   * fixture handlers and short timeouts this way). Default: both stacks.
   */
  readonly stacks?: readonly (StackName | StackTopology)[];
  /** BatchPartialStack's deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`). */
  readonly batchOptions?: BatchPartialOptions;
  /** No printing; records still reach `lab.logs` listeners. */
  readonly quiet?: boolean;
  /** Where printed lines go (default stdout). */
  readonly print?: (text: string) => void;
  /**
   * A fixed number of concurrent pollers per mapping, without Lambda's scaling (benchmarks,
   * chaos runs, tests). Default: start with 5 and scale as Lambda documents.
   */
  readonly pollers?: number;
  /**
   * How the mappings size their receives: AWS-like (a receive may return fewer messages than
   * the batch size, drawn from a seed) or `full` batches. Default AWS-like, seed 1.
   */
  readonly batchFormation?: BatchFormation;
  /** Long-poll wait of the pollers, 1–20 s (Lambda: 20). */
  readonly waitTimeSeconds?: number;
  /** Share running emulators (several labs side by side); by default the lab starts its own. */
  readonly emulators?: Emulators;
  /** Where function bundles go, relative to the project root (default `.lab/bundles`). */
  readonly bundleDir?: string;
  /**
   * The AWS call interceptor: fault rules applied inside every function's environments (and,
   * for rules that say `where: ['lab']`, in the lab's own clients), with the seed of their
   * coin flips. Calls are counted whether or not this is given.
   */
  readonly awsCalls?: AwsCallsOptions;
}

/** One stack as the lab runs it. */
export interface LabStack {
  readonly stackName: StackName;
  readonly topology: StackTopology;
  /** The stage URL, `http://127.0.0.1:<port>/prod/`, like CDK's `ApiEndpoint`. */
  readonly apiEndpoint: string;
  /** The queue the producer sends to. */
  readonly queueUrl: string;
  /** That queue's dead-letter queue. */
  readonly dlqUrl: string | undefined;
  /** Queue id → queue. */
  readonly queues: Readonly<Record<string, ProvisionedQueue>>;
  /** Table id → table name. */
  readonly tableNames: Readonly<Record<string, string>>;
  /** Function id → running function. */
  readonly functions: Readonly<Record<string, LocalFunction>>;
  readonly mappings: readonly EventSourceMapping[];
  /** Invokes one of the stack's functions directly (as `aws lambda invoke` would). */
  invoke(functionId: string, event: unknown): Promise<InvocationResult>;
}

/** A running lab. */
export interface Lab {
  /** Unique per lab; also in every resource name. */
  readonly id: string;
  /** Prefix of every queue and table name, e.g. `lab3f9a1c2b-`. */
  readonly namePrefix: string;
  readonly endpoints: EmulatorEndpoints;
  /** Clients on the emulators, for experiments and tests (destroyed by `stop()`). */
  readonly clients: { readonly sqs: SQSClient; readonly dynamodb: DynamoDBClient };
  readonly stacks: ReadonlyMap<StackName, LabStack>;
  /** The stack, or a TopologyError when this lab does not serve it. */
  stack(name: StackName): LabStack;
  /** Every function line, platform line and batch outcome: `lab.logs.on('record', …)`. */
  readonly logs: LabLogs;
  /** How the mappings size their receives (print it with `describeBatchFormation`). */
  readonly batchFormation: BatchFormation;
  /** Counters of every mapping, keyed `<stack>/<function>`. */
  counters(): Record<string, MappingCounters>;
  /**
   * Every AWS SDK call made so far: `<Stack>/<Function>` (all environments of that function)
   * or `lab` (pollers, deletes, provisioning, `lab.clients`) → `Service.Operation` → count.
   * Faulted calls count too.
   */
  awsCallCounts(): AwsCallCounts;
  /** The faults injected so far, same shape as {@link Lab.awsCallCounts}. */
  awsCallFaults(): AwsCallCounts;
  /** The `cdk-outputs.local.json` content. */
  outputs(): LabOutputs;
  /** How long `startLab` took, in ms. */
  readonly startupMs: number;
  /** Stops APIs, pollers (waiting for batches in flight), functions, clients and owned emulators. */
  stop(): Promise<void>;
}

/** Starts a lab; everything it started is stopped again if any step fails. */
export async function startLab(options: StartLabOptions = {}): Promise<Lab> {
  const started = performance.now();
  const topologies = resolveTopologies(options);
  const id = randomUUID().replaceAll('-', '').slice(0, 8);
  const namePrefix = `lab${id}-`;
  const logs = new LabLogs();
  const faults = options.awsCalls?.faults ?? [];
  validateFaultRules(faults);
  const seed = options.awsCalls?.seed ?? DEFAULT_FAULT_SEED;
  const ledger = new AwsCallLedger();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const [emulators, runtimePath, bundles] = await Promise.all([
      options.emulators ?? startEmulators(),
      bundleRuntimeWorker(),
      bundleAll(topologies, options.bundleDir),
    ]);
    if (options.emulators === undefined) cleanups.push(() => emulators.stop());
    const sqs = createSqsClient(emulators);
    const dynamodb = createDynamoDbClient(emulators);
    const labPlan = new FaultPlan(faults, seed, LAB_CALL_SITE);
    for (const client of [sqs, dynamodb]) {
      instrumentClient(client, {
        site: LAB_CALL_SITE,
        plan: labPlan,
        onCall: (call, fault) => {
          ledger.count(LAB_CALL_SITE, call.call);
          if (fault !== undefined) ledger.fault(LAB_CALL_SITE, call.call);
        },
        makeError: (service, error) => buildFaultError(requireSdkPackage, service, error),
      });
    }
    cleanups.push(async () => {
      sqs.destroy();
      dynamodb.destroy();
    });
    if (options.quiet !== true) {
      const detach = printLogs(logs, options.print);
      cleanups.push(async () => detach());
    }
    const stacks = new Map<StackName, LabStack>();
    for (const topology of topologies) {
      const provisioned = await createStackResources(topology, { sqs, dynamodb, namePrefix });
      if (options.emulators !== undefined) cleanups.push(() => deleteResources(provisioned, sqs, dynamodb));
      const stack = await startStack({
        provisioned,
        emulators,
        sqs,
        logs,
        runtimePath,
        bundles,
        options,
        cleanups,
        awsCalls: { ledger, faults, seed },
      });
      stacks.set(topology.stackName, stack);
    }
    const stop = once(cleanUp);
    return {
      id,
      namePrefix,
      endpoints: {
        sqsEndpoint: emulators.sqsEndpoint,
        sqsCliEndpoint: emulators.sqsCliEndpoint,
        dynamodbEndpoint: emulators.dynamodbEndpoint,
      },
      clients: { sqs, dynamodb },
      stacks,
      stack(name) {
        const stack = stacks.get(name);
        if (stack === undefined)
          throw new TopologyError(`this lab does not serve ${name}; start it with stacks: ['${name}']`);
        return stack;
      },
      logs,
      batchFormation: options.batchFormation ?? DEFAULT_BATCH_FORMATION,
      counters() {
        const counters: Record<string, MappingCounters> = {};
        for (const stack of stacks.values()) {
          for (const mapping of stack.mappings)
            counters[`${stack.stackName}/${mappingFunctionId(stack, mapping)}`] = mapping.counters;
        }
        return counters;
      },
      awsCallCounts: () => ledger.counts(),
      awsCallFaults: () => ledger.faults(),
      outputs: () => buildLabOutputs([...stacks.values()], emulators),
      startupMs: Math.round(performance.now() - started),
      stop,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function resolveTopologies(options: StartLabOptions): StackTopology[] {
  const requested = options.stacks ?? STACK_NAMES;
  const topologies = requested.map((entry) => {
    if (typeof entry !== 'string') return entry;
    return entry === 'VisibilityDupStack'
      ? visibilityDupTopology()
      : batchPartialTopology(options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS);
  });
  const names = topologies.map((topology) => topology.stackName);
  if (new Set(names).size !== names.length)
    throw new TopologyError(`a lab serves each stack once, got ${names.join(', ')}`);
  return topologies;
}

type Bundles = ReadonlyMap<string, string>;

async function bundleAll(topologies: readonly StackTopology[], bundleDir: string | undefined): Promise<Bundles> {
  const entries = await Promise.all(
    topologies.flatMap((topology) =>
      topology.functions.map(async (spec) => {
        const path = await bundleFunction({
          entry: spec.entry,
          stackName: topology.stackName,
          functionId: spec.id,
          bundleDir,
        });
        return [`${topology.stackName}/${spec.id}`, path] as const;
      }),
    ),
  );
  return new Map(entries);
}

async function startStack(context: {
  readonly provisioned: ProvisionedStack;
  readonly emulators: EmulatorEndpoints;
  readonly sqs: SQSClient;
  readonly logs: LabLogs;
  readonly runtimePath: string;
  readonly bundles: Bundles;
  readonly options: StartLabOptions;
  readonly cleanups: (() => Promise<void>)[];
  readonly awsCalls: NonNullable<ConstructorParameters<typeof LocalFunction>[0]['awsCalls']>;
}): Promise<LabStack> {
  const { provisioned, emulators, logs, cleanups } = context;
  const { topology } = provisioned;
  const functions: Record<string, LocalFunction> = {};
  for (const spec of topology.functions) {
    const ref = {
      stackName: topology.stackName,
      functionId: spec.id,
      functionName: `${topology.stackName}-${spec.id}`,
    };
    const fn = new LocalFunction({
      ref,
      bundlePath: context.bundles.get(`${topology.stackName}/${spec.id}`) ?? '',
      runtimePath: context.runtimePath,
      localhostDnsModuleUrl: localhostDnsModuleUrl(),
      timeoutSeconds: spec.timeoutSeconds,
      memoryMb: spec.memoryMb,
      environment: lambdaEnvironment({
        ref,
        spec,
        bindings: resolveBindings(provisioned, spec),
        awsEnvironment: fakeAwsEnvironment(),
        sqsEndpoint: emulators.sqsEndpoint,
        dynamodbEndpoint: emulators.dynamodbEndpoint,
      }),
      logs,
      awsCalls: context.awsCalls,
    });
    functions[spec.id] = fn;
    cleanups.push(() => fn.stop());
  }
  const mappings: EventSourceMapping[] = [];
  for (const spec of topology.mappings) {
    const fn = requireFunction(functions, topology, spec.functionId);
    const queue = requireQueue(provisioned, spec.queueId);
    const functionSpec = topology.functions.find((candidate) => candidate.id === spec.functionId);
    const mapping = await EventSourceMapping.create({
      sqs: context.sqs,
      queue,
      fn,
      properties: {
        BatchSize: spec.batchSize,
        FunctionResponseTypes: spec.reportBatchItemFailures ? ['ReportBatchItemFailures'] : [],
        ...(spec.maximumConcurrency === undefined
          ? {}
          : { ScalingConfig: { MaximumConcurrency: spec.maximumConcurrency } }),
      },
      function: {
        timeoutSeconds: fn.timeoutSeconds,
        ...(functionSpec?.reservedConcurrency === undefined
          ? {}
          : { reservedConcurrency: functionSpec.reservedConcurrency }),
      },
      batchFormation: context.options.batchFormation,
      pollers: context.options.pollers,
      waitTimeSeconds: context.options.waitTimeSeconds,
      logs,
    });
    mappings.push(mapping);
    cleanups.push(() => mapping.stop());
  }
  // Only now, as the CDK stack's custom resource does after the mapping exists.
  await lowerVisibilityTimeouts(provisioned, context.sqs);
  const api = await LocalApi.start({ fn: requireFunction(functions, topology, topology.apiFunctionId) });
  cleanups.push(() => api.stop());
  const mainQueue = requireQueue(provisioned, topology.mainQueueId);
  const mainSpec = topology.queues.find((queue) => queue.id === topology.mainQueueId);
  const dlq = mainSpec?.deadLetter === undefined ? undefined : requireQueue(provisioned, mainSpec.deadLetter.queueId);
  return {
    stackName: topology.stackName,
    topology,
    apiEndpoint: api.url,
    queueUrl: mainQueue.url,
    dlqUrl: dlq?.url,
    queues: Object.fromEntries(provisioned.queues),
    tableNames: Object.fromEntries(provisioned.tables),
    functions,
    mappings,
    invoke: (functionId, event) => requireFunction(functions, topology, functionId).invoke(event),
  };
}

function requireFunction(functions: Record<string, LocalFunction>, topology: StackTopology, id: string): LocalFunction {
  const fn = functions[id];
  if (fn === undefined) throw new TopologyError(`${topology.stackName} has no function "${id}"`);
  return fn;
}

function mappingFunctionId(stack: LabStack, mapping: EventSourceMapping): string {
  const spec = stack.topology.mappings.find((candidate) => stack.queues[candidate.queueId]?.url === mapping.queue.url);
  return spec?.functionId ?? mapping.queue.name;
}

/** With shared emulators, the lab removes its queues (which also ends abandoned long polls) and tables. */
async function deleteResources(stack: ProvisionedStack, sqs: SQSClient, dynamodb: DynamoDBClient): Promise<void> {
  await Promise.allSettled([
    ...[...stack.queues.values()].map((queue) => sqs.send(new DeleteQueueCommand({ QueueUrl: queue.url }))),
    ...[...stack.tables.values()].map((name) => dynamodb.send(new DeleteTableCommand({ TableName: name }))),
  ]);
}

/** Loads an SDK package from the lab's own node_modules (for modeled exception classes). */
const requireSdkPackage = createRequire(import.meta.url);

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}
