/** `AWS::CDK::Metadata`: CDK's version report, which CloudFormation keeps and nothing reads. */
import type { ResourceProvider } from './resource-provider';

export const cdkMetadataProvider: ResourceProvider = {
  type: 'AWS::CDK::Metadata',
  create: async ({ logicalId }) => ({ physicalId: logicalId, attributes: {} }),
  update: async ({ previous }) => previous,
  delete: async () => undefined,
};
