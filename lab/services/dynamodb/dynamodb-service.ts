/**
 * The lab's side of DynamoDB (the tables themselves live in dynalite): a client on the
 * emulator, the prefix of the lab's table names, and the removal of the lab's tables from
 * emulators it shares with other labs.
 */
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** One lab's tables on the DynamoDB emulator. */
export class DynamoDbService {
  constructor(
    readonly client: DynamoDBClient,
    /** Prefix of every table name the lab creates. */
    readonly namePrefix: string,
  ) {}

  /** Deletes the tables; failures are ignored. */
  async deleteTables(tableNames: readonly string[]): Promise<void> {
    await Promise.allSettled(tableNames.map((TableName) => this.client.send(new DeleteTableCommand({ TableName }))));
  }
}
