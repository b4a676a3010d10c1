import { type AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ClaimLostError } from './errors';
import type { ClaimRequest, ClaimResult, IdempotencyStore } from './idempotency-store';

/** Record status values, as stored in the `status` attribute. */
export const STATUS_IN_PROGRESS = 'INPROGRESS';
export const STATUS_COMPLETED = 'COMPLETED';

/**
 * The guard's record in the table, one item per id:
 * `messageId` (key), `status`, `owner` (claim token), `inProgressExpiresAt` (epoch ms),
 * `expiresAt` (epoch s, the TTL attribute), `effects` (how many times the effect ran).
 */
export interface GuardRecord {
  readonly messageId: string;
  readonly status?: string;
  readonly owner?: string;
  readonly inProgressExpiresAt?: number;
  readonly expiresAt?: number;
  readonly effects?: number;
}

const NAMES = {
  '#status': 'status',
  '#owner': 'owner',
  '#ipExp': 'inProgressExpiresAt',
  '#exp': 'expiresAt',
  '#effects': 'effects',
};

/**
 * IdempotencyStore on a DynamoDB table keyed by `messageId`.
 *
 * Which states a claim may overwrite (time runs left to right):
 *
 *   (no record) ──claim──▶ INPROGRESS(owner A, until T) ──complete(A)──▶ COMPLETED(until E)
 *                               │  now > T: B may claim          │  now > E (TTL): claimable again
 *                               └──release(A)──▶ (status removed) ──claim──▶ …
 *
 * Completion is one UpdateItem that sets COMPLETED and adds 1 to `effects`, conditioned on
 * `owner = A`: a delivery whose claim lapsed and was taken over cannot apply the effect again.
 * Claims are UpdateItem too (not PutItem), so the `effects` counter survives a takeover.
 */
export class DynamoDbIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(request: ClaimRequest): Promise<ClaimResult> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { messageId: request.key },
          UpdateExpression: 'SET #status = :inProgress, #owner = :owner, #ipExp = :ipExp, #exp = :exp',
          ConditionExpression:
            'attribute_not_exists(#status) OR (#status = :inProgress AND #ipExp < :nowMs) OR (#status = :completed AND #exp < :nowSeconds)',
          ExpressionAttributeNames: NAMES_FOR_CLAIM,
          ExpressionAttributeValues: {
            ':inProgress': STATUS_IN_PROGRESS,
            ':completed': STATUS_COMPLETED,
            ':owner': request.owner,
            ':ipExp': request.inProgressExpiresAtMs,
            ':exp': request.recordExpiresAtSeconds,
            ':nowMs': request.nowMs,
            ':nowSeconds': Math.floor(request.nowMs / 1000),
          },
          // AWS returns the blocking record with the error, saving a read. Some emulators
          // (dynalite) do not; then one consistent read fills the gap.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'claimed' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = error.Item ? fromAttributeValues(error.Item) : await this.read(request.key);
      return classifyBlockingRecord(existing);
    }
  }

  async completeWithEffect(key: string, owner: string, recordExpiresAtSeconds: number): Promise<number> {
    try {
      const result = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { messageId: key },
          UpdateExpression: 'SET #status = :completed, #exp = :exp REMOVE #ipExp ADD #effects :one',
          ConditionExpression: '#owner = :owner AND #status = :inProgress',
          ExpressionAttributeNames: NAMES,
          ExpressionAttributeValues: {
            ':completed': STATUS_COMPLETED,
            ':inProgress': STATUS_IN_PROGRESS,
            ':owner': owner,
            ':exp': recordExpiresAtSeconds,
            ':one': 1,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.effects ?? 0);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new ClaimLostError(key);
      throw error;
    }
  }

  async release(key: string, owner: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { messageId: key },
          UpdateExpression: 'REMOVE #status, #owner, #ipExp',
          ConditionExpression: '#owner = :owner AND #status = :inProgress',
          ExpressionAttributeNames: NAMES_FOR_RELEASE,
          ExpressionAttributeValues: { ':owner': owner, ':inProgress': STATUS_IN_PROGRESS },
        }),
      );
    } catch (error) {
      // Someone else holds the claim now: theirs to finish.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async applyUnguardedEffect(key: string, recordExpiresAtSeconds: number): Promise<number> {
    const result = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { messageId: key },
        UpdateExpression: 'SET #exp = :exp ADD #effects :one',
        ExpressionAttributeNames: NAMES_FOR_EFFECT,
        ExpressionAttributeValues: { ':exp': recordExpiresAtSeconds, ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.effects ?? 0);
  }

  private async read(key: string): Promise<GuardRecord | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { messageId: key }, ConsistentRead: true }),
    );
    return result.Item as GuardRecord | undefined;
  }
}

// DynamoDB refuses expression attribute names an expression does not use.
const NAMES_FOR_CLAIM = {
  '#status': NAMES['#status'],
  '#owner': NAMES['#owner'],
  '#ipExp': NAMES['#ipExp'],
  '#exp': NAMES['#exp'],
};
const NAMES_FOR_RELEASE = { '#status': NAMES['#status'], '#owner': NAMES['#owner'], '#ipExp': NAMES['#ipExp'] };
const NAMES_FOR_EFFECT = { '#exp': NAMES['#exp'], '#effects': NAMES['#effects'] };

/**
 * Turns the record that blocked a claim into the guard's view of it. A record that no longer
 * blocks (it lapsed between the write and the read) is reported as in progress: retrying
 * later is always safe, acknowledging would not be.
 */
export function classifyBlockingRecord(record: GuardRecord | undefined): ClaimResult {
  if (record?.status === STATUS_COMPLETED) return { kind: 'completed', effects: Number(record.effects ?? 0) };
  return { kind: 'in-progress', expiresAtMs: record?.inProgressExpiresAt };
}

/** Reads the guard's attributes from the low-level item ALL_OLD returns with the error. */
function fromAttributeValues(item: Record<string, AttributeValue>): GuardRecord {
  const text = (name: string): string | undefined => item[name]?.S;
  const number = (name: string): number | undefined => {
    const value = item[name]?.N;
    return value === undefined ? undefined : Number(value);
  };
  return {
    messageId: text('messageId') ?? '',
    status: text('status'),
    owner: text('owner'),
    inProgressExpiresAt: number('inProgressExpiresAt'),
    expiresAt: number('expiresAt'),
    effects: number('effects'),
  };
}
