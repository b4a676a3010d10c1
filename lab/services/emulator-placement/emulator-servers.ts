/**
 * Starts one protocol emulator in the calling thread: fauxqs behind the lab's SQS fidelity
 * layer, or dynalite. The lab runs these either in its main thread or each in a thread of its
 * own (emulator-thread.ts); both placements call the same functions.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { allowSqsCharacterSet } from '../sqs/fauxqs-fidelity';
import { type SqsFidelityOptions, startFauxqsWithFidelity } from '../sqs/fidelity/sqs-fidelity-layer';
import type { SqsLabClock } from '../sqs/fidelity/sqs-lab-clock';
import type { AttributeChangeLog } from '../sqs/fidelity/attribute-change-log';
import { listenOnLoopback } from '../../common/listen-on-loopback';

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
}

/** fauxqs behind the fidelity layer, on `preferredPort` when it is free, else on a port the OS picks. */
export async function startSqsEmulator(
  preferredPort = 0,
  fidelity: SqsFidelityOptions = {},
): Promise<SqsEmulatorServer> {
  // fauxqs refuses emoji in message bodies; SQS does not (see fauxqs-fidelity.ts).
  await allowSqsCharacterSet();
  try {
    const { server, state } = await startFauxqsWithFidelity({ port: preferredPort, logger: false }, fidelity).catch(
      (error: unknown) => {
        if (preferredPort === 0) throw error;
        return startFauxqsWithFidelity({ port: 0, logger: false }, fidelity);
      },
    );
    return {
      port: server.port,
      clock: state.clock,
      attributeChanges: state.attributeChanges,
      async stop() {
        // fauxqs's close hook also ends pending long polls.
        state.stop();
        await server.stop();
      },
    };
  } catch (error) {
    throw new EmulatorStartError(`fauxqs (SQS emulator) did not start: ${String(error)}`, { cause: error });
  }
}

/** dynalite with instant table changes, on `preferredPort` when it is free, else on a port the OS picks. */
export async function startDynamoDbEmulator(preferredPort = 0): Promise<EmulatorServer> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  try {
    await listenOnLoopback(server, preferredPort);
  } catch (error) {
    throw new EmulatorStartError(`dynalite (DynamoDB emulator) did not start: ${String(error)}`, { cause: error });
  }
  let stopped: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        // dynalite waits for open keep-alive sockets unless they are closed explicitly.
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
