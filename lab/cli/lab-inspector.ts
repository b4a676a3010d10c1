/**
 * The Node inspector of a lab process (`--inspect`). The functions' execution environments are
 * worker threads of this process, and a debugger attached to its inspector reaches each of them
 * (checked on Node 24.21):
 * - VS Code (js-debug) through Node's `NodeWorker` domain (`NodeWorker.enable`,
 *   `attachedToWorker`, `sendMessageToWorker`; Node's src/inspector/node_protocol.pdl), which
 *   Node serves since 10.12 (nodejs/node#21364); js-debug enables it with
 *   `waitForDebuggerOnStart: true` on attach and debugs each thread as a `NodeWorkerTarget`
 *   (microsoft/vscode-js-debug, src/targets/node/nodeTarget.ts and nodeWorkerTarget.ts). A
 *   thread held that way stops at its first statement ("Break on start") once let go; js-debug
 *   resumes it when the configuration says `continueOnAttach` (src/adapter/threads.ts
 *   `_onPaused`), as .vscode/launch.json does.
 * - Chrome DevTools through the `Target` domain, which Node serves only in a process started
 *   with `--experimental-worker-inspection` (Node 24.1, nodejs/node#56759; the flag is refused in
 *   NODE_OPTIONS, and without it `Target.setAutoAttach` answers "wasn't found"): the `lab` and
 *   `experiment` npm scripts start Node with it.
 * Each thread pauses on its own: a handler stopped at a breakpoint stops its worker only, while
 * the main thread (pollers, the Lambda API) and the emulators' threads (fauxqs's visibility
 * clock, lab/emulators/) run on.
 */
import inspector from 'node:inspector';
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { type InspectTarget, NotLoopbackInspectHostError } from './inspect-args';

/** The inspector could not listen (its port is taken; Node prints why, and `inspector.url()` stays empty). */
export class InspectorNotListeningError extends Error {
  override readonly name = 'InspectorNotListeningError';

  constructor(
    readonly target: InspectTarget,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** An open inspector: the WebSocket URL debuggers attach to. */
export interface LabInspector {
  /** `ws://127.0.0.1:9229/<uuid>`. */
  readonly url: string;
  /** The port it listens on (the one the OS picked for port 0). */
  readonly port: number;
  /** `127.0.0.1:9229`, `[::1]:9229`: what a debugger's attach dialog asks for. */
  readonly address: string;
  /** Closes the inspector; a debugger still attached is let go. */
  close(): void;
}

/**
 * Opens this process's inspector on `target` without waiting for a debugger (the lab starts at
 * once; attach whenever). Throws {@link InspectorNotListeningError}, worded in `language`, when
 * it could not listen.
 */
export function openLabInspector(target: InspectTarget, language: Language): LabInspector {
  inspector.open(target.port, target.host, false);
  const url = inspector.url();
  if (url === undefined)
    throw new InspectorNotListeningError(target, MESSAGES[language].inspect.notListening(addressOf(target)));
  const port = Number(new URL(url).port);
  return { url, port, address: addressOf({ ...target, port }), close: () => inspector.close() };
}

function addressOf({ host, port }: InspectTarget): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The sentence a CLI prints (exit code 1) when `--inspect` is refused: a host off loopback, or a
 * port it could not listen on; undefined for any other error.
 */
export function inspectorRefusal(error: unknown): string | undefined {
  return error instanceof NotLoopbackInspectHostError || error instanceof InspectorNotListeningError
    ? error.message
    : undefined;
}
