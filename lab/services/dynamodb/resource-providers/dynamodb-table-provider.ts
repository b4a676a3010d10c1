/**
 * `AWS::DynamoDB::Table` on dynalite: CreateTable with its secondary indexes, UpdateTable for the
 * global secondary indexes a template adds or removes, DeleteTable.
 */
import {
  type AttributeDefinition,
  CreateTableCommand,
  DeleteTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type GlobalSecondaryIndexUpdate,
  type KeySchemaElement,
  type LocalSecondaryIndex,
  type Projection,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { isAwsManagedKey, isServableKey, type LabKeys } from '../../../common/aws-managed-key';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../../common/local-aws';
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the table provider does with each property of `AWS::DynamoDB::Table`. */
export const DYNAMODB_TABLE_PROPERTIES: PropertyCoverage = {
  emulated: [
    'AttributeDefinitions',
    'BillingMode',
    'GlobalSecondaryIndexes',
    'KeySchema',
    'LocalSecondaryIndexes',
    'ProvisionedThroughput',
    'TableName',
  ],
  noted: {
    SSESpecification: 'dynamodbTableSSESpecification',
    TimeToLiveSpecification: 'dynamodbTableTimeToLiveSpecification',
    ContributorInsightsSpecification: 'dynamodbTableContributorInsightsSpecification',
    PointInTimeRecoverySpecification: 'dynamodbTablePointInTimeRecoverySpecification',
    TableClass: 'dynamodbTableTableClass',
    WarmThroughput: 'dynamodbTableWarmThroughput',
    Tags: 'tags',
  },
  refused: [
    'DeletionProtectionEnabled',
    'ImportSourceSpecification',
    'KinesisStreamSpecification',
    'OnDemandThroughput',
    'ResourcePolicy',
    'StreamSpecification',
    'VectorIndexes',
  ],
};

/** The table provider. dynalite has no TTL: `TimeToLiveSpecification` is accepted and not applied (readers treat expired items as absent). */
export function dynamodbTableProvider(options: {
  readonly dynamodb: DynamoDBClient;
  readonly namePrefix: string;
  /** The lab's KMS: a customer-managed key must be one of its keys, and a table under one is recorded with it. */
  readonly kms?: LabKeys & { encrypts(resourceArn: string, keyRef: string | undefined): void };
}): ResourceProvider {
  /** Records the table's customer-managed key (or that it has none): its callers then need the key too. */
  const recordKey = (tableArn: string, properties: Readonly<Record<string, unknown>>): void => {
    const key = (properties.SSESpecification as { KMSMasterKeyId?: unknown } | undefined)?.KMSMasterKeyId;
    options.kms?.encrypts(tableArn, typeof key === 'string' && !isAwsManagedKey(key, 'dynamodb') ? key : undefined);
  };
  const refuseUnknownKey = (logicalId: string, properties: Readonly<Record<string, unknown>>): void => {
    const key = (properties.SSESpecification as { KMSMasterKeyId?: unknown } | undefined)?.KMSMasterKeyId;
    if (isServableKey(key, 'dynamodb', options.kms)) return;
    throw new Error(
      `${logicalId}: KMSMasterKeyId ${JSON.stringify(key)} names no key of the lab: a table runs under an AWS-owned key, the AWS-managed key alias/aws/dynamodb, or an AWS::KMS::Key of your stacks (its Arn, id or alias)`,
    );
  };
  const describe = (name: string) => ({
    physicalId: name,
    attributes: { Arn: `arn:aws:dynamodb:${LAB_REGION}:${LAB_ACCOUNT_ID}:table/${name}` },
  });
  return {
    type: 'AWS::DynamoDB::Table',
    properties: DYNAMODB_TABLE_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      refuseUnknownKey(logicalId, properties);
      const name =
        typeof properties.TableName === 'string'
          ? properties.TableName
          : generatedName({ prefix: options.namePrefix, stackName, logicalId });
      const billing = properties.BillingMode === 'PAY_PER_REQUEST' ? 'PAY_PER_REQUEST' : 'PROVISIONED';
      const throughput = properties.ProvisionedThroughput as TemplateIndex['ProvisionedThroughput'];
      await options.dynamodb.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: billing,
          KeySchema: properties.KeySchema as KeySchemaElement[],
          AttributeDefinitions: properties.AttributeDefinitions as AttributeDefinition[],
          ...(billing === 'PROVISIONED' ? { ProvisionedThroughput: capacityOf(throughput) } : {}),
          ...indexesOf(properties, billing),
        }),
      );
      const table = describe(name);
      recordKey(table.attributes.Arn, properties);
      return table;
    },
    async update({ logicalId, properties, previous }) {
      refuseUnknownKey(logicalId, properties);
      // Global secondary indexes are added and removed in place, as DynamoDB's UpdateTable does
      // (one change per index); billing, TTL, tags and streams change nothing dynalite models.
      const billing = properties.BillingMode === 'PAY_PER_REQUEST' ? 'PAY_PER_REQUEST' : 'PROVISIONED';
      const before = new Set(globalIndexes(previous.properties).map((index) => index.IndexName));
      const after = globalIndexes(properties);
      const updates: GlobalSecondaryIndexUpdate[] = [
        ...[...before]
          .filter((name) => !after.some((index) => index.IndexName === name))
          .map((name) => ({ Delete: { IndexName: name } })),
        ...after
          .filter((index) => !before.has(index.IndexName))
          .map((index) => ({ Create: globalIndex(index, billing) })),
      ];
      for (const update of updates)
        await options.dynamodb.send(
          new UpdateTableCommand({
            TableName: previous.physicalId,
            AttributeDefinitions: properties.AttributeDefinitions as AttributeDefinition[],
            GlobalSecondaryIndexUpdates: [update],
          }),
        );
      const table = describe(previous.physicalId);
      recordKey(table.attributes.Arn, properties);
      return table;
    },
    async delete({ resource }) {
      await options.dynamodb.send(new DeleteTableCommand({ TableName: resource.physicalId }));
      options.kms?.encrypts(describe(resource.physicalId).attributes.Arn, undefined);
    },
    requiresReplacement: (previous, next) =>
      changedAny(['TableName', 'KeySchema', 'LocalSecondaryIndexes'], previous, next),
  };
}

/** A global secondary index as a template writes it (only the members DynamoDB's CreateTable takes are read). */
interface TemplateIndex {
  readonly IndexName: string;
  readonly KeySchema: KeySchemaElement[];
  readonly Projection: Projection;
  readonly ProvisionedThroughput?: { ReadCapacityUnits?: number; WriteCapacityUnits?: number };
}

function capacityOf(throughput: TemplateIndex['ProvisionedThroughput']) {
  return {
    ReadCapacityUnits: Number(throughput?.ReadCapacityUnits ?? 5),
    WriteCapacityUnits: Number(throughput?.WriteCapacityUnits ?? 5),
  };
}

function globalIndexes(properties: Readonly<Record<string, unknown>>): TemplateIndex[] {
  return (properties.GlobalSecondaryIndexes ?? []) as TemplateIndex[];
}

/** An index for CreateTable or UpdateTable: its name, keys and projection, and capacity when the table is provisioned. */
function globalIndex(index: TemplateIndex, billing: 'PAY_PER_REQUEST' | 'PROVISIONED'): GlobalSecondaryIndex {
  return {
    IndexName: index.IndexName,
    KeySchema: index.KeySchema,
    Projection: index.Projection,
    ...(billing === 'PROVISIONED' ? { ProvisionedThroughput: capacityOf(index.ProvisionedThroughput) } : {}),
  };
}

/** CreateTable's GlobalSecondaryIndexes and LocalSecondaryIndexes, from the template's. */
function indexesOf(
  properties: Readonly<Record<string, unknown>>,
  billing: 'PAY_PER_REQUEST' | 'PROVISIONED',
): { GlobalSecondaryIndexes?: GlobalSecondaryIndex[]; LocalSecondaryIndexes?: LocalSecondaryIndex[] } {
  const global = globalIndexes(properties);
  const local = (properties.LocalSecondaryIndexes ?? []) as TemplateIndex[];
  return {
    ...(global.length === 0 ? {} : { GlobalSecondaryIndexes: global.map((index) => globalIndex(index, billing)) }),
    ...(local.length === 0
      ? {}
      : {
          LocalSecondaryIndexes: local.map(({ IndexName, KeySchema, Projection }) => ({
            IndexName,
            KeySchema,
            Projection,
          })),
        }),
  };
}
