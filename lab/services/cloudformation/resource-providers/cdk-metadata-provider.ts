/** `AWS::CDK::Metadata`: CDK's version report, which CloudFormation keeps and nothing reads. */
import type { ResourceProvider } from '../resource-provider';
import type { PropertyCoverage } from '../validation/property-coverage';

/** `AWS::CDK::Metadata`: no registry schema; its one property is CDK's version report. */
export const CDK_METADATA_PROPERTIES: PropertyCoverage = {
  emulated: [],
  noted: {
    Analytics: 'cdkMetadataAnalytics',
  },
  refused: [],
};

export const cdkMetadataProvider: ResourceProvider = {
  type: 'AWS::CDK::Metadata',
  properties: CDK_METADATA_PROPERTIES,
  create: async ({ logicalId }) => ({ physicalId: logicalId, attributes: {} }),
  update: async ({ previous }) => previous,
  delete: async () => undefined,
};
