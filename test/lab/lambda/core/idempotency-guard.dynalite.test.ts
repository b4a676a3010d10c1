import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDbIdempotencyStore } from '#lambda/core/dynamodb-idempotency-store';
import { ClaimLostError, IdempotencyInProgressError } from '#lambda/core/errors';
import { type GuardContext, runIdempotent } from '#lambda/core/idempotency-guard';
import type { IdempotencyStore } from '#lambda/core/idempotency-store';

// The guard's condition expressions, run against a real DynamoDB implementation.
const server = dynalite({ createTableMs: 0 });
let client: DynamoDBDocumentClient;
let store: DynamoDbIdempotencyStore;
let clock = 1_700_000_000_000;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const raw = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1' });
  await raw.send(
    new CreateTableCommand({
      TableName: 'IdemTable',
      KeySchema: [{ AttributeName: 'messageId', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'messageId', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  client = DynamoDBDocumentClient.from(raw);
  store = new DynamoDbIdempotencyStore(client, 'IdemTable');
});

afterAll(async () => {
  client.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function context(owner: string, remainingMs = 30_000): GuardContext {
  return { store, owner, now: () => clock, remainingTimeMs: () => remainingMs, completedTtlSeconds: 3600 };
}

/** The real store's methods, bound, so a test can replace one of them. */
function wrapStore(): IdempotencyStore {
  return {
    claim: (request) => store.claim(request),
    completeWithEffect: (key, owner, expiresAt) => store.completeWithEffect(key, owner, expiresAt),
    release: (key, owner) => store.release(key, owner),
    applyUnguardedEffect: (key, expiresAt) => store.applyUnguardedEffect(key, expiresAt),
  };
}

function throttled(): Error {
  return Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
}

async function effectsOf(key: string): Promise<number | undefined> {
  const { Item } = await client.send(
    new GetCommand({ TableName: 'IdemTable', Key: { messageId: key }, ConsistentRead: true }),
  );
  return Item?.effects as number | undefined;
}

describe('idempotency guard on dynalite', () => {
  it('two deliveries one after the other: one effect, the second is a duplicate', async () => {
    const first = await runIdempotent('seq', async () => undefined, context('a'));
    const second = await runIdempotent('seq', async () => undefined, context('b'));

    expect(first).toEqual({ kind: 'completed', effects: 1 });
    expect(second).toEqual({ kind: 'duplicate', effects: 1 });
    expect(await effectsOf('seq')).toBe(1);
  });

  it('a duplicate during the work is refused as in progress, and the effect happens once', async () => {
    let duplicate: Promise<unknown> | undefined;
    await runIdempotent(
      'overlap',
      async () => {
        duplicate = runIdempotent('overlap', async () => undefined, context('b')).catch((error: unknown) => error);
        await duplicate;
      },
      context('a'),
    );

    expect(await duplicate).toBeInstanceOf(IdempotencyInProgressError);
    expect(await effectsOf('overlap')).toBe(1);
  });

  it('a claim that lapsed is taken over, and the old owner can no longer complete', async () => {
    const takeover = 'takeover';
    let oldOwnerCompletion: unknown;
    await expect(
      runIdempotent(
        takeover,
        async () => {
          // While "a" works past its claim's expiry, "b" takes over and completes.
          clock += 31_000;
          await runIdempotent(takeover, async () => undefined, context('b'));
        },
        context('a'),
      ).catch((error: unknown) => {
        oldOwnerCompletion = error;
        throw error;
      }),
    ).rejects.toBeInstanceOf(ClaimLostError);

    expect(oldOwnerCompletion).toBeInstanceOf(ClaimLostError);
    expect(await effectsOf(takeover)).toBe(1);
  });

  it('a failed work releases the claim so the retry runs at once', async () => {
    await expect(runIdempotent('fails', async () => Promise.reject(new Error('x')), context('a'))).rejects.toThrow('x');

    const retry = await runIdempotent('fails', async () => undefined, context('b'));

    expect(retry).toEqual({ kind: 'completed', effects: 1 });
  });

  it('a completion that failed releases the claim, so the retry runs at once and applies the effect once', async () => {
    const throttledOnce = { ...wrapStore(), completeWithEffect: async () => Promise.reject(throttled()) };

    await expect(
      runIdempotent('complete-fails', async () => undefined, { ...context('a'), store: throttledOnce }),
    ).rejects.toThrow('throttled');
    const retry = await runIdempotent('complete-fails', async () => undefined, context('b'));

    expect(retry).toEqual({ kind: 'completed', effects: 1 });
  });

  it('a completion that landed but whose answer was lost is not undone by the release', async () => {
    const answerLost = {
      ...wrapStore(),
      completeWithEffect: async (key: string, owner: string, expiresAt: number) => {
        await store.completeWithEffect(key, owner, expiresAt);
        throw throttled();
      },
    };

    await expect(
      runIdempotent('answer-lost', async () => undefined, { ...context('a'), store: answerLost }),
    ).rejects.toThrow('throttled');
    const retry = await runIdempotent('answer-lost', async () => undefined, context('b'));

    expect(retry).toEqual({ kind: 'duplicate', effects: 1 });
    expect(await effectsOf('answer-lost')).toBe(1);
  });

  it('a completed record past its expiry is treated as absent', async () => {
    await runIdempotent('expires', async () => undefined, context('a'));
    clock += 3601_000;

    const again = await runIdempotent('expires', async () => undefined, context('b'));

    expect(again).toEqual({ kind: 'completed', effects: 2 });
  });

  it('without the guard every delivery applies the effect', async () => {
    await store.applyUnguardedEffect('unguarded', 0);
    await store.applyUnguardedEffect('unguarded', 0);

    expect(await effectsOf('unguarded')).toBe(2);
  });
});
