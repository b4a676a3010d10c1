import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

/** How a naive delivery ended. */
export type NaiveGuardOutcome = 'completed' | 'duplicate';

/**
 * The tutorial's guard: read the record (GetItem, eventually consistent), skip if it exists,
 * otherwise work and write the record (PutItem). Two copies that read before either writes
 * both run the work: there is no claim, no in-progress state and no fence.
 */
export async function naiveGuard(
  client: DynamoDBDocumentClient,
  tableName: string,
  key: string,
  work: () => Promise<void>,
  completedTtlSeconds: number,
): Promise<NaiveGuardOutcome> {
  const existing = await client.send(new GetCommand({ TableName: tableName, Key: { messageId: key } }));
  if (existing.Item !== undefined) return 'duplicate';
  await work();
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: { messageId: key, status: 'COMPLETED', expiresAt: Math.floor(Date.now() / 1000) + completedTtlSeconds },
    }),
  );
  return 'completed';
}
