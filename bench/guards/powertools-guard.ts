import { randomUUID } from 'node:crypto';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { VISIBILITY_DUP } from '../../lib/settings';
import type { DeliveryOutcome, GuardContender } from './guard-contender';

/** The job as Powertools sees it: the idempotency key is `id`; `delivery` tells who ran it. */
interface PowertoolsJob {
  readonly id: string;
  readonly delivery: string;
}

/** A Lambda context whose remaining time is fixed (the claim's lease). */
function contextWithLease(leaseMs: number): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'bench',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:bench',
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: '/aws/lambda/bench',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => leaseMs,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Powertools idempotency (`makeIdempotent`, `IdempotencyConfig`, `DynamoDBPersistenceLayer`)
 * keyed by the job id. Its effect is the job itself, counted when the wrapped function
 * returns: Powertools records completion with an unconditional UpdateItem, so a delivery
 * whose lease lapsed still completes after a takeover.
 */
export function powertoolsGuard(client: DynamoDBClient, tableName: string): GuardContender {
  const persistenceStore = new DynamoDBPersistenceLayer({ tableName, keyAttr: 'id', awsSdkV3Client: client });
  const applied = new Map<string, number>();
  const wrapped = new Map<number, (job: PowertoolsJob, work: () => Promise<void>) => Promise<string>>();

  /** One idempotent function per lease, as one per Lambda function; built once and reused. */
  const forLease = (leaseMs: number): ((job: PowertoolsJob, work: () => Promise<void>) => Promise<string>) => {
    const existing = wrapped.get(leaseMs);
    if (existing !== undefined) return existing;
    const config = new IdempotencyConfig({
      eventKeyJmesPath: 'id',
      expiresAfterSeconds: VISIBILITY_DUP.completedRecordTtlSeconds,
    });
    config.registerLambdaContext(contextWithLease(leaseMs));
    const fn = makeIdempotent(
      async (job: PowertoolsJob, work: () => Promise<void>): Promise<string> => {
        await work();
        applied.set(job.id, (applied.get(job.id) ?? 0) + 1);
        return job.delivery;
      },
      { persistenceStore, config },
    );
    wrapped.set(leaseMs, fn);
    return fn;
  };

  return {
    name: 'powertools',
    async deliver(key, work, options): Promise<DeliveryOutcome> {
      const delivery = randomUUID();
      try {
        const ranBy = await forLease(options.leaseMs)({ id: key, delivery }, work);
        return ranBy === delivery ? 'completed' : 'duplicate';
      } catch (error) {
        if (error instanceof IdempotencyAlreadyInProgressError) return 'in-progress';
        return 'failed';
      }
    },
    effects: async (key) => applied.get(key) ?? 0,
  };
}
