/**
 * The two protocol emulators the lab runs in-process on loopback ports the OS picks:
 * fauxqs for SQS and dynalite for DynamoDB. The handlers reach them through the standard
 * `AWS_ENDPOINT_URL_SQS` / `AWS_ENDPOINT_URL_DYNAMODB` variables, never a lab-only path.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import dynalite from 'dynalite';
import { type FauxqsServer, interceptLocalhostDns } from 'fauxqs';
import { allowSqsCharacterSet } from './sqs/fauxqs-fidelity';
import { startFauxqsWithFidelity } from './sqs/fidelity/sqs-fidelity-layer';
import type { SqsLabClock } from './sqs/fidelity/sqs-lab-clock';
import type { SqsFidelityState } from './sqs/fidelity/sqs-fidelity-state';
import { listenOnLoopback } from '../common/listen-on-loopback';
import { LAB_CREDENTIALS, LAB_REGION } from '../common/local-aws';

/** Where the emulators listen. */
export interface EmulatorEndpoints {
  /**
   * SQS endpoint for the SDK: the same host as fauxqs's queue URLs
   * (`http://sqs.us-east-1.localhost:<port>`), so the SDK's `useQueueUrlAsEndpoint` does not
   * warn that the QueueUrl differs from the endpoint. Needs {@link acquireLocalhostDns}.
   */
  readonly sqsEndpoint: string;
  /** The same SQS server as a plain loopback address, for the AWS CLI (`--endpoint-url`). */
  readonly sqsCliEndpoint: string;
  readonly dynamodbEndpoint: string;
}

/** Both emulators, running. */
export interface Emulators extends EmulatorEndpoints {
  readonly fauxqs: FauxqsServer;
  /**
   * Lab-only hook: the clock of the SQS fidelity layer (lab/services/sqs/fidelity/), which the
   * 12-hour visibility ceiling, the 60-second PurgeQueue rule, MessageRetentionPeriod and the
   * 5-minute FIFO deduplication interval read.
   * Tests advance it instead of waiting; nothing on AWS corresponds to it.
   */
  readonly sqsClock: SqsLabClock;
  /** Stops both servers, closes every connection and releases the DNS interception. */
  stop(): Promise<void>;
}

/** Raised when an emulator cannot start (for example a missing Node feature). */
export class EmulatorStartError extends Error {
  override readonly name = 'EmulatorStartError';
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

/**
 * Starts fauxqs and dynalite on loopback: on the preferred ports when they are free (a restarted
 * `npm run lab` keeps its endpoints), else on ports the OS picks.
 */
export async function startEmulators(
  preferred: { readonly sqsPort?: number; readonly dynamodbPort?: number } = {},
): Promise<Emulators> {
  const releaseDns = acquireLocalhostDns();
  // fauxqs refuses emoji in message bodies; SQS does not (see fauxqs-fidelity.ts).
  await allowSqsCharacterSet();
  let fauxqs: FauxqsServer;
  let fidelity: SqsFidelityState;
  try {
    // fauxqs behind the lab's fidelity layer, which answers as SQS does where fauxqs differs.
    ({ server: fauxqs, state: fidelity } = await startFauxqsWithFidelity({
      port: preferred.sqsPort ?? 0,
      logger: false,
    }).catch((error: unknown) => {
      if (preferred.sqsPort === undefined || preferred.sqsPort === 0) throw error;
      return startFauxqsWithFidelity({ port: 0, logger: false });
    }));
  } catch (error) {
    releaseDns();
    throw new EmulatorStartError(`fauxqs (SQS emulator) did not start: ${String(error)}`, { cause: error });
  }
  const dynamo: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  try {
    await listenOnLoopback(dynamo, preferred.dynamodbPort ?? 0);
  } catch (error) {
    fidelity.stop();
    await fauxqs.stop();
    releaseDns();
    throw new EmulatorStartError(`dynalite (DynamoDB emulator) did not start: ${String(error)}`, { cause: error });
  }
  const dynamoPort = (dynamo.address() as AddressInfo).port;
  let stopped: Promise<void> | undefined;
  return {
    fauxqs,
    sqsClock: fidelity.clock,
    sqsEndpoint: `http://sqs.${LAB_REGION}.localhost:${fauxqs.port}`,
    sqsCliEndpoint: `http://127.0.0.1:${fauxqs.port}`,
    dynamodbEndpoint: `http://127.0.0.1:${dynamoPort}`,
    stop() {
      stopped ??= (async () => {
        // fauxqs's close hook also ends pending long polls; dynalite waits for open
        // keep-alive sockets unless they are closed explicitly.
        const dynamoClosed = new Promise<void>((resolve) => dynamo.close(() => resolve()));
        dynamo.closeAllConnections();
        fidelity.stop();
        await Promise.all([fauxqs.stop(), dynamoClosed]);
        releaseDns();
      })();
      return stopped;
    },
  };
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
