import { createHash } from 'node:crypto';
import { type CfnResource, CustomResource, Duration, Lazy, Stack } from 'aws-cdk-lib';
import type { EventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QueueVisibilityTimeoutProvider } from './queue-visibility-timeout-provider';

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
  /**
   * How long Raise waits after its change before the mappings may go ahead, in seconds with at
   * most one decimal (CDK context `queueSettleSeconds`; 60 on AWS, the documented worst case of
   * SQS's propagation; a fraction of a second on the lab).
   */
  readonly settleSeconds: number;
}

/** Reads in a row of the raised value before Raise lets the mappings go ahead. */
export const RAISE_STABLE_READS = 3;

/** The custom resource type of both steps. */
export const QUEUE_VISIBILITY_TIMEOUT_TYPE = 'Custom::QueueVisibilityTimeout';

/**
 * Keeps a queue whose running visibility timeout is shorter than its consumer's function
 * timeout deployable, on the first deploy and on every later one.
 *
 * Lambda checks "queue visibility timeout ≥ function timeout" whenever an event source mapping
 * is created **or updated**, but not when the queue's attribute changes later. So around the
 * mappings sit two `Custom::QueueVisibilityTimeout` steps (lambda/queue-visibility/handler.ts):
 * - `Raise`, which the mappings depend on, sets the mapping-safe timeout and waits until it
 *   holds: until GetQueueAttributes reads it {@link RAISE_STABLE_READS} times in a row, and then
 *   until `settleSeconds` have passed since the change. SetQueueAttributes "can take up to 60
 *   seconds" to propagate (SQS API reference), and Lambda's check is a reader we cannot ask, so
 *   only the time since the change covers it: 60 s, the documented worst case, is the default.
 *   Its properties carry a fingerprint of the mappings' rendered properties, so any change
 *   CloudFormation will make to a mapping (batch size, response types, scaling, a CDK upgrade's
 *   new property) updates it first and the check passes.
 * - `Lower`, which depends on the mappings, sets the running timeout and waits for one read of
 *   it (nothing else waits on every reader seeing it; `--target aws` experiments check the
 *   queue before they start). Its properties hold the mappings' ids and the same fingerprint
 *   plus one of the queue's rendered properties, so it runs again after any mapping change and
 *   after any update CloudFormation makes to the queue (which may send the rendered
 *   `VisibilityTimeout` again), and a copy of Raise's own properties (`AfterRaise`), so it runs
 *   again whenever Raise does (`-c queueSettleSeconds=60.1`, then `60.4`, changes Raise alone).
 */
export class MappingVisibilityWindow extends Construct {
  public readonly raise: CustomResource;
  public readonly lower: CustomResource;

  constructor(scope: Construct, id: string, props: MappingVisibilityWindowProps) {
    super(scope, id);
    const provider = QueueVisibilityTimeoutProvider.of(this, props.settleSeconds);
    provider.allow(props.queue);
    const mappingsFingerprint = renderedFingerprint(props.mappings.map(cfnResourceOf));
    const queueFingerprint = renderedFingerprint([cfnResourceOf(props.queue)]);
    const step = (stepId: string, properties: Record<string, unknown>): CustomResource =>
      new CustomResource(this, stepId, {
        serviceToken: provider.serviceToken,
        resourceType: QUEUE_VISIBILITY_TIMEOUT_TYPE,
        // A handler that dies without answering fails the deploy in minutes, not after CloudFormation's default hour.
        serviceTimeout: Duration.seconds(provider.timeoutSeconds + 30),
        properties: { QueueUrl: props.queue.queueUrl, ...properties },
      });
    const raiseProperties = {
      VisibilityTimeout: props.mappingVisibilityTimeoutSeconds,
      StableReads: RAISE_STABLE_READS,
      SettleSeconds: props.settleSeconds,
      MappingsFingerprint: mappingsFingerprint,
    };
    this.raise = step('Raise', raiseProperties);
    for (const mapping of props.mappings) mapping.node.addDependency(this.raise);
    this.lower = step('Lower', {
      VisibilityTimeout: props.visibilityTimeoutSeconds,
      StableReads: 1,
      SettleSeconds: 0,
      MappingIds: props.mappings.map((mapping) => mapping.eventSourceMappingId),
      MappingsFingerprint: mappingsFingerprint,
      QueueFingerprint: queueFingerprint,
      // Whatever makes Raise run again makes Lower run after it: a Raise alone (a new settle
      // time) would leave the queue at the raised timeout, and Step 7's duplicate would never show.
      AfterRaise: raiseProperties,
    });
    for (const mapping of props.mappings) this.lower.node.addDependency(mapping);
  }
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
