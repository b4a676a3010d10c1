/**
 * A function's settings for asynchronous invocation (`AWS::Lambda::EventInvokeConfig`,
 * PutFunctionEventInvokeConfig), and the invocation record Lambda sends to a destination.
 *
 * "By default, Lambda retries an asynchronous invocation twice if the function returns an error.
 * It retains events in a queue for up to six hours" (CloudFormation reference,
 * AWS::Lambda::EventInvokeConfig); "with a one-minute wait between the first two attempts, and
 * two minutes between the second and third attempts" (Lambda developer guide, "How Lambda
 * handles errors and retries with asynchronous invocation"). The record's shape is the one the
 * CDK's aws-lambda-destinations README shows ("Invocation record").
 */
import { boundedMember } from './bounded-member';
import { invokeResponsePayload } from './invoke-response-payload';
import type { InvocationResult } from './runtime/local-function';

/** What a function's asynchronous invocations follow. */
export interface EventInvokeConfig {
  /** Retries after a function error: 0 to 2. */
  readonly maximumRetryAttempts: number;
  /** How long an event may wait to be run, in seconds: 60 to 21,600. */
  readonly maximumEventAgeSeconds: number;
  /** Where the record of a successful invocation goes (a queue, topic or function ARN). */
  readonly onSuccess?: string;
  /** Where the record of an event that failed every attempt, or aged out, goes. */
  readonly onFailure?: string;
}

/** Lambda's defaults: two retries, six hours, no destination. */
export const DEFAULT_EVENT_INVOKE_CONFIG: EventInvokeConfig = {
  maximumRetryAttempts: 2,
  maximumEventAgeSeconds: 21_600,
};

/** The waits before the second and third attempts: one minute, then two. */
export const ASYNC_RETRY_DELAYS_MS: readonly number[] = [60_000, 120_000];

/** The configuration a template's properties (or an API body in the same names) ask for, checked as Lambda checks it. */
export function eventInvokeConfigOf(properties: Readonly<Record<string, unknown>>): EventInvokeConfig {
  const retries = Number(properties.MaximumRetryAttempts ?? DEFAULT_EVENT_INVOKE_CONFIG.maximumRetryAttempts);
  const age = Number(properties.MaximumEventAgeInSeconds ?? DEFAULT_EVENT_INVOKE_CONFIG.maximumEventAgeSeconds);
  const maximumRetryAttempts = boundedMember(retries, 'maximumRetryAttempts', { min: 0, max: 2 });
  const maximumEventAgeSeconds = boundedMember(age, 'maximumEventAgeInSeconds', { min: 60, max: 21_600 });
  const destinations = record(properties.DestinationConfig);
  const onSuccess = destinationOf(destinations.OnSuccess);
  const onFailure = destinationOf(destinations.OnFailure);
  return {
    maximumRetryAttempts,
    maximumEventAgeSeconds,
    ...(onSuccess === undefined ? {} : { onSuccess }),
    ...(onFailure === undefined ? {} : { onFailure }),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function destinationOf(value: unknown): string | undefined {
  const destination = record(value).Destination;
  return typeof destination === 'string' && destination !== '' ? destination : undefined;
}

/** Why a record is sent: `Success`, every attempt failed, or the event waited too long. */
export type InvocationCondition = 'Success' | 'RetriesExhausted' | 'EventAgeExceeded';

/** The invocation record Lambda sends to a destination. */
export interface InvocationRecord {
  readonly version: '1.0';
  readonly timestamp: string;
  readonly requestContext: {
    readonly requestId: string;
    readonly functionArn: string;
    readonly condition: InvocationCondition;
    readonly approximateInvokeCount: number;
  };
  readonly requestPayload: unknown;
  readonly responseContext: {
    readonly statusCode: number;
    readonly executedVersion: '$LATEST';
    readonly functionError?: 'Unhandled';
  };
  readonly responsePayload: unknown;
}

/** The record of an event's last attempt (`result`), or of an event that aged out before it (no result). */
export function invocationRecord(options: {
  readonly functionArn: string;
  readonly event: unknown;
  readonly result: InvocationResult | undefined;
  readonly requestId: string;
  readonly condition: InvocationCondition;
  readonly attempts: number;
  readonly at: Date;
}): InvocationRecord {
  const { result } = options;
  return {
    version: '1.0',
    timestamp: options.at.toISOString(),
    requestContext: {
      requestId: options.requestId,
      functionArn: `${options.functionArn}:$LATEST`,
      condition: options.condition,
      approximateInvokeCount: options.attempts,
    },
    requestPayload: options.event,
    responseContext: {
      statusCode: 200,
      executedVersion: '$LATEST',
      ...(result === undefined || result.status === 'success' ? {} : { functionError: 'Unhandled' as const }),
    },
    // What Invoke would have answered: the handler's result, or the runtime's error document.
    responsePayload: result === undefined ? null : invokeResponsePayload(result),
  };
}
