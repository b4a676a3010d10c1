import { Stack } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { InvalidTopologyError } from '../errors';
import { LAMBDA_MEMORY_MB, SQS_ATTRIBUTE_PROPAGATION_SECONDS } from '../settings';
import { FunctionWithLogGroup } from './function-with-log-group';

/** Time the handler keeps beyond the settle time and SQS's propagation window: SDK calls, the answer. */
const HANDLER_MARGIN_SECONDS = 30;

/**
 * The function behind every `Custom::QueueVisibilityTimeout` of a stack, one per stack
 * (lambda/queue-visibility/handler.ts, bundled like every other function). It polls within its
 * own timeout, which covers the settle time plus SQS's documented 60 s of propagation, instead
 * of using the Provider framework's `isComplete` waiter, which needs Step Functions. Its role
 * holds the SQS grants inline, from its creation, because CloudFormation invokes it the moment
 * it exists.
 */
export class QueueVisibilityTimeoutProvider extends Construct {
  /** The stack's provider, created on first use. */
  static of(scope: Construct, settleSeconds: number): QueueVisibilityTimeoutProvider {
    const stack = Stack.of(scope);
    const id = 'QueueVisibilityTimeoutProvider';
    const existing = stack.node.tryFindChild(id);
    if (existing === undefined) return new QueueVisibilityTimeoutProvider(stack, id, settleSeconds);
    if (!(existing instanceof QueueVisibilityTimeoutProvider) || existing.settleSeconds !== settleSeconds) {
      throw new InvalidTopologyError(
        `${stack.stackName} asks for two settle times; one stack has one queueSettleSeconds.`,
      );
    }
    return existing;
  }

  public readonly handler: FunctionWithLogGroup;
  /** The handler's timeout in whole seconds: the settle time (rounded up), SQS's 60 s of propagation and a margin. */
  public readonly timeoutSeconds: number;
  private readonly grants = new PolicyDocument();
  private readonly allowed = new Set<IQueue>();

  private constructor(
    scope: Construct,
    id: string,
    readonly settleSeconds: number,
  ) {
    super(scope, id);
    this.timeoutSeconds = Math.ceil(settleSeconds) + SQS_ATTRIBUTE_PROPAGATION_SECONDS + HANDLER_MARGIN_SECONDS;
    this.handler = new FunctionWithLogGroup(this, 'Handler', {
      spec: {
        id: 'QueueVisibilityTimeout',
        entry: 'lambda/queue-visibility/handler.ts',
        timeoutSeconds: this.timeoutSeconds,
        memoryMb: LAMBDA_MEMORY_MB,
        environment: {},
      },
      environment: {},
      description: `Custom::QueueVisibilityTimeout: sets a queue's visibility timeout and waits until it holds (settle ${settleSeconds} s)`,
      inlinePolicy: this.grants,
    });
  }

  /** The `ServiceToken` of the custom resources. */
  get serviceToken(): string {
    return this.handler.functionArn;
  }

  /** Lets the handler set `queue`'s attributes and read them back (in the role's inline policy). */
  allow(queue: IQueue): void {
    if (this.allowed.has(queue)) return;
    this.allowed.add(queue);
    this.grants.addStatements(
      new PolicyStatement({
        actions: ['sqs:SetQueueAttributes', 'sqs:GetQueueAttributes'],
        resources: [queue.queueArn],
      }),
    );
  }
}
