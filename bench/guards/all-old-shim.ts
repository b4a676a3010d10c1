/**
 * Makes dynalite answer a failed conditional write the way DynamoDB does when the request
 * asks for `ReturnValuesOnConditionCheckFailure: ALL_OLD`: the existing item comes back on
 * the ConditionalCheckFailedException. The shim reads the item through another client, so
 * the counted client shows exactly the requests the code would send to AWS.
 */
import { type AttributeValue, type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

const SHIM_NAME = 'benchAllOldShim';

interface ConditionalWriteInput {
  readonly TableName?: string;
  readonly Key?: Record<string, AttributeValue>;
  readonly Item?: Record<string, AttributeValue>;
  readonly ReturnValuesOnConditionCheckFailure?: string;
}

/** Installs the shim on `client`; `reader` is an uncounted client on the same emulator. */
export function installAllOldShim(client: DynamoDBClient, reader: DynamoDBClient, keyAttribute: string): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        // By the build step the document client has marshalled the input to AttributeValues.
        const input = args.input as ConditionalWriteInput;
        const failed = error as { name?: string; Item?: Record<string, AttributeValue> };
        if (
          failed.name === 'ConditionalCheckFailedException' &&
          failed.Item === undefined &&
          input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD'
        ) {
          const key = input.Key ?? pick(input.Item, keyAttribute);
          if (input.TableName !== undefined && key !== undefined) {
            const { Item } = await reader.send(
              new GetItemCommand({ TableName: input.TableName, Key: key, ConsistentRead: true }),
            );
            failed.Item = Item;
          }
        }
        throw error;
      }
    },
    { step: 'build', name: SHIM_NAME, override: true },
  );
}

function pick(
  item: Record<string, AttributeValue> | undefined,
  attribute: string,
): Record<string, AttributeValue> | undefined {
  const value = item?.[attribute];
  return value === undefined ? undefined : { [attribute]: value };
}
