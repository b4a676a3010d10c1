/**
 * Entry of an emulator's own thread (bundled to `.lab/runtime/emulator-thread.mjs`): starts the
 * emulator `workerData` names and answers the lab's requests (emulator-thread-protocol.ts).
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { labOrigins } from '../common/lab-origins';
import type {
  EmulatorThreadData,
  EmulatorThreadMessage,
  EmulatorThreadRequest,
  EmulatorThreadValue,
} from './emulator-thread-protocol';
import {
  type EmulatorServer,
  type SqsEmulatorServer,
  startDynamoDbEmulator,
  startSqsEmulator,
} from './emulator-servers';

const port = parentPort;
if (port === null) throw new Error('emulator-thread.ts runs only as a worker thread');
const data = workerData as EmulatorThreadData;

function post(message: EmulatorThreadMessage): void {
  port?.postMessage(message);
}

/** A full collection in this thread's heap (the flag is process-wide; the context is this isolate's). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function answer(
  server: EmulatorServer,
  request: EmulatorThreadRequest,
): Promise<EmulatorThreadValue | undefined> {
  switch (request.op) {
    case 'queue-attribute-changes': {
      const log = (server as Partial<SqsEmulatorServer>).attributeChanges;
      if (log === undefined) throw new Error('this emulator thread has no SQS attribute change log');
      return log.changes(request.queueUrl);
    }
    case 'queue-contents': {
      const sqs = server as Partial<SqsEmulatorServer>;
      if (sqs.contents === undefined) throw new Error('this emulator thread has no SQS queues');
      return sqs.contents(request.queueUrl, { offset: request.offset, limit: request.limit });
    }
    case 'message-history': {
      const sqs = server as Partial<SqsEmulatorServer>;
      if (sqs.messageHistory === undefined) throw new Error('this emulator thread has no SQS queues');
      return sqs.messageHistory(request.queueUrl, request.limit);
    }
    case 'advance-sqs-clock': {
      const clock = (server as Partial<SqsEmulatorServer>).clock;
      if (clock === undefined) throw new Error('this emulator thread has no SQS clock');
      clock.advance(request.ms);
      return undefined;
    }
    case 'open-endpoint-front': {
      const sqs = server as Partial<SqsEmulatorServer>;
      if (sqs.openEndpointFront === undefined) throw new Error('this emulator thread has no SQS emulator');
      return sqs.openEndpointFront(request.behind, request.preferredPort);
    }
    case 'close-endpoint-front': {
      const sqs = server as Partial<SqsEmulatorServer>;
      if (sqs.closeEndpointFront === undefined) throw new Error('this emulator thread has no SQS emulator');
      await sqs.closeEndpointFront(request.port);
      return undefined;
    }
    case 'allow-origins':
      labOrigins.replaceGranted(request.origins);
      return undefined;
    case 'heap-used':
      collectGarbage();
      return getHeapStatistics().used_heap_size;
    case 'stop':
      await server.stop();
      return undefined;
  }
}

labOrigins.replaceGranted(data.allowedOrigins);
try {
  const server =
    data.kind === 'sqs'
      ? await startSqsEmulator(data.preferredPort, data.sqsFidelity)
      : await startDynamoDbEmulator(data.preferredPort);
  port.on('message', (request: EmulatorThreadRequest) => {
    answer(server, request).then(
      (value) => {
        post({ type: 'reply', id: request.id, ok: true, ...(value === undefined ? {} : { value }) });
        if (request.op === 'stop') port.close();
      },
      (error: unknown) =>
        post({
          type: 'reply',
          id: request.id,
          ok: false,
          error: {
            name: error instanceof Error ? error.name : 'Error',
            message: error instanceof Error ? error.message : String(error),
          },
        }),
    );
  });
  post({ type: 'ready', port: server.port });
} catch (error) {
  post({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
