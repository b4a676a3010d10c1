import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { VISIBILITY_DUP } from '../../lib/settings';
import { naiveGuard } from '../baseline/naive-guard';
import type { DeliveryOutcome, GuardContender } from './guard-contender';

/** The tutorial's GetItem-then-PutItem guard; its effect is the job itself, counted when it completes. */
export function naiveGuardContender(client: DynamoDBDocumentClient, tableName: string): GuardContender {
  const applied = new Map<string, number>();
  return {
    name: 'naive',
    async deliver(key, work): Promise<DeliveryOutcome> {
      try {
        return await naiveGuard(
          client,
          tableName,
          key,
          async () => {
            await work();
            applied.set(key, (applied.get(key) ?? 0) + 1);
          },
          VISIBILITY_DUP.completedRecordTtlSeconds,
        );
      } catch {
        return 'failed';
      }
    },
    effects: async (key) => applied.get(key) ?? 0,
  };
}
