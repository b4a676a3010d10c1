import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDbIdempotencyStore } from '#lambda/core/dynamodb-idempotency-store';
import { ClaimLostError, IdempotencyInProgressError } from '#lambda/core/errors';
import { type GuardContext, runIdempotent } from '#lambda/core/idempotency-guard';

const ddbMock = mockAwsClient(DynamoDBDocumentClient);
const NOW = 1_700_000_000_000;

function conditionFailed(item?: Record<string, { S?: string; N?: string }>): ConditionalCheckFailedException {
  const error = new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  if (item) Object.assign(error, { Item: item });
  return error;
}

function guardContext(overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    store: new DynamoDbIdempotencyStore(DynamoDBDocumentClient.from(new DynamoDBClient({})), 'IdemTable'),
    owner: 'req-1/abc',
    now: () => NOW,
    remainingTimeMs: () => 29_000,
    completedTtlSeconds: 3600,
    ...overrides,
  };
}

function updates(): {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeValues?: Record<string, unknown>;
}[] {
  return ddbMock.commandCalls(UpdateCommand).map((call) => call.args[0].input);
}

afterEach(() => {
  ddbMock.reset();
});

describe('runIdempotent with the DynamoDB store', () => {
  it('first delivery: claims with an owner token and expiry from the remaining time, works, completes with the effect', async () => {
    ddbMock
      .on(UpdateCommand)
      .resolvesOnce({})
      .resolvesOnce({ Attributes: { effects: 1 } });
    const work = vi.fn(async () => undefined);

    const outcome = await runIdempotent('msg-1', work, guardContext());

    expect(outcome).toEqual({ kind: 'completed', effects: 1 });
    expect(work).toHaveBeenCalledTimes(1);
    const [claim, complete] = updates();
    expect(claim?.ConditionExpression).toMatch(/attribute_not_exists\(#status\)/);
    expect(claim?.ExpressionAttributeValues).toMatchObject({ ':owner': 'req-1/abc', ':ipExp': NOW + 29_000 });
    expect(complete?.UpdateExpression).toMatch(/ADD #effects :one/);
    expect(complete?.ConditionExpression).toBe('#owner = :owner AND #status = :inProgress');
    expect(complete?.ExpressionAttributeValues).toMatchObject({ ':owner': 'req-1/abc' });
    // Two writes, no read.
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('duplicate while in progress: throws IdempotencyInProgressError and does not work (not acknowledged)', async () => {
    ddbMock.on(UpdateCommand).rejects(
      conditionFailed({
        messageId: { S: 'msg-1' },
        status: { S: 'INPROGRESS' },
        inProgressExpiresAt: { N: String(NOW + 20_000) },
      }),
    );
    const work = vi.fn(async () => undefined);

    const attempt = runIdempotent('msg-1', work, guardContext());

    await expect(attempt).rejects.toBeInstanceOf(IdempotencyInProgressError);
    await expect(attempt).rejects.toMatchObject({ inProgressExpiresAtMs: NOW + 20_000 });
    expect(work).not.toHaveBeenCalled();
    expect(updates()).toHaveLength(1);
  });

  it('duplicate after completion: skips the work and reports a duplicate (acknowledged)', async () => {
    ddbMock
      .on(UpdateCommand)
      .rejects(conditionFailed({ messageId: { S: 'msg-1' }, status: { S: 'COMPLETED' }, effects: { N: '1' } }));
    const work = vi.fn(async () => undefined);

    const outcome = await runIdempotent('msg-1', work, guardContext());

    expect(outcome).toEqual({ kind: 'duplicate', effects: 1 });
    expect(work).not.toHaveBeenCalled();
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('reads the blocking record once when the error does not carry it (emulators)', async () => {
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    ddbMock.on(GetCommand).resolves({ Item: { messageId: 'msg-1', status: 'COMPLETED', effects: 1 } });

    const outcome = await runIdempotent('msg-1', async () => undefined, guardContext());

    expect(outcome).toEqual({ kind: 'duplicate', effects: 1 });
    expect(ddbMock.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({ ConsistentRead: true });
  });

  it('expired claim: the claim condition lets a later delivery take over a lapsed in-progress record', async () => {
    ddbMock
      .on(UpdateCommand)
      .resolvesOnce({})
      .resolvesOnce({ Attributes: { effects: 1 } });

    await runIdempotent('msg-1', async () => undefined, guardContext({ owner: 'req-2/def' }));

    const [claim] = updates();
    expect(claim?.ConditionExpression).toContain('(#status = :inProgress AND #ipExp < :nowMs)');
    expect(claim?.ExpressionAttributeValues).toMatchObject({ ':nowMs': NOW, ':owner': 'req-2/def' });
  });

  it('work fails: releases the claim (conditioned on the owner) and rethrows', async () => {
    ddbMock.on(UpdateCommand).resolves({});
    const failure = new Error('work broke');

    await expect(runIdempotent('msg-1', async () => Promise.reject(failure), guardContext())).rejects.toBe(failure);

    const [, release] = updates();
    expect(release?.UpdateExpression).toBe('REMOVE #status, #owner, #ipExp');
    expect(release?.ConditionExpression).toBe('#owner = :owner AND #status = :inProgress');
  });

  it('work fails and the release fails too: reports the release error, rethrows the work error', async () => {
    ddbMock
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    const onReleaseError = vi.fn();
    const failure = new Error('work broke');

    await expect(
      runIdempotent('msg-1', async () => Promise.reject(failure), guardContext({ onReleaseError })),
    ).rejects.toBe(failure);
    expect(onReleaseError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'ProvisionedThroughputExceededException' }),
    );
  });

  it("claim taken over before completion: ClaimLostError, the effect is not applied and the new owner's claim is left alone", async () => {
    ddbMock.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());

    await expect(runIdempotent('msg-1', async () => undefined, guardContext())).rejects.toBeInstanceOf(ClaimLostError);
    expect(updates()).toHaveLength(2);
  });

  it('completion throttled: releases the claim (fenced on owner and INPROGRESS) so the retry runs at once, and rethrows', async () => {
    const throttled = Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    ddbMock.on(UpdateCommand).resolvesOnce({}).rejectsOnce(throttled).resolvesOnce({});

    await expect(runIdempotent('msg-1', async () => undefined, guardContext())).rejects.toBe(throttled);

    const [, complete, release] = updates();
    expect(complete?.UpdateExpression).toMatch(/ADD #effects :one/);
    expect(release?.UpdateExpression).toBe('REMOVE #status, #owner, #ipExp');
    expect(release?.ConditionExpression).toBe('#owner = :owner AND #status = :inProgress');
    expect(release?.ExpressionAttributeValues).toMatchObject({ ':owner': 'req-1/abc' });
  });

  it('a throttled claim propagates (the message is retried, nothing is acknowledged)', async () => {
    ddbMock
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    const work = vi.fn(async () => undefined);

    await expect(runIdempotent('msg-1', work, guardContext())).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
    });
    expect(work).not.toHaveBeenCalled();
  });
});
