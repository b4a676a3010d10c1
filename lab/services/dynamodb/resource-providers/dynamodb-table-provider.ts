/** `AWS::DynamoDB::Table` on dynalite: CreateTable, UpdateTable for billing, DeleteTable. */
import {
  type AttributeDefinition,
  CreateTableCommand,
  DeleteTableCommand,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../../common/local-aws';
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { generatedName } from '../../cloudformation/engine/generated-name';
import { TAGS_NOTE } from '../../cloudformation/validation/common-notes';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the table provider does with each property of `AWS::DynamoDB::Table`. */
export const DYNAMODB_TABLE_PROPERTIES: PropertyCoverage = {
  emulated: ['AttributeDefinitions', 'BillingMode', 'KeySchema', 'ProvisionedThroughput', 'TableName'],
  noted: {
    TimeToLiveSpecification: {
      en: 'dynalite has no TTL, and DynamoDB deletes expired items only within days: readers treat an item past its expiry as absent on both',
      ja: 'dynalite には TTL がなく、DynamoDB も期限切れの項目を数日のうちに消すだけです。どちらでも読む側が期限切れの項目をないものとして扱います',
    },
    ContributorInsightsSpecification: {
      en: 'Contributor Insights draws graphs of the most accessed keys; the lab draws none',
      ja: 'Contributor Insights はアクセスの多いキーのグラフを描きます。ラボは描きません',
    },
    PointInTimeRecoverySpecification: {
      en: 'point-in-time recovery keeps backups for restores the lab does not offer',
      ja: 'ポイントインタイムリカバリはラボにない復元のためのバックアップを取ります',
    },
    TableClass: {
      en: 'the table class changes the price, not the behaviour',
      ja: 'テーブルクラスは料金を変えるだけで、振る舞いは変えません',
    },
    WarmThroughput: {
      en: 'warm throughput pre-warms capacity; dynalite has no capacity to warm',
      ja: 'ウォームスループットは容量を事前に温めます。dynalite には温める容量がありません',
    },
    Tags: TAGS_NOTE,
  },
  refused: [
    'DeletionProtectionEnabled',
    'GlobalSecondaryIndexes',
    'ImportSourceSpecification',
    'KinesisStreamSpecification',
    'LocalSecondaryIndexes',
    'OnDemandThroughput',
    'ResourcePolicy',
    'SSESpecification',
    'StreamSpecification',
    'VectorIndexes',
  ],
};

/** The table provider. dynalite has no TTL: `TimeToLiveSpecification` is accepted and not applied (readers treat expired items as absent). */
export function dynamodbTableProvider(options: {
  readonly dynamodb: DynamoDBClient;
  readonly namePrefix: string;
}): ResourceProvider {
  const describe = (name: string) => ({
    physicalId: name,
    attributes: { Arn: `arn:aws:dynamodb:${LAB_REGION}:${LAB_ACCOUNT_ID}:table/${name}` },
  });
  return {
    type: 'AWS::DynamoDB::Table',
    properties: DYNAMODB_TABLE_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      const name =
        typeof properties.TableName === 'string'
          ? properties.TableName
          : generatedName({ prefix: options.namePrefix, stackName, logicalId });
      const billing = properties.BillingMode === 'PAY_PER_REQUEST' ? 'PAY_PER_REQUEST' : 'PROVISIONED';
      const throughput = properties.ProvisionedThroughput as
        { ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined;
      await options.dynamodb.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: billing,
          KeySchema: properties.KeySchema as KeySchemaElement[],
          AttributeDefinitions: properties.AttributeDefinitions as AttributeDefinition[],
          ...(billing === 'PROVISIONED'
            ? {
                ProvisionedThroughput: {
                  ReadCapacityUnits: Number(throughput?.ReadCapacityUnits ?? 5),
                  WriteCapacityUnits: Number(throughput?.WriteCapacityUnits ?? 5),
                },
              }
            : {}),
        }),
      );
      return describe(name);
    },
    async update({ previous }) {
      // Billing, TTL, tags and streams change nothing dynalite models; key changes replace.
      return describe(previous.physicalId);
    },
    async delete({ resource }) {
      await options.dynamodb.send(new DeleteTableCommand({ TableName: resource.physicalId }));
    },
    requiresReplacement: (previous, next) => changedAny(['TableName', 'KeySchema'], previous, next),
  };
}
