/**
 * SQS JSON-protocol actions sent to a fidelity app built in this thread, through Fastify's
 * `inject` (no socket, no emulator thread): for the bench's in-process sections and for tests
 * that read the layer's state beside the answers.
 */
import type { FauxqsApp } from './sqs-fidelity-layer';

/** One answer: its HTTP status, its body, and the body parsed (an empty object when it is not JSON). */
export interface InjectedSqsAnswer {
  readonly statusCode: number;
  readonly body: string;
  readonly json: Record<string, unknown>;
}

/** A function that sends `action` with `body` to `app` and returns the answer. */
export function injectedSqsCall(app: FauxqsApp): (action: string, body: object) => Promise<InjectedSqsAnswer> {
  return async (action, body) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
      payload: JSON.stringify(body),
    });
    let json: Record<string, unknown> = {};
    try {
      json = reply.json();
    } catch {
      // Not JSON: the status and body say what happened.
    }
    return { statusCode: reply.statusCode, body: reply.body, json };
  };
}
