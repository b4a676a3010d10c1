/**
 * Counts the AWS requests an SDK v3 client sends, by `Service.Operation`, with one
 * middleware on the client's own stack. It sits below the retry middleware, so a retried
 * call counts once per attempt: every attempt is a request AWS bills.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';

/** Requests per `Service.Operation`, e.g. `{ "SQS.SendMessageBatch": 10 }`. */
export type CallCounts = Record<string, number>;

/** A live counter on one client. */
export interface CallCounter {
  /** A copy of the counts so far. */
  snapshot(): CallCounts;
  /** Sets every count back to zero. */
  reset(): void;
  /** Removes the middleware from the client. */
  detach(): void;
}

/** The clients the bench instruments (a DynamoDBDocumentClient shares its base client's stack). */
export type CountableClient = SQSClient | DynamoDBClient;

const MIDDLEWARE_NAME = 'benchAwsCallCounter';

/** `SQSClient` + `SendMessageBatchCommand` → `SQS.SendMessageBatch`. */
function callName(clientName: string | undefined, commandName: string | undefined): string {
  const service = (clientName ?? 'Unknown').replace(/Client$/, '');
  const operation = (commandName ?? 'Unknown').replace(/Command$/, '');
  return `${service}.${operation}`;
}

/** Starts counting the requests `client` sends. One counter per client at a time. */
export function countAwsCalls(client: CountableClient): CallCounter {
  const counts: CallCounts = {};
  // Both clients' stacks accept the same middleware; the union's `add` overloads do not unify.
  const stack = client.middlewareStack as SQSClient['middlewareStack'];
  stack.add(
    (next, context) => async (args) => {
      const name = callName(context.clientName, context.commandName);
      counts[name] = (counts[name] ?? 0) + 1;
      return next(args);
    },
    { step: 'deserialize', name: MIDDLEWARE_NAME, override: true },
  );
  return {
    snapshot: () => ({ ...counts }),
    reset: () => {
      for (const key of Object.keys(counts)) delete counts[key];
    },
    detach: () => {
      stack.remove(MIDDLEWARE_NAME);
    },
  };
}

/** `after − before`, per operation, leaving out operations that did not change. */
export function diffCounts(after: CallCounts, before: CallCounts = {}): CallCounts {
  const diff: CallCounts = {};
  for (const [name, value] of Object.entries(after)) {
    const delta = value - (before[name] ?? 0);
    if (delta !== 0) diff[name] = delta;
  }
  return diff;
}

/** One operation's count, 0 when absent. */
export function countOf(counts: CallCounts, name: string): number {
  return counts[name] ?? 0;
}
