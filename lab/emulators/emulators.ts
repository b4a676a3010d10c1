/**
 * The two protocol emulators the lab runs on loopback ports the OS picks: fauxqs for SQS (behind
 * the lab's fidelity layer) and dynalite for DynamoDB, each in a thread of its own, so that their
 * timers and long polls never wait for the lab's event loop. The handlers reach them through the
 * standard `AWS_ENDPOINT_URL_SQS` / `AWS_ENDPOINT_URL_DYNAMODB` variables, never a lab-only path,
 * and the lab reaches their in-process state only through {@link Emulators.sqsClock},
 * {@link Emulators.queueAttributeChanges}, {@link Emulators.threadHeapBytes} and
 * {@link Emulators.threadBusyMs}: messages to the threads (lab/emulators/).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { interceptLocalhostDns } from 'fauxqs';
import { EmulatorStartError } from './emulator-servers';
import { EmulatorThread } from './emulator-thread-client';
import { LAB_CREDENTIALS, LAB_REGION } from '../common/local-aws';
import type { OpenEndpointFront } from '../gateway/lab-gateway';
import type { QueueAttributeChange } from '../services/sqs/fidelity/attribute-change-log';
import type { QueueContentsPage } from '../services/sqs/fidelity/queue-contents';
import type { MessageEvent } from '../services/sqs/fidelity/message-history';

export { EmulatorStartError } from './emulator-servers';

/**
 * Lab-only hook on the clock of the SQS fidelity layer (lab/services/sqs/fidelity/), which the
 * 12-hour visibility ceiling, the 60-second PurgeQueue rule, MessageRetentionPeriod and the
 * 5-minute FIFO deduplication interval read. Tests advance it instead of waiting; nothing on
 * AWS corresponds to it.
 */
export interface SqsClockControl {
  /** Moves the layer's time forward by `ms`; resolves once requests the emulator serves see it. */
  advance(ms: number): Promise<void>;
}

/** Where the emulators listen. */
export interface EmulatorEndpoints {
  /**
   * SQS endpoint for the SDK: the same host as the queue URLs (`http://127.0.0.1:<port>`), so
   * the SDK's `useQueueUrlAsEndpoint` does not warn that the QueueUrl differs from the endpoint.
   */
  readonly sqsEndpoint: string;
  /** The same SQS server as a plain loopback address, for the AWS CLI (`--endpoint-url`). */
  readonly sqsCliEndpoint: string;
  readonly dynamodbEndpoint: string;
}

/** Both emulators, running. */
export interface Emulators extends EmulatorEndpoints {
  /** The SQS fidelity layer's clock (lab-only; see {@link SqsClockControl}). */
  readonly sqsClock: SqsClockControl;
  /**
   * Lab-only: the attribute changes SetQueueAttributes made to a queue, oldest first, with when
   * SQS accepted them; the lab lets them reach other services after a propagation delay.
   */
  queueAttributeChanges(queueUrl: string): Promise<readonly QueueAttributeChange[]>;
  /**
   * Lab-only: what SQS did with a queue's last `limit` messages (at most 100), and with those its
   * redrive policy moved to its DLQ, oldest sent first (the console's timeline of any app).
   */
  messageHistory(queueUrl: string, limit: number): Promise<readonly MessageEvent[]>;
  /**
   * Lab-only: a page of every message a queue holds (visible, delayed, in flight), oldest sent
   * first, read from the emulator's state without receiving; a DLQ's messages carry their receive
   * count on arrival.
   */
  queueContents(
    queueUrl: string,
    page: { readonly offset: number; readonly limit: number },
  ): Promise<QueueContentsPage>;
  /**
   * Heap in use in the emulators' own threads after a full collection in each, in bytes. For the
   * memory bench.
   */
  threadHeapBytes(): Promise<number>;
  /**
   * Opens the lab's one endpoint in front of the SQS emulator, in its thread: SQS JSON calls
   * answered there, the rest passed to `behind` (lab/gateway/endpoint-front.ts).
   */
  openEndpointFront(behind: string, preferredPort: number): Promise<OpenEndpointFront>;
  /** How long each emulator thread's event loop has been busy since it started, in ms. For the bench. */
  threadBusyMs(): { readonly sqs: number; readonly dynamodb: number };
  /** Stops both servers, closes every connection, ends their threads and releases the DNS interception. */
  stop(): Promise<void>;
}

let dnsUsers = 0;
let restoreDns: (() => void) | undefined;

/**
 * Makes `*.localhost` resolve to 127.0.0.1 in this thread (fauxqs's `interceptLocalhostDns`),
 * counting users so that two labs in one process do not undo each other's interception.
 * Returns the release function.
 */
export function acquireLocalhostDns(): () => void {
  if (dnsUsers === 0) restoreDns = interceptLocalhostDns();
  dnsUsers += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    dnsUsers -= 1;
    if (dnsUsers === 0) {
      restoreDns?.();
      restoreDns = undefined;
    }
  };
}

/**
 * URL of the fauxqs module that holds `interceptLocalhostDns`, loaded on its own by each
 * function's worker thread: importing the whole of fauxqs there (its HTTP server, S3 and SNS
 * code) would add about half a second to every cold start.
 */
export function localhostDnsModuleUrl(): string {
  return new URL('./localhost.js', import.meta.resolve('fauxqs')).href;
}

/** Where to start the emulators. */
export interface StartEmulatorsOptions {
  readonly sqsPort?: number;
  readonly dynamodbPort?: number;
  /** Lab-only: how many retired receipt handles the SQS fidelity layer remembers (a test sets it low). */
  readonly retiredReceiptHandlesKept?: number;
}

/**
 * Starts fauxqs (behind the fidelity layer) and dynalite on loopback, each in its own thread: on
 * the preferred ports when they are free (a restarted `npm run lab` keeps its endpoints), else on
 * ports the OS picks.
 */
export async function startEmulators(options: StartEmulatorsOptions = {}): Promise<Emulators> {
  const sqsFidelity =
    options.retiredReceiptHandlesKept === undefined ? {} : { retiredHandlesKept: options.retiredReceiptHandlesKept };
  const releaseDns = acquireLocalhostDns();
  const started: EmulatorThread[] = [];
  try {
    const [sqs, dynamodb] = await settleBoth(
      EmulatorThread.start('sqs', options.sqsPort ?? 0, sqsFidelity),
      EmulatorThread.start('dynamodb', options.dynamodbPort ?? 0),
      started,
    );
    let stopped: Promise<void> | undefined;
    return {
      sqsClock: {
        async advance(ms) {
          if (!(ms >= 0)) throw new RangeError(`the SQS lab clock only moves forward (got ${ms} ms)`);
          await sqs.request({ op: 'advance-sqs-clock', ms });
        },
      },
      async queueAttributeChanges(queueUrl) {
        const changes = await sqs.request({ op: 'queue-attribute-changes', queueUrl });
        return Array.isArray(changes) ? changes : [];
      },
      async queueContents(queueUrl, { offset, limit }) {
        return (await sqs.request({ op: 'queue-contents', queueUrl, offset, limit })) as QueueContentsPage;
      },
      async messageHistory(queueUrl, limit) {
        const events = await sqs.request({ op: 'message-history', queueUrl, limit });
        return Array.isArray(events) ? (events as readonly MessageEvent[]) : [];
      },
      async threadHeapBytes() {
        const heaps = await Promise.all([sqs, dynamodb].map((thread) => thread.request({ op: 'heap-used' })));
        return heaps.reduce<number>((sum, heap) => sum + (typeof heap === 'number' ? heap : 0), 0);
      },
      async openEndpointFront(behind, preferredPort) {
        const port = await sqs.request({ op: 'open-endpoint-front', behind, preferredPort });
        if (typeof port !== 'number') throw new EmulatorStartError('the SQS emulator thread opened no endpoint');
        return {
          port,
          // An emulator thread that has stopped closed its fronts with it.
          stop: () =>
            sqs.request({ op: 'close-endpoint-front', port }).then(
              () => undefined,
              () => undefined,
            ),
        };
      },
      threadBusyMs: () => ({ sqs: sqs.eventLoopActiveMs(), dynamodb: dynamodb.eventLoopActiveMs() }),
      sqsEndpoint: `http://127.0.0.1:${sqs.port}`,
      sqsCliEndpoint: `http://127.0.0.1:${sqs.port}`,
      dynamodbEndpoint: `http://127.0.0.1:${dynamodb.port}`,
      stop() {
        stopped ??= (async () => {
          await Promise.all([sqs.stop(), dynamodb.stop()]);
          releaseDns();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await Promise.all(started.map((emulator) => emulator.stop().catch(() => undefined)));
    releaseDns();
    throw error instanceof EmulatorStartError
      ? error
      : new EmulatorStartError(`the emulators did not start: ${String(error)}`, { cause: error });
  }
}

/**
 * Waits for both starts; every one that succeeded is pushed to `started` (so that a failure of
 * the other can stop it), then the first failure, if any, is thrown.
 */
async function settleBoth(
  first: Promise<EmulatorThread>,
  second: Promise<EmulatorThread>,
  started: EmulatorThread[],
): Promise<[EmulatorThread, EmulatorThread]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'fulfilled') started.push(a.value);
  if (b.status === 'fulfilled') started.push(b.value);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** An SQS client for the lab's own calls (pollers, provisioning, tests). Call `destroy()` when done. */
export function createSqsClient(endpoints: EmulatorEndpoints): SQSClient {
  return new SQSClient({ region: LAB_REGION, endpoint: endpoints.sqsEndpoint, credentials: LAB_CREDENTIALS });
}

/** A DynamoDB client for the lab's own calls. Call `destroy()` when done. */
export function createDynamoDbClient(endpoints: EmulatorEndpoints): DynamoDBClient {
  return new DynamoDBClient({
    region: LAB_REGION,
    endpoint: endpoints.dynamodbEndpoint,
    credentials: LAB_CREDENTIALS,
  });
}
