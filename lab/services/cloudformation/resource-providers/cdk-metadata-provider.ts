/** `AWS::CDK::Metadata`: CDK's version report, which CloudFormation keeps and nothing reads. */
import type { ResourceProvider } from '../resource-provider';
import type { PropertyCoverage } from '../validation/property-coverage';

/** `AWS::CDK::Metadata`: no registry schema; its one property is CDK's version report. */
export const CDK_METADATA_PROPERTIES: PropertyCoverage = {
  emulated: [],
  noted: {
    Analytics: {
      en: 'CDK’s version report is for AWS’s usage statistics; the lab keeps it in the template only',
      ja: 'CDK のバージョン報告は AWS の利用統計のためのものです。ラボはテンプレートの中に残すだけです',
    },
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
