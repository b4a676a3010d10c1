/// <reference path="../services/dynamodb/dynalite.d.ts" />
/**
 * Starts one protocol emulator in the calling thread: fauxqs behind the lab's SQS fidelity
 * layer, or dynalite. Each emulator thread (emulator-thread.ts) runs one. Neither emulator listens
 * by itself (fauxqs's `startFauxqs` would bind 0.0.0.0): the lab serves their request handlers
 * from its own loopback server, behind its guard (lab/common/serve-on-loopback.ts).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import dynalite from 'dynalite';
import { allowSqsCharacterSet } from '../services/sqs/fauxqs-fidelity';
import { buildFauxqsWithFidelity, type SqsFidelityOptions } from '../services/sqs/fidelity/sqs-fidelity-layer';
import { type QueueContentsPage, queueContents } from '../services/sqs/fidelity/queue-contents';
import type { MessageEvent } from '../services/sqs/fidelity/message-history';
import { queueHistory } from '../services/sqs/fidelity/queue-history';
import type { SqsLabClock } from '../services/sqs/fidelity/sqs-lab-clock';
import type { AttributeChangeLog } from '../services/sqs/fidelity/attribute-change-log';
import { SQS_MAX_REQUEST_BYTES, sqsRefusal } from '../services/sqs/errors';
import { sqsRequestsOnly } from '../services/sqs/sqs-requests-only';
import { DYNAMODB_MAX_REQUEST_BYTES, dynamodbRefusal } from '../services/dynamodb/errors';
import { LOOPBACK_ADDRESS, type LoopbackServer, serveOnLoopback } from '../common/serve-on-loopback';
import { serveEndpointFront } from '../gateway/endpoint-front';

/** Raised when an emulator cannot start (for example a missing Node feature). */
export class EmulatorStartError extends Error {
  override readonly name = 'EmulatorStartError';
}

/** One emulator, listening on loopback. */
export interface EmulatorServer {
  readonly port: number;
  /** Closes the server and every connection to it. */
  stop(): Promise<void>;
}

/** The SQS emulator, with the fidelity layer's clock and its log of queue attribute changes. */
export interface SqsEmulatorServer extends EmulatorServer {
  readonly clock: SqsLabClock;
  readonly attributeChanges: AttributeChangeLog;
  /** A page of every message `queueUrl` holds, read without receiving. */
  contents(queueUrl: string, page: { readonly offset: number; readonly limit: number }): QueueContentsPage;
  /** What SQS did with `queueUrl`'s last `limit` messages (and those moved to its DLQ). */
  messageHistory(queueUrl: string, limit: number): MessageEvent[];
  /**
   * Opens the lab's one endpoint in front of this emulator (lab/gateway/endpoint-front.ts): SQS
   * JSON calls answered here, the rest passed to `behind`. Resolves with its port.
   */
  openEndpointFront(behind: string, preferredPort: number): Promise<number>;
  /** Closes the front on `port`. */
  closeEndpointFront(port: number): Promise<void>;
}

/** fauxqs behind the fidelity layer, on `preferredPort` when it is free, else on a port the OS picks. */
export async function startSqsEmulator(
  preferredPort = 0,
  fidelity: SqsFidelityOptions = {},
): Promise<SqsEmulatorServer> {
  // fauxqs refuses emoji in message bodies; SQS does not (see fauxqs-fidelity.ts).
  await allowSqsCharacterSet();
  try {
    const { app, state } = await buildFauxqsWithFidelity(fidelity);
    const sqs = sqsRequestsOnly(app.routing);
    const server = await serveOnLoopback(sqs, {
      name: 'SQS',
      preferredPort,
      maxBodyBytes: SQS_MAX_REQUEST_BYTES,
      refuse: sqsRefusal,
    });
    const fronts = new Map<number, LoopbackServer>();
    return {
      port: server.port,
      clock: state.clock,
      attributeChanges: state.attributeChanges,
      contents(queueUrl, page) {
        if (state.store === undefined) throw new Error('the SQS fidelity layer has no store yet');
        return queueContents(state.store, queueUrl, page);
      },
      messageHistory(queueUrl, limit) {
        if (state.store === undefined) throw new Error('the SQS fidelity layer has no store yet');
        return queueHistory(state.store, state.history, queueUrl, limit);
      },
      async openEndpointFront(behind, frontPort) {
        const front = await serveEndpointFront({
          sqs,
          sqsHost: `${LOOPBACK_ADDRESS}:${server.port}`,
          sqsMaxBodyBytes: SQS_MAX_REQUEST_BYTES,
          behind,
          preferredPort: frontPort,
        });
        fronts.set(front.port, front);
        return front.port;
      },
      async closeEndpointFront(frontPort) {
        await fronts.get(frontPort)?.stop();
        fronts.delete(frontPort);
      },
      async stop() {
        await Promise.all([...fronts.values()].map((front) => front.stop()));
        // fauxqs's close hook also ends pending long polls.
        state.stop();
        await app.close();
        await server.stop();
      },
    };
  } catch (error) {
    throw new EmulatorStartError(`fauxqs (SQS emulator) did not start: ${String(error)}`, { cause: error });
  }
}

/** dynalite with instant table changes, on `preferredPort` when it is free, else on a port the OS picks. */
export async function startDynamoDbEmulator(preferredPort = 0): Promise<EmulatorServer> {
  // dynalite hands back a server that does not listen yet; the lab listens on loopback with it.
  const unbound: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  surviveAbortedRequests(unbound);
  try {
    const server = await serveOnLoopback(unbound, {
      name: 'DynamoDB',
      preferredPort,
      maxBodyBytes: DYNAMODB_MAX_REQUEST_BYTES,
      refuse: dynamodbRefusal,
    });
    return { port: server.port, stop: () => server.stop() };
  } catch (error) {
    throw new EmulatorStartError(`dynalite (DynamoDB emulator) did not start: ${String(error)}`, { cause: error });
  }
}

/**
 * dynalite rethrows a request's `error` event (`req.on('error', err => { throw err })`), so one
 * client that disconnects before its body is complete (Node's `aborted`: a function environment
 * killed or timed out while its request was going out) ended the whole emulator thread. A
 * request dropped by its client is that client's loss only, as on AWS: its socket is closed
 * and the server goes on.
 */
function surviveAbortedRequests(server: Server): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const before = new Set(request.listeners('error'));
    for (const listener of listeners) listener.call(server, request, response);
    for (const added of request.listeners('error')) {
      if (!before.has(added)) request.off('error', added as (error: Error) => void);
    }
    request.on('error', () => response.destroy());
  });
}
