/**
 * The local lab: both stacks (or the ones asked for) synthesized by CDK in-process and deployed
 * to emulated AWS services by a CloudFormation stand-in: queues on fauxqs, tables on dynalite,
 * the bundles CDK built running as Lambda functions in worker threads (every AWS call they make
 * authorized by IAM against the template's policies), event source mappings, REST API stages
 * and custom resources that run their own handlers. Composed once here, torn down by one `stop()`.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DescribeAlarmHistoryCommandInput, DescribeAlarmHistoryCommandOutput } from '@aws-sdk/client-cloudwatch';
import { DeleteQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  type StackTopology,
  visibilityDupTopology,
} from '../lib/topology';
import { parseEventFilterOption } from '../lib/batch-partial-options';
import { parseVisibilityDupOptions } from '../lib/visibility-dup-options';
import { LAB_ACCOUNT_ID, LAB_REGION, queueArn } from './common/local-aws';
import { type PropagationOptions, propagationDelayMs, resolvePropagation } from './common/propagation';
import { LAB_QUEUE_SETTLE_SECONDS, labQueueSettleSeconds } from './app/lab-cdk-context';
import { DEFAULT_STAGE_THROTTLING } from './app/stand-in-settings';
import {
  type AwsCallsOptions,
  DEFAULT_FAULT_SEED,
  FaultPlan,
  LAB_CALL_SITE,
  validateFaultRules,
} from './interceptors/aws-call-faults';
import { buildFaultError, instrumentClient } from './interceptors/aws-call-interceptor';
import { type AwsCallCounts, AwsCallLedger } from './interceptors/aws-call-ledger';
import { buildLabOutputs, type LabOutputs } from './outputs';
import { ApiGatewayService } from './services/apigateway/apigateway-service';
import { restApiProviders } from './services/apigateway/resource-providers/rest-api-providers';
import { type AssemblyStack, readCloudAssembly } from './services/cloudformation/assembly-reader';
import { cdkMetadataProvider } from './services/cloudformation/cdk-metadata-provider';
import {
  CustomResourceResponses,
  customResourceProvider,
  RESPONSE_URL_HOST,
} from './services/cloudformation/custom-resource-provider';
import { type DeployNote, mergeNotes } from './services/cloudformation/property-coverage';
import { ProviderRegistry } from './services/cloudformation/resource-provider';
import { NameRegistry } from './services/cloudformation/name-registry';
import type { DeployedStack, StackEvent } from './services/cloudformation/deployed-stack';
import { deployStack } from './services/cloudformation/stack-deployer';
import { type AppSource, synthesizeApp } from './app/synthesize-app';
import { markAssetsCommonJs } from './services/cloudformation/synthesize-cached';
import { dynamodbTableProvider } from './services/dynamodb/resource-providers/dynamodb-table-provider';
import {
  createDynamoDbClient,
  createSqsClient,
  type EmulatorEndpoints,
  type EmulatorPlacement,
  type Emulators,
  localhostDnsModuleUrl,
  startEmulators,
} from './services/emulators';
import { accessDenied } from './services/iam/access-denied';
import { iamRequestsOf } from './services/iam/call-authorization';
import { IamEvaluator } from './services/iam/iam-evaluator';
import { IamRegistry } from './services/iam/iam-registry';
import { iamPolicyProvider } from './services/iam/resource-providers/iam-policy-provider';
import { iamRoleProvider } from './services/iam/resource-providers/iam-role-provider';
import type { EventSourceMapping, MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
import { LambdaService } from './services/lambda/lambda-service';
import { eventSourceMappingProvider } from './services/lambda/resource-providers/event-source-mapping-provider';
import { constructIdOf, lambdaFunctionProvider } from './services/lambda/resource-providers/lambda-function-provider';
import { LabLogs, type LogPrintFormat, printLogs } from './services/logs/lab-logs';
import { LogStore } from './services/logs/log-store';
import { LogsServer } from './services/logs/logs-server';
import { type BatchFormation, DEFAULT_BATCH_FORMATION } from './services/lambda/event-source-mapping/batch-formation';
import {
  lambdaPermissionProvider,
  type PermissionStore,
} from './services/lambda/resource-providers/lambda-permission-provider';
import { bundleRuntimeWorker } from './services/lambda/runtime/bundle';
import type { InvocationResult, LocalFunction } from './services/lambda/runtime/local-function';
import type { DeniedCall } from './services/lambda/runtime/runtime-protocol';
import { logGroupProvider } from './services/logs/resource-providers/log-group-provider';
import { type AlarmActionOutcome, type AlarmState, AlarmEvaluator } from './services/cloudwatch/alarm-evaluator';
import { cloudWatchProviders } from './services/cloudwatch/resource-providers/cloudwatch-providers';
import { snsProviders } from './services/sns/resource-providers/sns-providers';
import { type SnsNotification, SnsService } from './services/sns/sns-service';
import { sqsQueuePolicyProvider } from './services/sqs/resource-providers/sqs-queue-policy-provider';
import { sqsQueueProvider } from './services/sqs/resource-providers/sqs-queue-provider';
import { propagatedAttributeReader } from './services/sqs/attribute-propagation';

/** Raised when a lab is asked for a stack it does not serve, or a topology is inconsistent. */
export class TopologyError extends Error {
  override readonly name = 'TopologyError';
}

/** A queue as deployed. */
export interface ProvisionedQueue {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

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
  /** BatchPartialStack's deploy-time switches (CDK context `batchSize`, `reportBatchItemFailures`, `eventFilter`). */
  readonly batchOptions?: BatchPartialOptions;
  /** No printing; records still reach `lab.logs` listeners. */
  readonly quiet?: boolean;
  /** Where printed lines go (default stdout). */
  readonly print?: (text: string) => void;
  /** How lines are printed: `pretty` (time, function, level, message; the default) or the raw `json` lines. */
  readonly logFormat?: LogPrintFormat;
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
  /**
   * Lab-only: throttling of every API Gateway stage instead of the template's (1 request/s, burst
   * 10), for runs that test something else than the throttle at more requests per second (the
   * bad-input sweep). Nothing on AWS corresponds to it.
   */
  readonly stageThrottling?: { readonly rateLimitPerSecond: number; readonly burstLimit: number };
  /** Share running emulators (several labs side by side); by default the lab starts its own. */
  readonly emulators?: Emulators;
  /**
   * Where the lab's own emulators run when it starts them (ignored with `emulators`): each in a
   * thread of its own (default) or in the lab's main thread.
   */
  readonly emulatorPlacement?: EmulatorPlacement;
  /** Every CloudFormation event of the deploy (`CREATE_IN_PROGRESS`, …), as `cdk deploy` prints them. */
  readonly onStackEvent?: (event: StackEvent) => void;
  /**
   * After each successful deploy (the first one and every `lab.deploy`), the lab notes of the
   * properties it accepted without emulating them: each note once, with the properties it covers.
   */
  readonly onLabNotes?: (notes: readonly DeployNote[]) => void;
  /**
   * Check every resource's properties against its CloudFormation registry schema before
   * creating or updating it, as CloudFormation does (default true; off only to measure the cost).
   */
  readonly validateProperties?: boolean;
  /** CDK context for the app (`-c name=value`), beyond `batchOptions`. */
  readonly context?: Readonly<Record<string, string>>;
  /** Where cloud assemblies are cached (default `.lab/assemblies`). */
  readonly assemblyCacheDir?: string;
  /** Called on every CloudWatch alarm state change (`npm run lab` prints it). */
  readonly onAlarm?: (change: {
    readonly alarmName: string;
    readonly state: AlarmState;
    readonly reason: string;
  }) => void;
  /**
   * Called on every alarm action CloudWatch runs (an SNS notification), with its outcome: SNS
   * refuses it when the topic's policy does not let CloudWatch publish (`npm run lab` prints it).
   */
  readonly onAlarmAction?: (outcome: AlarmActionOutcome) => void;
  /**
   * How long changes take to reach other services (lab/common/propagation.ts): a queue
   * attribute change reaches Lambda's checks after a seeded delay, and (with `iamGrants`) a new
   * IAM grant takes effect after one. Default: up to `LAB_MAX_PROPAGATION_MS` (200 ms), seed 1.
   */
  readonly propagation?: PropagationOptions;
  /**
   * Ports to listen on when they are free (`npm run lab` passes the previous run's, so a restart
   * keeps its URLs): the emulators (when the lab starts its own), the Logs endpoint, and each
   * stack's API stage by stack name.
   */
  readonly preferredPorts?: {
    readonly sqs?: number;
    readonly dynamodb?: number;
    readonly logs?: number;
    readonly apis?: Readonly<Record<string, number>>;
  };
  /** Deploy this cloud assembly (a `cdk.out` made elsewhere) instead of synthesizing one. */
  readonly assemblyDir?: string;
  /**
   * Authorize every AWS call a function makes against its role and the target's resource
   * policy (default true). Off only to measure IAM's cost, or to test other layers with
   * fixtures that have no grants.
   */
  readonly enforceIam?: boolean;
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
  /** The stacks as CloudFormation left them (templates, resources, outputs). */
  readonly deployed: ReadonlyMap<StackName, DeployedStack>;
  /** The cloud assembly the lab runs. */
  readonly assemblyDir: string;
  /**
   * Synthesizes again with `context` (or new variant topologies) and applies the difference to
   * the running stacks, as `cdk deploy` does: in CloudFormation's order, replacing where it
   * would replace, rolling back on failure. Queues, tables and their data are kept.
   */
  deploy(update?: {
    readonly context?: Readonly<Record<string, string>>;
    readonly stacks?: readonly StackTopology[];
    /** A cloud assembly made elsewhere, deployed as it is. */
    readonly assemblyDir?: string;
    /** This deploy's events (also sent to `onStackEvent`). */
    readonly onEvent?: (event: StackEvent) => void;
    /**
     * Deploy into this region of the lab's one account instead (`ap-northeast-1`, …), as
     * `cdk deploy` with another region does: the stacks there are new, their names must not
     * clash with the account's global names (dashboards, IAM roles), and `lab.stacks` keeps
     * serving the lab's own region (`us-east-1`). Default: the lab's own region.
     */
    readonly region?: string;
  }): Promise<readonly DeployedStack[]>;
  /** The stacks deployed to one region of the lab's account (the lab's own region: `lab.deployed`). */
  deployedIn(region: string): ReadonlyMap<StackName, DeployedStack>;
  /** Every function line, platform line and batch outcome: `lab.logs.on('record', …)`. */
  readonly logs: LabLogs;
  /** Every CloudWatch alarm the stacks define, with its state (evaluated every second) and its last action. */
  alarms(): {
    readonly alarmName: string;
    readonly state: AlarmState;
    readonly reason: string;
    readonly lastAction?: AlarmActionOutcome;
  }[];
  /** CloudWatch's DescribeAlarmHistory: state changes and actions (succeeded or failed) of the alarms. */
  describeAlarmHistory(
    input?: DescribeAlarmHistoryCommandInput,
  ): Pick<DescribeAlarmHistoryCommandOutput, 'AlarmHistoryItems'>;
  /** Evaluates every alarm now (tests; the lab does it every second anyway). */
  evaluateAlarms(): Promise<void>;
  /** What the stacks' SNS topics were sent (alarm notifications). */
  notifications(): SnsNotification[];
  /**
   * The lab's CloudWatch Logs endpoint, `http://127.0.0.1:<port>`: every function's lines in
   * `/aws/lambda/<function>`, one stream per execution environment (FilterLogEvents,
   * GetLogEvents, DescribeLogGroups, DescribeLogStreams).
   */
  readonly logsEndpoint: string;
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
  const propagation = resolvePropagation(options.propagation);
  const ledger = new AwsCallLedger();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const [emulators, runtimePath, assembly, responses] = await Promise.all([
      options.emulators ??
        startEmulators({
          sqsPort: options.preferredPorts?.sqs,
          dynamodbPort: options.preferredPorts?.dynamodb,
          placement: options.emulatorPlacement,
        }),
      bundleRuntimeWorker(),
      options.assemblyDir === undefined
        ? synthesizeApp(appSource(options, topologies), { cacheDir: options.assemblyCacheDir })
        : markAssetsCommonJs(options.assemblyDir).then(() => ({ dir: options.assemblyDir as string })),
      CustomResourceResponses.start(),
    ]);
    if (options.emulators === undefined) cleanups.push(() => emulators.stop());
    cleanups.push(() => responses.stop());
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
      const detach = printLogs(logs, options.print, options.logFormat);
      cleanups.push(async () => detach());
    }
    const logStore = new LogStore();
    const logsServer = await LogsServer.start(logStore, options.preferredPorts?.logs);
    cleanups.push(() => logsServer.stop());
    const target = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION };
    const iamVersion = new SharedArrayBuffer(4);
    const iam = new IamRegistry(
      new Int32Array(iamVersion),
      propagation.iamGrants ? { grantDelayMs: (grant) => propagationDelayMs(propagation, `iam#${grant}`) } : {},
    );
    cleanups.push(async () => iam.dispose());
    const evaluator = new IamEvaluator(iam, target);
    const lambda = new LambdaService({ sqs, logs });
    cleanups.push(() => lambda.stop());
    const detachStore = logStore.attach(logs, (functionName) => lambda.logGroupOf(functionName));
    cleanups.push(async () => detachStore());
    const apis = new ApiGatewayService();
    cleanups.push(() => apis.stop());
    const sns = new SnsService((request) => evaluator.evaluateService(request));
    const alarms = new AlarmEvaluator(
      sqs,
      sns,
      (alarmName, state, reason) => options.onAlarm?.({ alarmName, state, reason }),
      undefined,
      (outcome) => options.onAlarmAction?.(outcome),
    );
    cleanups.push(async () => alarms.stop());
    const dashboards = new Map<string, string>();
    const permissions: PermissionStore = new Map();
    let current = readCloudAssembly(assembly.dir);
    const assetDir = (stackName: string, key: string): string => {
      const dir = current.stacks.find((stack) => stack.stackName === stackName)?.assetDirs.get(key);
      if (dir === undefined) throw new TopologyError(`${stackName}: no asset ${key} in the cloud assembly`);
      return dir;
    };
    const authorize =
      (roleArn: string, sessionName: string) =>
      async (call: {
        readonly service: string;
        readonly operation: string;
        readonly input: unknown;
      }): Promise<DeniedCall | undefined> => {
        const role = iam.roleByArn(roleArn);
        for (const request of iamRequestsOf(call, target)) {
          const decision = await evaluator.evaluate({ roleArn, sessionName }, request);
          if (decision !== 'Allowed')
            return accessDenied(
              call.service,
              { roleArn, sessionName, accountId: target.accountId, roleName: role?.roleName ?? roleArn },
              request,
              decision,
            );
        }
        return undefined;
      };
    const deployedStacks = new Map<StackName, DeployedStack>();
    /** The account's stacks by region; the lab's own region's are `deployedStacks`. */
    const regions = new Map<string, Map<StackName, DeployedStack>>([[LAB_REGION, deployedStacks]]);
    const names = new NameRegistry();
    const providers = new ProviderRegistry([
      cdkMetadataProvider,
      sqsQueueProvider({ sqs, namePrefix }),
      sqsQueuePolicyProvider({
        registry: iam,
        queueArnOf: (url) => queueArn(url.slice(url.lastIndexOf('/') + 1)),
      }),
      dynamodbTableProvider({ dynamodb, namePrefix }),
      iamRoleProvider(iam),
      iamPolicyProvider(iam),
      logGroupProvider(logStore),
      lambdaFunctionProvider({
        lambda,
        assetDir,
        runtimePath,
        localhostDnsModuleUrl: localhostDnsModuleUrl(),
        endpoints: emulators,
        runtimeOptions: ({ functionName, roleArn }) => ({
          logs,
          // A new function is Active once the grants its role already has have propagated.
          activeAt: iam.grantsSettleAt(roleArn.slice(roleArn.lastIndexOf('/') + 1)),
          awsCalls: { ledger, faults, seed },
          ...(options.enforceIam === false ? {} : { authorize: authorize(roleArn, functionName), iamVersion }),
          httpsRedirects: { [RESPONSE_URL_HOST]: responses.target },
        }),
      }),
      eventSourceMappingProvider({
        lambda,
        sqs,
        logs,
        roleMay: async (roleArn, sessionName, action, resource) =>
          (await evaluator.evaluate({ roleArn, sessionName }, { action, resource })) === 'Allowed',
        ...(options.pollers === undefined ? {} : { pollers: options.pollers }),
        ...(options.waitTimeSeconds === undefined ? {} : { waitTimeSeconds: options.waitTimeSeconds }),
        ...(options.batchFormation === undefined ? {} : { batchFormation: options.batchFormation }),
        seenByLambda: propagatedAttributeReader({
          changes: (queueUrl) => emulators.queueAttributeChanges(queueUrl),
          propagation,
          reader: 'lambda',
        }),
      }),
      lambdaPermissionProvider(permissions),
      ...restApiProviders({
        apis,
        lambda,
        preferredPortOf: (stackName) => options.preferredPorts?.apis?.[stackName],
        defaultThrottling: DEFAULT_STAGE_THROTTLING,
        ...(options.stageThrottling === undefined ? {} : { throttling: options.stageThrottling }),
      }),
      ...snsProviders({ sns, iam }),
      ...cloudWatchProviders({ alarms, dashboards }),
      customResourceProvider({
        responses,
        stackId: (stackName) => deployedStacks.get(stackName as StackName)?.stackId ?? stackName,
        invoke: (serviceToken, event) => {
          const deployed = lambda.resolve(serviceToken);
          return { timeoutSeconds: deployed.timeoutSeconds, done: deployed.fn.invoke(event) };
        },
      }),
    ]);
    const wanted = new Set(topologies.map((topology) => topology.stackName));
    const deployAll = async (
      assemblyStacks: readonly AssemblyStack[],
      onEvent?: (event: StackEvent) => void,
      region = LAB_REGION,
    ): Promise<DeployedStack[]> => {
      const results: DeployedStack[] = [];
      const inRegion = regions.get(region) ?? new Map<StackName, DeployedStack>();
      regions.set(region, inRegion);
      for (const stack of assemblyStacks) {
        if (!wanted.has(stack.stackName as StackName)) continue;
        const deployed = await deployStack({
          stackName: stack.stackName,
          template: stack.template,
          providers,
          target: { ...target, region },
          names,
          previous: inRegion.get(stack.stackName as StackName),
          parameters: { [BOOTSTRAP_VERSION_PARAMETER]: LAB_BOOTSTRAP_VERSION },
          ...(options.validateProperties === undefined ? {} : { validateProperties: options.validateProperties }),
          onEvent: (event) => {
            options.onStackEvent?.(event);
            onEvent?.(event);
          },
        });
        inRegion.set(stack.stackName as StackName, deployed);
        results.push(deployed);
      }
      options.onLabNotes?.(mergeNotes(results.flatMap((result) => result.notes)));
      return results;
    };
    if (options.emulators !== undefined)
      cleanups.push(() =>
        deleteDeployed(
          [...regions.values()].flatMap((stacks) => [...stacks.values()]),
          sqs,
          dynamodb,
        ),
      );
    await deployAll(current.stacks);
    const stacks = new Map<StackName, LabStack>();
    const refreshViews = (): void => {
      for (const topology of topologies) {
        const deployed = deployedStacks.get(topology.stackName);
        if (deployed !== undefined) stacks.set(topology.stackName, stackView(topology, deployed, lambda, apis));
      }
    };
    refreshViews();
    const stop = once(cleanUp);
    let currentTopologies = topologies;
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
      deployed: deployedStacks,
      get assemblyDir() {
        return current.dir;
      },
      stack(name) {
        const stack = stacks.get(name);
        if (stack === undefined)
          throw new TopologyError(`this lab does not serve ${name}; start it with stacks: ['${name}']`);
        return stack;
      },
      deployedIn: (region) => regions.get(region) ?? new Map(),
      async deploy(update = {}) {
        const region = update.region ?? LAB_REGION;
        if (!AWS_REGION_NAME.test(region))
          throw new TopologyError(`${region} is not an AWS Region name (such as us-east-1 or ap-northeast-1)`);
        if (update.stacks !== undefined) currentTopologies = [...update.stacks];
        const source: AppSource =
          update.stacks !== undefined || options.stacks?.some((entry) => typeof entry !== 'string') === true
            ? { kind: 'topologies', topologies: currentTopologies }
            : { kind: 'app', context: { ...appContext(options), ...update.context } };
        const next =
          update.assemblyDir === undefined
            ? await synthesizeApp(source, { cacheDir: options.assemblyCacheDir })
            : await markAssetsCommonJs(update.assemblyDir).then(() => ({ dir: update.assemblyDir as string }));
        current = readCloudAssembly(next.dir);
        try {
          return await deployAll(current.stacks, update.onEvent, region);
        } finally {
          refreshViews();
        }
      },
      logs,
      logsEndpoint: logsServer.url,
      alarms: () => alarms.states(),
      describeAlarmHistory: (input) => alarms.describeHistory(input),
      evaluateAlarms: () => alarms.evaluateAll(),
      notifications: () => [...sns.published],
      batchFormation: options.batchFormation ?? DEFAULT_BATCH_FORMATION,
      counters() {
        const counters: Record<string, MappingCounters> = {};
        for (const stack of stacks.values()) {
          for (const mapping of stack.mappings)
            counters[`${stack.stackName}/${mappingFunctionId(mapping)}`] = mapping.counters;
        }
        return counters;
      },
      awsCallCounts: () => ledger.counts(),
      awsCallFaults: () => ledger.faults(),
      outputs: () =>
        buildLabOutputs([...deployedStacks.values()], apis.localUrls(LAB_REGION), {
          ...emulators,
          logsEndpoint: logsServer.url,
        }),
      startupMs: Math.round(performance.now() - started),
      stop,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** An AWS Region name: `us-east-1`, `ap-northeast-1`, `us-gov-west-1`. */
const AWS_REGION_NAME = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

/** The SSM parameter CDK's templates read their bootstrap version from. */
const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

/** The bootstrap version the lab claims: the current one of `cdk bootstrap`. */
const LAB_BOOTSTRAP_VERSION = '30';

/** BatchPartialStack's switches: `batchOptions`, the event filter from `-c eventFilter` when they do not set it. */
function batchOptionsOf(options: StartLabOptions): BatchPartialOptions {
  const batch = options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS;
  return {
    ...batch,
    eventFilter: batch.eventFilter ?? parseEventFilterOption({ eventFilter: options.context?.eventFilter }),
  };
}

function appContext(options: StartLabOptions): Record<string, string> {
  const batch = options.batchOptions ?? DEFAULT_BATCH_PARTIAL_OPTIONS;
  // The Raise step waits at least as long as this lab's queue attribute changes take to settle.
  const settle = labQueueSettleSeconds(resolvePropagation(options.propagation));
  return {
    batchSize: String(batch.batchSize),
    reportBatchItemFailures: String(batch.reportBatchItemFailures),
    ...(settle === LAB_QUEUE_SETTLE_SECONDS ? {} : { queueSettleSeconds: String(settle) }),
    ...(batch.eventFilter === undefined ? {} : { eventFilter: String(batch.eventFilter) }),
    ...options.context,
  };
}

function appSource(options: StartLabOptions, topologies: readonly StackTopology[]): AppSource {
  const custom = options.stacks?.some((entry) => typeof entry !== 'string') === true;
  return custom ? { kind: 'topologies', topologies } : { kind: 'app', context: appContext(options) };
}

function resolveTopologies(options: StartLabOptions): StackTopology[] {
  const requested = options.stacks ?? STACK_NAMES;
  const topologies = requested.map((entry) => {
    if (typeof entry !== 'string') return entry;
    return entry === 'VisibilityDupStack'
      ? visibilityDupTopology(parseVisibilityDupOptions({ visibilityManager: options.context?.visibilityManager }))
      : batchPartialTopology(batchOptionsOf(options));
  });
  const names = topologies.map((topology) => topology.stackName);
  if (new Set(names).size !== names.length)
    throw new TopologyError(`a lab serves each stack once, got ${names.join(', ')}`);
  return topologies;
}

/** The deployed resource whose logical id is the topology id plus CDK's 8-character hash. */
function physicalIdOf(deployed: DeployedStack, type: string, constructId: string): string | undefined {
  for (const [logicalId, resource] of deployed.resources) {
    if (resource.type === type && constructIdOf(logicalId) === constructId) return resource.physicalId;
  }
  return undefined;
}

/** The lab's view of a deployed stack, by the topology's ids. */
function stackView(
  topology: StackTopology,
  deployed: DeployedStack,
  lambda: LambdaService,
  apis: ApiGatewayService,
): LabStack {
  const queues: Record<string, ProvisionedQueue> = {};
  for (const [logicalId, resource] of deployed.resources) {
    if (resource.type !== 'AWS::SQS::Queue') continue;
    const id = constructIdOf(logicalId);
    queues[id] = {
      id,
      name: String(resource.attributes.QueueName),
      url: resource.physicalId,
      arn: String(resource.attributes.Arn),
    };
  }
  const tableNames: Record<string, string> = {};
  for (const table of topology.tables) {
    const name = physicalIdOf(deployed, 'AWS::DynamoDB::Table', table.id);
    if (name !== undefined) tableNames[table.id] = name;
  }
  const functionNames: Record<string, string> = {};
  for (const spec of topology.functions) {
    const name = physicalIdOf(deployed, 'AWS::Lambda::Function', spec.id);
    if (name !== undefined) functionNames[spec.id] = name;
  }
  const functions: Record<string, LocalFunction> = {};
  for (const [id, name] of Object.entries(functionNames)) {
    Object.defineProperty(functions, id, { enumerable: true, get: () => lambda.get(name).fn });
  }
  const mappings: EventSourceMapping[] = [];
  for (const [, resource] of deployed.resources) {
    if (resource.type !== 'AWS::Lambda::EventSourceMapping') continue;
    const mapping = lambda.mappings.get(resource.physicalId);
    if (mapping !== undefined) mappings.push(mapping);
  }
  const urls = apis.localUrls(LAB_REGION);
  const apiEndpoint = urls.get(deployed.outputs.ApiEndpoint ?? '') ?? deployed.outputs.ApiEndpoint ?? '';
  const mainQueue = queues[topology.mainQueueId];
  if (mainQueue === undefined) throw new TopologyError(`${topology.stackName} has no queue "${topology.mainQueueId}"`);
  const mainSpec = topology.queues.find((queue) => queue.id === topology.mainQueueId);
  const dlq = mainSpec?.deadLetter === undefined ? undefined : queues[mainSpec.deadLetter.queueId];
  return {
    stackName: topology.stackName,
    topology,
    apiEndpoint,
    queueUrl: mainQueue.url,
    dlqUrl: dlq?.url,
    queues,
    tableNames,
    functions,
    mappings,
    invoke: (functionId, event) => {
      const name = functionNames[functionId];
      if (name === undefined) throw new TopologyError(`${topology.stackName} has no function "${functionId}"`);
      return lambda.get(name).fn.invoke(event);
    },
  };
}

function mappingFunctionId(mapping: EventSourceMapping): string {
  return mapping.functionRef?.functionId ?? mapping.queue.name;
}

/** With shared emulators, the lab removes its queues (which also ends abandoned long polls) and tables. */
async function deleteDeployed(
  stacks: readonly DeployedStack[],
  sqs: SQSClient,
  dynamodb: DynamoDBClient,
): Promise<void> {
  await Promise.allSettled(
    stacks.flatMap((stack) =>
      [...stack.resources.values()].map((resource) => {
        if (resource.type === 'AWS::SQS::Queue')
          return sqs.send(new DeleteQueueCommand({ QueueUrl: resource.physicalId }));
        if (resource.type === 'AWS::DynamoDB::Table')
          return dynamodb.send(new DeleteTableCommand({ TableName: resource.physicalId }));
        return Promise.resolve();
      }),
    ),
  );
}

/** Loads an SDK package from the lab's own node_modules (for modeled exception classes). */
const requireSdkPackage = createRequire(import.meta.url);

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}

/** For `invoke` typing in {@link LabStack}. */
export type { InvocationResult };
