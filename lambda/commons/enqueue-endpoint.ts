import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { EnqueueFailedError, RequestValidationError } from '../core/errors';
import { parseJsonObjectBody } from '../core/request-body';
import { jsonResponse } from './http';
import type { Logger } from './logger';
import { describeError } from '../core/describe-error';

/** The two steps that differ between the producers. */
export interface EnqueueSteps<Request> {
  /** A valid body, quoted in error messages. */
  readonly example: string;
  /** Validates the decoded body; throws RequestValidationError. */
  readonly parse: (body: Record<string, unknown>) => Request;
  /** Sends the message(s); the result is the 202 body. */
  readonly enqueue: (request: Request) => Promise<Record<string, unknown>>;
}

/**
 * `POST /enqueue` for either stack: decode and validate the body, enqueue, and map every
 * outcome to a JSON response. A client mistake is a 4xx naming the problem; an SQS failure is
 * a 503 saying what was and was not sent. Nothing is thrown, so API Gateway never turns an
 * error into a bare 500 or a stack trace.
 */
export async function answerEnqueue<Request>(
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded' | 'headers' | 'httpMethod'>,
  logger: Logger,
  steps: EnqueueSteps<Request>,
): Promise<APIGatewayProxyResult> {
  if (event.httpMethod !== undefined && event.httpMethod !== 'POST') {
    return jsonResponse(405, { error: `method ${event.httpMethod} is not allowed; use POST` });
  }
  let request: Request;
  try {
    request = steps.parse(parseJsonObjectBody(event, steps.example));
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    logger.warn('rejected', `Rejected: ${error.message}`, { statusCode: error.statusCode });
    return jsonResponse(error.statusCode, { error: error.message });
  }
  try {
    return jsonResponse(202, await steps.enqueue(request));
  } catch (error) {
    if (error instanceof EnqueueFailedError) {
      logger.error('enqueue-failed', error.message, { failedIds: error.failedIds, sentIds: error.sentIds });
      return jsonResponse(503, { error: error.message, failedIds: error.failedIds, sentIds: error.sentIds });
    }
    const { errorName, errorMessage } = describeError(error);
    logger.error('enqueue-failed', `Could not enqueue: ${errorName}: ${errorMessage}`, { errorName });
    return jsonResponse(503, { error: `could not enqueue (${errorName}); nothing was sent, try again` });
  }
}
