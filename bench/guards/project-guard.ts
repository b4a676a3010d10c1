import { randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDbIdempotencyStore } from '../../lambda/core/dynamodb-idempotency-store';
import { ClaimLostError, IdempotencyInProgressError } from '../../lambda/core/errors';
import { runIdempotent } from '../../lambda/core/idempotency-guard';
import { VISIBILITY_DUP } from '../../lib/settings';
import type { DeliveryOutcome, GuardContender } from './guard-contender';

/**
 * The project's guard (lambda/core): claim, work, complete-with-effect fenced by the owner
 * token. The effect is the record's `effects` counter, applied by the completion write.
 * `reader` reads that counter outside the counted client.
 */
export function projectGuard(
  client: DynamoDBDocumentClient,
  tableName: string,
  reader: DynamoDBDocumentClient,
): GuardContender {
  const store = new DynamoDbIdempotencyStore(client, tableName);
  return {
    name: 'project',
    async deliver(key, work, options): Promise<DeliveryOutcome> {
      try {
        const outcome = await runIdempotent(key, work, {
          store,
          owner: randomUUID(),
          now: Date.now,
          remainingTimeMs: () => options.leaseMs,
          completedTtlSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
        });
        return outcome.kind;
      } catch (error) {
        if (error instanceof IdempotencyInProgressError) return 'in-progress';
        if (error instanceof ClaimLostError) return 'claim-lost';
        return 'failed';
      }
    },
    async effects(key) {
      const { Item } = await reader.send(
        new GetCommand({ TableName: tableName, Key: { messageId: key }, ConsistentRead: true }),
      );
      return Number(Item?.effects ?? 0);
    },
  };
}
