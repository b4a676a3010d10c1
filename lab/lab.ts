/**
 * The local lab: the stacks of the CDK app it is given, synthesized by CDK (lab/app/lab-app.ts) and
 * deployed to emulated AWS services by a CloudFormation stand-in (through its API's change sets,
 * as `cdk deploy`): queues on fauxqs, tables on dynalite,
 * the bundles CDK built running as Lambda functions in worker threads (every AWS call they make
 * authorized by IAM against the template's policies), event source mappings, REST API stages
 * and custom resources that run their own handlers. Composed once here, torn down by one `stop()`.
 */
import { randomUUID } from 'node:crypto';
import type { DescribeAlarmHistoryCommandInput, DescribeAlarmHistoryCommandOutput } from '@aws-sdk/client-cloudwatch';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { LAB_REGION } from './common/local-aws';
import { type PropagationOptions, resolvePropagation } from './common/propagation';
import { type AwsCallsOptions, DEFAULT_FAULT_SEED, validateFaultRules } from './interceptors/aws-call-faults';
import { type AwsCallCounts, AwsCallLedger } from './interceptors/aws-call-ledger';
import { buildLabOutputs, type LabOutputs } from './outputs';
import { Cleanups } from './app/cleanups';
import { createLabClients } from './app/lab-clients';
import { type AssemblyUpdate, LabAssembly, type LabAssemblyOptions } from './app/lab-assembly';
import { createLabCloudFormation, type LabCloudFormationSettings } from './app/lab-cloudformation';
import { labCloudFormationApi, startLabEndpoint } from './app/lab-endpoint';
import { storeLabTemplate } from './app/lab-template-bucket';
import { AccountConcurrency, NEW_ACCOUNT_CONCURRENCY } from './services/lambda/account-concurrency';
import { labFunctionRuntime } from './app/lab-function-runtime';
import { deleteLabResources, type LabServices, startLabServices } from './app/lab-services';
import type { LabApp } from './app/lab-app';
import { type LabStack, mappingCountersOf, StackViews } from './app/stack-view';
import { TopologyError } from './app/topology-error';
import { cloudFormationActions } from './services/cloudformation/api/cloudformation-api';
import { CloudFormationService } from './services/cloudformation/cloudformation-service';
import { deployThroughChangeSets } from './services/cloudformation/cdk-client/change-set-deployer';
import type { DeployedStack, StackEvent } from './services/cloudformation/engine/deployed-stack';
import {
  type DeployNote,
  mergeNotes,
  type PropertyCoverage,
} from './services/cloudformation/validation/property-coverage';
import { CustomResourceResponses } from './services/cloudformation/resource-providers/custom-resource-provider';
import type { AlarmActionOutcome, AlarmState } from './services/cloudwatch/cloudwatch-state';
import { type EmulatorEndpoints, type Emulators, startEmulators } from './emulators/emulators';
import { type BatchFormation, DEFAULT_BATCH_FORMATION } from './services/lambda/event-source-mapping/batch-formation';
import type { MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
import { bundleRuntimeWorker } from './services/lambda/runtime/bundle';
import type { InvocationResult } from './services/lambda/runtime/local-function';
import { LabBus } from './bus/lab-bus';
import { InvocationHistory } from './timeline/invocation-history';
import { buildQueueTimeline, type QueueTimeline } from './timeline/queue-timeline';
import type { Language } from './common/language';

/** How many messages a queue's timeline draws unless asked otherwise. */
export const QUEUE_TIMELINE_LANES = 20;
import type { SnsDelivery, SnsNotification, SnsSubscription } from './services/sns/sns-state';

/** How to start a lab: the app it serves, the bus it publishes on, and the lab-only settings. */
export interface StartLabOptions extends LabAssemblyOptions, LabCloudFormationSettings {
  /**
   * The CDK app the lab synthesizes, deploys and views (lab/app/lab-app.ts). Without one the lab
   * starts with no stack, ready for the CDK CLI's `cdk bootstrap` and `cdk deploy` through its one
   * endpoint (`lab.endpointUrl`); `lab.deployed` shows what the CLI deploys.
   */
  readonly app?: LabApp;
  /**
   * How long changes take to reach other services (lab/common/propagation.ts): a queue
   * attribute change reaches Lambda's checks after a seeded delay, and (with `iamGrants`) a new
   * IAM grant takes effect after one. Default: up to `LAB_MAX_PROPAGATION_MS` (200 ms), seed 1.
   */
  readonly propagation?: PropagationOptions;
  /**
   * The bus the lab publishes on (default: a new one, as `lab.logs`): every function line,
   * platform line and batch outcome (`'record'`), the deploys' stack events (`'stack-event'`), the
   * alarms' changes and actions (`'alarm'`, `'alarm-action'`). The lab prints nothing itself: a
   * caller that wants them from the first deploy on subscribes to a bus and passes it here
   * (`printLogs`, lab/terminal/, prints the records).
   */
  readonly bus?: LabBus;
  /**
   * Deploy the stacks when the lab starts (default true). False: the lab starts with none, ready
   * for the learner's own `cdk bootstrap` and `cdk deploy` through its one endpoint
   * (`npm run lab -- --empty`); `lab.stacks` shows each stack once the CLI has deployed it.
   */
  readonly deployOnStart?: boolean;
  /** Share running emulators (several labs side by side); by default the lab starts its own. */
  readonly emulators?: Emulators;
  /**
   * After each successful deploy (the first one and every `lab.deploy`), the lab notes of the
   * properties it accepted without emulating them: each note once, with the properties it covers.
   */
  readonly onLabNotes?: (notes: readonly DeployNote[]) => void;
  /**
   * Ports to listen on when they are free (`npm run lab` passes the previous run's, so a restart
   * keeps its URLs): the emulators (when the lab starts its own), the Logs endpoint, and each
   * stack's API stage by stack name.
   */
  readonly preferredPorts?: {
    readonly sqs?: number;
    readonly dynamodb?: number;
    readonly logs?: number;
    /** The lab's one AWS endpoint (`LocalLab.EndpointUrl`). */
    readonly endpoint?: number;
    readonly apis?: Readonly<Record<string, number>>;
  };
  /**
   * The AWS call interceptor: fault rules applied inside every function's environments (and,
   * for rules that say `where: ['lab']`, in the lab's own clients), with the seed of their
   * coin flips. Calls are counted whether or not this is given.
   */
  readonly awsCalls?: AwsCallsOptions;
  /**
   * The account's Lambda concurrency quota: how many invocations of all the lab's functions run
   * at once; one more is throttled, as Lambda throttles it (account-concurrency.ts). Default 10,
   * a new account's; `aws service-quotas get-service-quota --service-code lambda --quota-code
   * L-B99A9384` tells yours.
   */
  readonly accountConcurrency?: number;
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
  readonly stacks: ReadonlyMap<string, LabStack>;
  /** The stack, or a TopologyError when this lab does not serve it. */
  stack(name: string): LabStack;
  /** The stacks as CloudFormation left them (templates, resources, outputs). */
  readonly deployed: ReadonlyMap<string, DeployedStack>;
  /** The cloud assembly the lab runs; none while it serves no app. */
  readonly assemblyDir: string | undefined;
  /**
   * Synthesizes again with `context` (or another app: a variant of the stacks) and applies the difference to
   * the running stacks, as `cdk deploy` does: a change set per stack through the lab's
   * CloudFormation API (change-set-deployer.ts), executed in CloudFormation's order, replacing
   * where it would replace, rolling back on failure; a stack with no changes is left as it is.
   * Queues, tables and their data are kept.
   */
  deploy(
    update?: AssemblyUpdate & {
      /** This deploy's events (also on the bus, as `'stack-event'`). */
      readonly onEvent?: (event: StackEvent) => void;
      /**
       * Deploy into this region of the lab's one account instead (`ap-northeast-1`, …), as
       * `cdk deploy` with another region does: the stacks there are new, their names must not
       * clash with the account's global names (dashboards, IAM roles), and `lab.stacks` keeps
       * serving the lab's own region (`us-east-1`). Default: the lab's own region.
       */
      readonly region?: string;
    },
  ): Promise<readonly DeployedStack[]>;
  /**
   * Every resource type this lab deploys (`Custom::*` for custom resources), sorted, with what
   * its provider emulates, accepts with a note, or refuses: what a template of your own may hold.
   */
  resourceTypes(): ReadonlyMap<string, PropertyCoverage>;
  /** The stacks deployed to one region of the lab's account (the lab's own region: `lab.deployed`). */
  deployedIn(region: string): ReadonlyMap<string, DeployedStack>;
  /** The lab's bus: `lab.logs.on('record' | 'stack-event' | 'alarm' | 'alarm-action', …)`. */
  readonly logs: LabBus;
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
  /** What the stacks' SNS topics were sent (alarm notifications, Publish through the endpoint). */
  notifications(): SnsNotification[];
  /** Every SNS subscription the stacks made: its topic, protocol, endpoint, raw delivery and filter policy. */
  snsSubscriptions(): ({ readonly subscriptionArn: string } & SnsSubscription)[];
  /** What became of each message at each subscription: delivered, filtered out, or failed with the reason. */
  snsDeliveries(): SnsDelivery[];
  /**
   * The lab's CloudWatch Logs endpoint, `http://127.0.0.1:<port>`: every function's lines in
   * `/aws/lambda/<function>`, one stream per execution environment (FilterLogEvents,
   * GetLogEvents, DescribeLogGroups, DescribeLogStreams, and Logs Insights' StartQuery,
   * GetQueryResults, StopQuery, DescribeQueries).
   */
  readonly logsEndpoint: string;
  /**
   * The lab's one AWS endpoint, `http://127.0.0.1:<port>`: with `AWS_ENDPOINT_URL` set to it, the
   * AWS CLI, the SDKs and the CDK CLI reach every service the lab serves (routed by each
   * request's SigV4 scope).
   */
  readonly endpointUrl: string;
  /** How the mappings size their receives (the lab's words print it: `MESSAGES[language].batchFormation.line`). */
  readonly batchFormation: BatchFormation;
  /** Counters of every mapping, keyed `<stack>/<function>`. */
  counters(): Record<string, MappingCounters>;
  /**
   * Every AWS SDK call made so far: `<Stack>/<Function>` (all environments of that function)
   * or `lab` (pollers, deletes, provisioning, `lab.clients`) → `Service.Operation` → count.
   * Faulted calls count too.
   */
  awsCallCounts(): AwsCallCounts;
  /** Lab-only: a page of every message a queue holds, read from SQS's state without receiving (the console's DLQ view). */
  queueContents: Emulators['queueContents'];
  /**
   * What SQS and Lambda did with a queue's latest messages (default {@link QUEUE_TIMELINE_LANES},
   * at most 100), and with those moved to its DLQ, as a timeline: one lane per message, one row per
   * receive (draw it with `renderTimelineSvg` and `queueTimelineLook`, as the console does).
   */
  queueTimeline(
    queueUrl: string,
    options?: { readonly limit?: number; readonly language?: Language; readonly nowMs?: number },
  ): Promise<QueueTimeline>;
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
export async function startLab(options: StartLabOptions): Promise<Lab> {
  const started = performance.now();
  const id = randomUUID().replaceAll('-', '').slice(0, 8);
  const namePrefix = `lab${id}-`;
  const logs = options.bus ?? new LabBus();
  const faults = options.awsCalls?.faults ?? [];
  validateFaultRules(faults);
  const awsCalls = { faults, seed: options.awsCalls?.seed ?? DEFAULT_FAULT_SEED, ledger: new AwsCallLedger() };
  const cleanups = new Cleanups();
  try {
    const [emulators, runtimePath, firstAssembly, responses] = await Promise.all([
      options.emulators ??
        startEmulators({
          sqsPort: options.preferredPorts?.sqs,
          dynamodbPort: options.preferredPorts?.dynamodb,
        }),
      bundleRuntimeWorker(),
      LabAssembly.make(options, options.app),
      CustomResourceResponses.start(),
    ]);
    if (options.emulators === undefined) cleanups.add(() => emulators.stop());
    cleanups.add(() => responses.stop());
    // What Lambda did with each message, from the bus (the console's timeline of any app).
    const invocations = new InvocationHistory();
    cleanups.add(invocations.follow(logs));
    const clients = createLabClients(emulators, awsCalls);
    cleanups.add(() => clients.destroy());
    const propagation = resolvePropagation(options.propagation);
    const logsPort = options.preferredPorts?.logs;
    const services = await startLabServices(
      { ...options, emulators, clients, logs, namePrefix, propagation, logsPort },
      cleanups,
    );
    const assembly = new LabAssembly(options, options.app, firstAssembly);
    const assetDir = (stackName: string, key: string) => assembly.assetDir(stackName, key);
    const objectBytes = (bucket: string, key: string) => services.s3.objectBytes(bucket, key)?.bytes;
    // Functions start once the endpoint listens (a deploy comes after it), and read its URL then.
    let endpointUrl: string | undefined;
    const awsEndpoint = () => endpointUrl;
    const context = {
      logs,
      endpoints: emulators,
      awsEndpoint,
      runtimePath,
      assetDir,
      objectBytes,
      responses,
      awsCalls,
      concurrency: new AccountConcurrency(options.accountConcurrency ?? NEW_ACCOUNT_CONCURRENCY),
    };
    const cloudformation = createLabCloudFormation(services, context, options);
    let views: StackViews | undefined;
    const cloudformationApi = labCloudFormationApi({
      services,
      cloudformation,
      objectBytes,
      // A stack the CDK CLI deployed or destroyed shows in (or leaves) `lab.stacks` and the console.
      onStackChanged: () => views?.refresh(),
    });
    const endpoint = await startLabEndpoint(
      {
        services,
        emulators,
        cloudformationApi,
        functionRuntime: labFunctionRuntime(services, context, options),
        objectBytes,
        ...(options.preferredPorts?.endpoint === undefined ? {} : { preferredPort: options.preferredPorts.endpoint }),
      },
      cleanups,
    );
    endpointUrl = endpoint.url;
    // The lab deploys as `cdk deploy` does: change sets through the API the one endpoint serves.
    const deployer = {
      actions: cloudFormationActions(cloudformationApi),
      storeTemplate: async (stackName: string, body: string, region: string) =>
        storeLabTemplate(services.s3, stackName, body, region),
    };
    const deployAll = async (deploy: { readonly region?: string; readonly onEvent?: (event: StackEvent) => void }) => {
      const stacks = assembly.stacksToDeploy();
      const results = await deployThroughChangeSets(deployer, stacks, {
        ...deploy,
        region: deploy.region ?? LAB_REGION,
      });
      options.onLabNotes?.(mergeNotes(results.flatMap((result) => result.notes)));
      return results;
    };
    if (options.emulators !== undefined) cleanups.add(() => deleteLabResources(services, cloudformation.state.all()));
    if (options.deployOnStart !== false) await deployAll({});
    views = new StackViews(() => assembly.app?.stacks, cloudformation, services.lambda, services.apis);
    const lab = {
      ...{ id, namePrefix, emulators, clients, logs, services, cloudformation, views, invocations },
      ledger: awsCalls.ledger,
      endpointUrl: endpoint.url,
    };
    return runningLab({
      ...lab,
      batchFormation: options.batchFormation ?? DEFAULT_BATCH_FORMATION,
      startupMs: Math.round(performance.now() - started),
      stop: () => cleanups.run(),
      assemblyDir: () => assembly.current?.dir,
      async deploy(update = {}) {
        const region = update.region ?? LAB_REGION;
        if (!AWS_REGION_NAME.test(region))
          throw new TopologyError(`${region} is not an AWS Region name (such as us-east-1 or ap-northeast-1)`);
        await assembly.update(update);
        try {
          return await deployAll({ ...update, region });
        } finally {
          views.refresh();
        }
      },
    });
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/** An AWS Region name: `us-east-1`, `ap-northeast-1`, `us-gov-west-1`. */
const AWS_REGION_NAME = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

/** The {@link Lab} a started lab answers with. */
function runningLab(lab: {
  readonly id: string;
  readonly namePrefix: string;
  readonly emulators: Emulators;
  readonly clients: Lab['clients'];
  readonly logs: LabBus;
  readonly services: LabServices;
  readonly cloudformation: CloudFormationService;
  readonly views: StackViews;
  readonly invocations: InvocationHistory;
  readonly ledger: AwsCallLedger;
  readonly endpointUrl: string;
  readonly batchFormation: BatchFormation;
  readonly startupMs: number;
  readonly assemblyDir: () => string | undefined;
  readonly deploy: Lab['deploy'];
  readonly stop: () => Promise<void>;
}): Lab {
  const { emulators, services, cloudformation, views, ledger } = lab;
  const { alarms } = services.cloudwatch;
  return {
    id: lab.id,
    namePrefix: lab.namePrefix,
    endpoints: {
      sqsEndpoint: emulators.sqsEndpoint,
      sqsCliEndpoint: emulators.sqsCliEndpoint,
      dynamodbEndpoint: emulators.dynamodbEndpoint,
    },
    clients: { sqs: lab.clients.sqs, dynamodb: lab.clients.dynamodb },
    stacks: views.stacks,
    deployed: cloudformation.home,
    get assemblyDir() {
      return lab.assemblyDir();
    },
    stack(name) {
      const stack = views.stacks.get(name);
      if (stack === undefined)
        throw new TopologyError(`this lab does not serve ${name}; start it with stacks: ['${name}']`);
      return stack;
    },
    deployedIn: (region) => cloudformation.state.stacksIn(region),
    deploy: lab.deploy,
    logs: lab.logs,
    logsEndpoint: services.logsServer.url,
    endpointUrl: lab.endpointUrl,
    alarms: () => alarms.states(),
    describeAlarmHistory: (input) => alarms.describeHistory(input),
    evaluateAlarms: () => alarms.evaluateAll(),
    notifications: () => [...services.sns.published],
    snsDeliveries: () => [...services.sns.deliveries],
    snsSubscriptions: () =>
      [...services.sns.subscriptions].map(([subscriptionArn, subscription]) => ({ subscriptionArn, ...subscription })),
    batchFormation: lab.batchFormation,
    counters: () => mappingCountersOf(views.stacks.values()),
    awsCallCounts: () => ledger.counts(),
    resourceTypes: () => cloudformation.providers.coverage(),
    queueContents: (queueUrl, page) => emulators.queueContents(queueUrl, page),
    async queueTimeline(queueUrl, options = {}) {
      const events = await emulators.messageHistory(queueUrl, options.limit ?? QUEUE_TIMELINE_LANES);
      const queueName = decodeURIComponent(new URL(queueUrl).pathname.split('/').pop() ?? queueUrl);
      return buildQueueTimeline({ queueName, events, invocations: lab.invocations, ...options });
    },
    awsCallFaults: () => ledger.faults(),
    outputs: () =>
      buildLabOutputs([...cloudformation.home.values()], services.apis.localUrls(LAB_REGION), {
        ...emulators,
        logsEndpoint: services.logsServer.url,
        endpointUrl: lab.endpointUrl,
      }),
    startupMs: lab.startupMs,
    stop: lab.stop,
  };
}

/** For `invoke` typing in {@link LabStack}. */
export type { InvocationResult };
