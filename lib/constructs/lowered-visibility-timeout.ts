import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct, type IDependable } from 'constructs';
import { labLogRetention } from '../cdk-settings';

/** Props of {@link LoweredVisibilityTimeout}. */
export interface LoweredVisibilityTimeoutProps {
  /** A queue created with a visibility timeout >= its consumer's function timeout. */
  readonly queue: IQueue;
  /** The timeout the queue must have once the stack is up. */
  readonly visibilityTimeoutSeconds: number;
  /**
   * The event source mapping(s) that must exist first: Lambda checks the queue's timeout
   * against the function's only when a mapping is created.
   */
  readonly after: readonly IDependable[];
  /**
   * Joined into the physical id: when it changes, CloudFormation sends an Update and the
   * timeout is set again. Pass the mapping ids and anything whose change updates the queue.
   */
  readonly triggers: readonly string[];
}

/**
 * Lowers a queue's visibility timeout after its event source mapping exists.
 *
 * Lambda refuses `CreateEventSourceMapping` while the queue's visibility timeout is shorter
 * than the function timeout, but accepts a later lowering. So the queue is created at the
 * function timeout and this custom resource (`SetQueueAttributes`, on Create and on Update,
 * ordered after the mapping) brings it down to the effective value.
 */
export class LoweredVisibilityTimeout extends Construct {
  public readonly resource: AwsCustomResource;

  constructor(scope: Construct, id: string, props: LoweredVisibilityTimeoutProps) {
    super(scope, id);
    const lowerCall: AwsSdkCall = {
      service: 'SQS',
      action: 'setQueueAttributes',
      parameters: {
        QueueUrl: props.queue.queueUrl,
        Attributes: { VisibilityTimeout: String(props.visibilityTimeoutSeconds) },
      },
      physicalResourceId: PhysicalResourceId.of(
        [props.queue.queueArn, `VisibilityTimeout=${props.visibilityTimeoutSeconds}`, ...props.triggers].join('|'),
      ),
    };
    const provider = providerResources(Stack.of(this));
    this.resource = new AwsCustomResource(this, 'SetQueueAttributes', {
      onCreate: lowerCall,
      onUpdate: lowerCall,
      // Nothing to undo on delete: the queue goes with the stack, or CloudFormation resets it.
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['sqs:SetQueueAttributes'], resources: [props.queue.queueArn] }),
      ]),
      role: provider.role,
      logGroup: provider.logGroup,
      // The runtime's SDK v3 has SetQueueAttributes; installing the latest would reach npm at deploy time.
      installLatestAwsSdk: false,
    });
    for (const dependency of props.after) this.resource.node.addDependency(dependency);
  }
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
