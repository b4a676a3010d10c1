/**
 * A delete or a rollback that cannot finish ends as CloudFormation ends it, not as a success:
 * `DELETE_FAILED` ("Unsuccessful deletion of one or more stacks … you might have some resources
 * that are still running") and `ROLLBACK_FAILED` ("Unsuccessful removal of one or more stacks after
 * a failed stack creation"), CloudFormation user guide, stack status codes:
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/view-stack-events.html#cfn-console-view-stack-data-resources-status-codes.
 * The stack keeps what is left, and a later DeleteStack tries again.
 */
import { describe, expect, it } from 'vitest';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';

const TARGET = { accountId: '123456789012', region: 'us-east-1' };

/** Providers that hold resources in memory; a bucket will not delete while `full` is set, nor a queue create while `broken`. */
function lab() {
  const live = new Set<string>();
  const switches = { full: true, broken: false };
  const provider = (type: string): ResourceProvider => ({
    type,
    properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
    async create({ logicalId }) {
      if (type === 'AWS::SQS::Queue' && switches.broken) throw new Error('queue refused');
      live.add(logicalId);
      return { physicalId: logicalId, attributes: { Arn: `arn:aws:test:::${logicalId}` } };
    },
    update: async ({ previous }) => previous,
    async delete({ logicalId }) {
      if (type === 'AWS::S3::Bucket' && switches.full)
        throw new Error('The bucket you tried to delete is not empty (BucketNotEmpty)');
      live.delete(logicalId);
    },
  });
  const events: StackEvent[] = [];
  const cloudformation = new CloudFormationService({
    providers: new ProviderRegistry(
      ['AWS::S3::Bucket', 'AWS::S3::BucketPolicy', 'AWS::SQS::Queue', 'AWS::IAM::Role'].map(provider),
    ),
    target: TARGET,
    onStackEvent: (event) => events.push(event),
  });
  return { cloudformation, live, switches, events };
}

const statuses = (events: readonly StackEvent[]) => events.map((event) => `${event.logicalId} ${event.status}`);

const TEMPLATE: Template = {
  Resources: {
    Role: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: {} } },
    Bucket: { Type: 'AWS::S3::Bucket', Properties: {}, DependsOn: ['Role'] },
    Policy: { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: { Ref: 'Bucket' }, PolicyDocument: {} } },
    Queue: { Type: 'AWS::SQS::Queue', Properties: {} },
  },
};

describe('CloudFormationService.delete of a stack whose bucket will not delete', () => {
  it('deletes what it can, keeps the bucket and what it needs, and ends in DELETE_FAILED', async () => {
    const { cloudformation, live, events } = lab();
    await cloudformation.deploy([{ stackName: 'Shop', template: TEMPLATE }]);
    events.length = 0;

    expect(await cloudformation.delete('Shop')).toBe('DELETE_FAILED');
    expect(statuses(events)).toEqual([
      'Shop DELETE_IN_PROGRESS',
      'Queue DELETE_IN_PROGRESS',
      'Queue DELETE_COMPLETE',
      'Policy DELETE_IN_PROGRESS',
      'Policy DELETE_COMPLETE',
      'Bucket DELETE_IN_PROGRESS',
      'Bucket DELETE_FAILED',
      'Shop DELETE_FAILED',
    ]);
    expect(events.at(-1)?.reason).toBe('The following resource(s) failed to delete: [Bucket]. ');
    // The role the bucket still needs is not touched.
    expect([...live].sort()).toEqual(['Bucket', 'Role']);
    const stack = cloudformation.home.get('Shop');
    expect(stack?.status).toBe('DELETE_FAILED');
    expect([...(stack?.resources.keys() ?? [])].sort()).toEqual(['Bucket', 'Role']);
  });

  it('deletes the rest when DeleteStack is asked again and the bucket can go', async () => {
    const { cloudformation, live, switches, events } = lab();
    await cloudformation.deploy([{ stackName: 'Shop', template: TEMPLATE }]);
    await cloudformation.delete('Shop');
    switches.full = false;
    events.length = 0;

    expect(await cloudformation.delete('Shop')).toBe('DELETE_COMPLETE');
    expect(statuses(events)).toEqual([
      'Shop DELETE_IN_PROGRESS',
      'Bucket DELETE_IN_PROGRESS',
      'Bucket DELETE_COMPLETE',
      'Role DELETE_IN_PROGRESS',
      'Role DELETE_COMPLETE',
      'Shop DELETE_COMPLETE',
    ]);
    expect(live.size).toBe(0);
    expect(cloudformation.home.has('Shop')).toBe(false);
  });
});

describe('a failed create whose rollback cannot delete what it made', () => {
  it('ends in ROLLBACK_FAILED, naming the resource, and the stack keeps it for a later DeleteStack', async () => {
    const { cloudformation, live, switches, events } = lab();
    switches.broken = true;

    const failure = await cloudformation
      .deploy([
        {
          stackName: 'Half',
          template: {
            Resources: {
              Bucket: { Type: 'AWS::S3::Bucket', Properties: {} },
              Queue: { Type: 'AWS::SQS::Queue', Properties: {}, DependsOn: ['Bucket'] },
            },
          },
        },
      ])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect((failure as StackOperationFailedError).status).toBe('ROLLBACK_FAILED');
    expect(statuses(events).slice(-4)).toEqual([
      'Half ROLLBACK_IN_PROGRESS',
      'Bucket DELETE_IN_PROGRESS',
      'Bucket DELETE_FAILED',
      'Half ROLLBACK_FAILED',
    ]);
    expect(events.at(-1)?.reason).toBe('The following resource(s) failed to delete: [Bucket]. ');
    expect(cloudformation.home.get('Half')?.status).toBe('ROLLBACK_FAILED');

    switches.full = false;
    expect(await cloudformation.delete('Half')).toBe('DELETE_COMPLETE');
    expect(live.size).toBe(0);
  });
});
