/**
 * A Chrome DevTools Protocol client on a Node inspector's WebSocket (Node 24's global
 * `WebSocket`), with the sessions of the process's worker threads, reached as VS Code's js-debug
 * reaches them: `NodeWorker.enable`, then `NodeWorker.sendMessageToWorker` and
 * `NodeWorker.receivedMessageFromWorker` per session (Node's src/inspector/node_protocol.pdl).
 */

/** One protocol event; `sessionId` names the worker it came from (absent: the main thread). */
export interface InspectorEvent {
  readonly sessionId?: string;
  readonly method: string;
  readonly params: Record<string, unknown>;
}

interface Reply {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
  readonly error?: { readonly message: string };
}

/** A connected client: commands to the main thread or to a worker, and every event seen so far. */
export class InspectorClient {
  /** Every event, in order (workers' events unwrapped, with their `sessionId`). */
  readonly events: InspectorEvent[] = [];
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Set<(event: InspectorEvent) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => this.receive(JSON.parse(String(message.data)) as Reply));
  }

  /** Connects to `url` (`ws://127.0.0.1:<port>/<uuid>`). */
  static async connect(url: string): Promise<InspectorClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), { once: true });
    });
    return new InspectorClient(socket);
  }

  /** A command to the main thread's session. */
  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = (this.nextId += 1);
    this.socket.send(JSON.stringify({ id, method, params }));
    return this.reply(id, method);
  }

  /** A command to one worker's session. */
  sendToWorker(sessionId: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = (this.nextId += 1);
    const message = JSON.stringify({ id, method, params });
    void this.send('NodeWorker.sendMessageToWorker', { sessionId, message }).catch((error: unknown) =>
      this.pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error))),
    );
    return this.reply(id, method);
  }

  /** Calls `listener` with every event from now on; returns its removal. */
  onEvent(listener: (event: InspectorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first event (seen already or to come) that `matches`, or a rejection after `timeoutMs`. */
  waitForEvent(matches: (event: InspectorEvent) => boolean, timeoutMs: number, what: string): Promise<InspectorEvent> {
    const seen = this.events.find(matches);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const stop = this.onEvent((event) => {
        if (!matches(event)) return;
        clearTimeout(timer);
        stop();
        resolve(event);
      });
    });
  }

  /** Closes the connection: Node lets go of every session (a paused worker runs on). */
  close(): void {
    this.socket.close();
  }

  private reply(id: number, method: string): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.pending.set(id, {
        resolve,
        reject: (error) => reject(new Error(`${method}: ${error.message}`, { cause: error })),
      }),
    );
  }

  private receive(reply: Reply, sessionId?: string): void {
    if (reply.id !== undefined) {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error.message));
      else waiting?.resolve(reply.result);
      return;
    }
    if (reply.method === undefined) return;
    const params = reply.params ?? {};
    if (reply.method === 'NodeWorker.receivedMessageFromWorker') {
      this.receive(JSON.parse(String(params.message)) as Reply, String(params.sessionId));
      return;
    }
    const event: InspectorEvent = { ...(sessionId === undefined ? {} : { sessionId }), method: reply.method, params };
    this.events.push(event);
    for (const listener of [...this.listeners]) listener(event);
  }
}
