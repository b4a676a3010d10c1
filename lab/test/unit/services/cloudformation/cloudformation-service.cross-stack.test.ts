/**
 * Cross-stack references as CDK writes them: one stack's output with `Export: { Name }`, another
 * stack's `Fn::ImportValue` of that name (AWS CloudFormation User Guide, "Get exported outputs from
 * a deployed CloudFormation stack": "You can't delete a stack if another stack references one of
 * its outputs", the stack event "Export <name> cannot be deleted as it is in use by <stack>").
 */
import { describe, expect, it } from 'vitest';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { ExportInUseError, StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { ProviderRegistry, type ResourceProvider } from '#lab/services/cloudformation/resource-provider';

const TARGET = { accountId: '123456789012', region: 'us-east-1' };

function lab() {
  const created = new Map<string, Readonly<Record<string, unknown>>>();
  const provider = (type: string): ResourceProvider => ({
    type,
    properties: { emulated: [], noted: {}, refused: [], passesOtherKeysToHandler: true },
    async create({ logicalId, properties }) {
      created.set(logicalId, properties);
      return { physicalId: logicalId, attributes: { Arn: `arn:aws:sqs:us-east-1:123456789012:${logicalId}` } };
    },
    update: async ({ previous }) => previous,
    async delete({ logicalId }) {
      created.delete(logicalId);
    },
  });
  const cloudformation = new CloudFormationService({
    providers: new ProviderRegistry(['AWS::SQS::Queue', 'AWS::SSM::Parameter'].map(provider)),
    target: TARGET,
  });
  return { cloudformation, created };
}

const SHARED: Template = {
  Resources: { SharedQueue: { Type: 'AWS::SQS::Queue', Properties: {} } },
  Outputs: {
    QueueArn: { Value: { 'Fn::GetAtt': ['SharedQueue', 'Arn'] }, Export: { Name: 'Shared:QueueArn' } },
  },
};
const USER: Template = {
  Resources: {
    Reader: {
      Type: 'AWS::SSM::Parameter',
      Properties: { Type: 'String', Value: { 'Fn::Join': ['', [{ 'Fn::ImportValue': 'Shared:QueueArn' }, '/*']] } },
    },
  },
};

describe('CloudFormationService: Fn::ImportValue across stacks', () => {
  it('resolves another stack’s export, and keeps that stack while one imports it', async () => {
    const { cloudformation, created } = lab();
    await cloudformation.deploy([
      { stackName: 'Shared', template: SHARED },
      { stackName: 'User', template: USER },
    ]);
    expect(created.get('Reader')).toEqual({
      Type: 'String',
      Value: 'arn:aws:sqs:us-east-1:123456789012:SharedQueue/*',
    });

    await expect(cloudformation.delete('Shared')).rejects.toThrow(new ExportInUseError('Shared:QueueArn', 'User'));
    expect(created.has('SharedQueue')).toBe(true);

    expect(await cloudformation.delete('User')).toBe('DELETE_COMPLETE');
    expect(await cloudformation.delete('Shared')).toBe('DELETE_COMPLETE');
    expect(created.size).toBe(0);
  });

  it('fails a stack that imports what no stack exports, in CloudFormation’s words', async () => {
    const { cloudformation } = lab();
    await expect(cloudformation.deploy([{ stackName: 'User', template: USER }])).rejects.toThrow(
      StackOperationFailedError,
    );
    await expect(cloudformation.deploy([{ stackName: 'User2', template: USER }])).rejects.toThrow(
      /No export named Shared:QueueArn found\./,
    );
  });
});
