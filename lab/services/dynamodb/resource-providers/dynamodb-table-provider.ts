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
import { generatedName } from '../../cloudformation/generated-name';

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
