/**
 * What each of the fidelity layer's action handlers receives, and the readers they share for
 * the JSON request body.
 */
import type { CreateFauxqsMessage, FauxqsQueue, FauxqsStore } from './fauxqs-internals';
import type { SqsFidelityState } from './sqs-fidelity-state';
import { SqsApiError } from '../errors';

/** One request, as a layer handler sees it. */
export interface ActionContext {
  readonly action: string;
  readonly body: Record<string, unknown>;
  readonly store: FauxqsStore;
  readonly state: SqsFidelityState;
  /** fauxqs's message factory, for messages the layer creates (move tasks). */
  readonly createMessage: CreateFauxqsMessage;
  /** Runs fauxqs's own handler for `action` (this request's action by default) with `body`. */
  fauxqs(body?: Record<string, unknown>, action?: string): Promise<unknown>;
}

/** A layer handler for one action; it answers instead of fauxqs, or calls fauxqs itself. */
export type LayerAction = (context: ActionContext) => unknown;

/** The request body as a record (the JSON protocol always sends an object). */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A string member, or undefined. */
export function stringMember(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

/** A list member as records, or undefined when absent. */
export function recordList(body: Record<string, unknown>, key: string): Record<string, unknown>[] | undefined {
  const value = body[key];
  return Array.isArray(value) ? value.map(asRecord) : undefined;
}

/** A list member as strings ([] when absent). */
export function stringList(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A required parameter, or SQS's MissingParameter error. */
export function requireMember(body: Record<string, unknown>, key: string): unknown {
  const value = body[key];
  if (value === undefined || value === null) {
    throw new SqsApiError('MissingParameter', `The request must contain the parameter ${key}.`);
  }
  return value;
}

/** The queue the request's QueueUrl names, or AWS's errors for a missing or unknown one. */
export function requireQueue(context: ActionContext): FauxqsQueue {
  const url = requireMember(context.body, 'QueueUrl');
  const queue = typeof url === 'string' ? context.store.getQueue(url) : undefined;
  if (queue === undefined) throw new SqsApiError('QueueDoesNotExist', 'The specified queue does not exist.');
  return queue;
}
