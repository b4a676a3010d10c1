/**
 * The lab's view of a deployed stack, by its layout's construct ids (`Queue`, `Worker`): CloudFormation
 * keeps resources by logical id (the construct id plus CDK's 8-character hash); a test or an
 * experiment asks for "the stack's Worker" or "its main queue".
 */
import { LAB_REGION } from '../common/local-aws';
import type { ApiGatewayService } from '../services/apigateway/apigateway-service';
import type { CloudFormationService } from '../services/cloudformation/cloudformation-service';
import type { DeployedStack } from '../services/cloudformation/engine/deployed-stack';
import type { EventSourceMapping, MappingCounters } from '../services/lambda/event-source-mapping/event-source-mapping';
import type { LambdaService } from '../services/lambda/lambda-service';
import { constructIdOf } from '../services/lambda/resource-providers/lambda-function-provider';
import type { InvocationResult, LocalFunction } from '../services/lambda/runtime/local-function';
import type { StackLayout } from './lab-app';
import { TopologyError } from './topology-error';

/** A queue as deployed. */
export interface ProvisionedQueue {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

/** One stack as the lab runs it. */
export interface LabStack {
  readonly stackName: string;
  /** The stack's construct ids, as its app describes them. */
  readonly layout: StackLayout;
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

/** The lab's view of a deployed stack, by its layout's construct ids. */
export function stackView(
  layout: StackLayout,
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
  for (const table of layout.tables) {
    const name = physicalIdOf(deployed, 'AWS::DynamoDB::Table', table.id);
    if (name !== undefined) tableNames[table.id] = name;
  }
  const functionNames: Record<string, string> = {};
  for (const spec of layout.functions) {
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
  const mainQueue = queues[layout.mainQueueId];
  if (mainQueue === undefined) throw new TopologyError(`${layout.stackName} has no queue "${layout.mainQueueId}"`);
  const mainSpec = layout.queues.find((queue) => queue.id === layout.mainQueueId);
  const dlq = mainSpec?.deadLetter === undefined ? undefined : queues[mainSpec.deadLetter.queueId];
  return {
    stackName: layout.stackName,
    layout,
    apiEndpoint,
    queueUrl: mainQueue.url,
    dlqUrl: dlq?.url,
    queues,
    tableNames,
    functions,
    mappings,
    invoke: (functionId, event) => {
      const name = functionNames[functionId];
      if (name === undefined) throw new TopologyError(`${layout.stackName} has no function "${functionId}"`);
      return lambda.get(name).fn.invoke(event);
    },
  };
}

/**
 * A layout read from what a stack deployed, for an app that describes none (any CDK app): its
 * queues, their dead-letter queues (from each RedrivePolicy), its tables and functions, by
 * construct id; the main queue is the first with a dead-letter queue, else the first. A stack
 * without a queue has no layout (undefined).
 */
export function layoutOfDeployed(deployed: DeployedStack): StackLayout | undefined {
  const byType = (type: string) => [...deployed.resources].filter(([, resource]) => resource.type === type);
  const queueIdsByArn = new Map(
    byType('AWS::SQS::Queue').map(([logicalId, resource]) => [
      String(resource.attributes.Arn),
      constructIdOf(logicalId),
    ]),
  );
  const queues = byType('AWS::SQS::Queue').map(([logicalId, resource]) => {
    const redrive = resource.properties.RedrivePolicy;
    const policy = (typeof redrive === 'string' ? JSON.parse(redrive) : redrive) as
      { deadLetterTargetArn?: string } | undefined;
    const dlq = policy?.deadLetterTargetArn === undefined ? undefined : queueIdsByArn.get(policy.deadLetterTargetArn);
    return { id: constructIdOf(logicalId), ...(dlq === undefined ? {} : { deadLetter: { queueId: dlq } }) };
  });
  const main = queues.find((queue) => queue.deadLetter !== undefined) ?? queues[0];
  if (main === undefined) return undefined;
  return {
    stackName: deployed.stackName,
    mainQueueId: main.id,
    queues,
    tables: byType('AWS::DynamoDB::Table').map(([logicalId]) => ({ id: constructIdOf(logicalId) })),
    functions: byType('AWS::Lambda::Function').map(([logicalId]) => ({ id: constructIdOf(logicalId) })),
  };
}

/** The lab's views of its own region's stacks, refreshed after every deploy. */
export class StackViews {
  readonly stacks = new Map<string, LabStack>();

  /**
   * `layouts` gives the stacks of the app served now (a deploy may bring another variant); when it
   * gives none (an app that describes no layout, or no app: the CDK CLI deploys), every stack of
   * the region is viewed by the layout its resources make ({@link layoutOfDeployed}).
   */
  constructor(
    private readonly layouts: () => readonly StackLayout[] | undefined,
    private readonly cloudformation: CloudFormationService,
    private readonly lambda: LambdaService,
    private readonly apis: ApiGatewayService,
  ) {
    this.refresh();
  }

  /** Views the stacks as CloudFormation left them in the lab's own region. */
  refresh(): void {
    const layouts =
      this.layouts() ?? [...this.cloudformation.home.values()].flatMap((deployed) => layoutOfDeployed(deployed) ?? []);
    // A stack the app no longer names (another variant deployed) leaves the views.
    for (const name of this.stacks.keys())
      if (!layouts.some((layout) => layout.stackName === name)) this.stacks.delete(name);
    for (const layout of layouts) {
      const deployed = this.cloudformation.home.get(layout.stackName);
      // A stack deleted (`cdk destroy`) leaves the view too.
      if (deployed === undefined) this.stacks.delete(layout.stackName);
      else this.stacks.set(layout.stackName, stackView(layout, deployed, this.lambda, this.apis));
    }
  }
}

/** Counters of every mapping of the stacks, keyed `<stack>/<function>`. */
export function mappingCountersOf(stacks: Iterable<LabStack>): Record<string, MappingCounters> {
  const counters: Record<string, MappingCounters> = {};
  for (const stack of stacks) {
    for (const mapping of stack.mappings)
      counters[`${stack.stackName}/${mapping.functionRef?.functionId ?? mapping.queue.name}`] = mapping.counters;
  }
  return counters;
}

/** The deployed resource whose logical id is the construct id plus CDK's 8-character hash. */
function physicalIdOf(deployed: DeployedStack, type: string, constructId: string): string | undefined {
  for (const [logicalId, resource] of deployed.resources) {
    if (resource.type === type && constructIdOf(logicalId) === constructId) return resource.physicalId;
  }
  return undefined;
}
