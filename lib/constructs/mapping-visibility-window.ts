import { createHash } from 'node:crypto';
import { type CfnResource, Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { EventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { labLogRetention } from '../cdk-settings';

/** Props of {@link MappingVisibilityWindow}. */
export interface MappingVisibilityWindowProps {
  /** The queue the mappings read. CloudFormation creates it at `mappingVisibilityTimeoutSeconds`. */
  readonly queue: IQueue;
  /** The event source mapping(s) on that queue. */
  readonly mappings: readonly EventSourceMapping[];
  /** A timeout Lambda accepts for the mappings: at least their function's timeout. */
  readonly mappingVisibilityTimeoutSeconds: number;
  /** The (shorter) timeout the queue runs with once the stack is up. */
  readonly visibilityTimeoutSeconds: number;
}

/**
 * Keeps a queue whose running visibility timeout is shorter than its consumer's function
 * timeout deployable, on the first deploy and on every later one.
 *
 * Lambda checks "queue visibility timeout ≥ function timeout" whenever an event source mapping
 * is created **or updated**, but not when the queue's attribute changes later. So around the
 * mappings sit two `SetQueueAttributes` calls:
 * - `Raise`, which the mappings depend on, sets the mapping-safe timeout. Its physical id is a
 *   fingerprint of the mappings' rendered properties, so any change CloudFormation will make to
 *   a mapping (batch size, response types, scaling, a CDK upgrade's new property) updates it
 *   first and the check passes.
 * - `Lower`, which depends on the mappings, sets the running timeout. Its physical id holds the
 *   mappings' ids and the same fingerprint plus one of the queue's rendered properties, so it
 *   runs again after any mapping change and after any update CloudFormation makes to the queue
 *   (which may send the rendered `VisibilityTimeout` again).
 */
export class MappingVisibilityWindow extends Construct {
  public readonly raise: AwsCustomResource;
  public readonly lower: AwsCustomResource;

  constructor(scope: Construct, id: string, props: MappingVisibilityWindowProps) {
    super(scope, id);
    const mappingsFingerprint = renderedFingerprint(props.mappings.map(cfnResourceOf));
    const queueFingerprint = renderedFingerprint([cfnResourceOf(props.queue)]);
    this.raise = setVisibilityTimeout(this, 'Raise', props.queue, props.mappingVisibilityTimeoutSeconds, [
      mappingsFingerprint,
    ]);
    for (const mapping of props.mappings) mapping.node.addDependency(this.raise);
    this.lower = setVisibilityTimeout(this, 'Lower', props.queue, props.visibilityTimeoutSeconds, [
      ...props.mappings.map((mapping) => mapping.eventSourceMappingId),
      mappingsFingerprint,
      queueFingerprint,
    ]);
    for (const mapping of props.mappings) this.lower.node.addDependency(mapping);
  }
}

/** One `SetQueueAttributes(VisibilityTimeout)` on Create and on Update; nothing on Delete. */
function setVisibilityTimeout(
  scope: Construct,
  id: string,
  queue: IQueue,
  seconds: number,
  triggers: readonly string[],
): AwsCustomResource {
  const call: AwsSdkCall = {
    service: 'SQS',
    action: 'setQueueAttributes',
    parameters: { QueueUrl: queue.queueUrl, Attributes: { VisibilityTimeout: String(seconds) } },
    // Joined into the physical id: when it changes, CloudFormation sends an Update and the call runs again.
    physicalResourceId: PhysicalResourceId.of([queue.queueArn, `VisibilityTimeout=${seconds}`, ...triggers].join('|')),
  };
  const provider = providerResources(Stack.of(scope));
  return new AwsCustomResource(scope, id, {
    onCreate: call,
    onUpdate: call,
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ['sqs:SetQueueAttributes'], resources: [queue.queueArn] }),
    ]),
    role: provider.role,
    logGroup: provider.logGroup,
    // The runtime's SDK v3 has SetQueueAttributes; installing the latest would reach npm at deploy time.
    installLatestAwsSdk: false,
  });
}

function cfnResourceOf(construct: Construct): CfnResource {
  return construct.node.defaultChild as CfnResource;
}

/**
 * A short hash of resources' properties exactly as the template renders them, computed at
 * synth: it changes exactly when CloudFormation would update one of them.
 */
function renderedFingerprint(resources: readonly CfnResource[]): string {
  return Lazy.string({
    produce: () => {
      const rendered = resources.map((resource) => {
        const template = Stack.of(resource).resolve(resource._toCloudFormation()) as {
          Resources?: Record<string, { Properties?: unknown }>;
        };
        return template.Resources?.[Stack.of(resource).getLogicalId(resource)]?.Properties;
      });
      return createHash('sha256').update(JSON.stringify(rendered)).digest('hex').slice(0, 16);
    },
  });
}

/**
 * The provider function is a singleton per stack, so its role and log group are too: a role
 * that may only write its own log group (no AWS managed policy), and a log group that has a
 * retention and goes away with `cdk destroy` instead of being created by Lambda on first run.
 */
function providerResources(stack: Stack): { role: IRole; logGroup: LogGroup } {
  const logGroupId = 'AwsCustomResourceProviderLogGroup';
  const roleId = 'AwsCustomResourceProviderRole';
  const existingLogGroup = stack.node.tryFindChild(logGroupId);
  const existingRole = stack.node.tryFindChild(roleId);
  if (existingLogGroup instanceof LogGroup && existingRole instanceof Role) {
    return { role: existingRole, logGroup: existingLogGroup };
  }
  const logGroup = new LogGroup(stack, logGroupId, {
    retention: labLogRetention(),
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const role = new Role(stack, roleId, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: 'Execution role of the AwsCustomResource provider: its log group plus each call it makes.',
  });
  logGroup.grantWrite(role);
  return { role, logGroup };
}
