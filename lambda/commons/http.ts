import type { APIGatewayProxyResult } from 'aws-lambda';

/** A proxy-integration response with a JSON body. */
export function jsonResponse(statusCode: number, body: unknown): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
}
