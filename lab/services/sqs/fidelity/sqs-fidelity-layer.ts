/**
 * The lab's SQS fidelity layer: where fauxqs 2.4.1 answers differently from SQS, the layer
 * answers as SQS does. fauxqs's router dispatches one handler per `x-amz-target` action; the
 * layer replaces the router's dispatch so that the actions it corrects go to its own handler
 * (which may call fauxqs's), every other action to fauxqs's, and every error leaves in AWS's
 * wire shape. It also wraps fauxqs's dequeue to mark dead-letter moves, its timer pass to
 * keep FIFO groups in order and to run only once something may be due, its enqueue to keep a
 * fair queue's tenant, and the queues it makes, so that a receive takes from the front of the
 * visible list in constant time and every deadline set is noted. State lives in the
 * layer, one {@link SqsFidelityState} per fauxqs server. No fauxqs code is copied.
 *
 * Only the JSON protocol (what the SDK v3 and current AWS CLIs send) reaches fauxqs's SQS
 * router: fauxqs hands form-encoded query-protocol requests to its SNS router, so SQS's query
 * protocol is not served at all.
 */
import { buildApp } from 'fauxqs';
import { type ActionContext, type LayerAction, asRecord } from './action-context';
import { listDeadLetterSourceQueuesAction, markDeadLetterMoves } from './dead-letter-rules';
import type {
  CreateFauxqsMessage,
  FauxqsQueue,
  FauxqsReply,
  FauxqsRequest,
  FauxqsRouter,
  FauxqsStore,
} from './fauxqs-internals';
import { keepFairQueueTenants } from './fair-queue-rules';
import { keepGroupOrder } from './fifo-order-rules';
import {
  cancelMessageMoveTaskAction,
  listMessageMoveTasksAction,
  startMessageMoveTaskAction,
} from './message-move-actions';
import { createQueueAction, setQueueAttributesAction } from './queue-attribute-rules';
import { getQueueAttributesAction, purgeQueueAction } from './queue-state-rules';
import {
  changeMessageVisibilityAction,
  changeMessageVisibilityBatchAction,
  deleteMessageAction,
  deleteMessageBatchAction,
} from './receipt-handle-rules';
import { useReadyList } from './ready-list';
import { noteDeadlinesOf, noteDelays, noteVisibilityChanges, runTimersWhenDue } from './due-timers';
import { receiveMessageAction } from './receive-rules';
import { sendMessageAction, sendMessageBatchAction } from './send-rules';
import { SqsFidelityState } from './sqs-fidelity-state';
import { SqsFidelityInstallError, sqsErrorHandler, toSqsApiError } from '../errors';
import { decodeUtf8Strict } from '../../../common/strict-utf8';
import { ownProperty } from '../../../common/own-property';

/** The content type of SQS's JSON protocol. */
const SQS_JSON_TYPE = 'application/x-amz-json-1.0';

/** The actions the layer answers, each with the handler named after its fix. */
const LAYER_ACTIONS: Readonly<Record<string, LayerAction>> = {
  ChangeMessageVisibility: changeMessageVisibilityAction,
  ChangeMessageVisibilityBatch: changeMessageVisibilityBatchAction,
  DeleteMessage: deleteMessageAction,
  DeleteMessageBatch: deleteMessageBatchAction,
  ReceiveMessage: receiveMessageAction,
  SendMessage: sendMessageAction,
  SendMessageBatch: sendMessageBatchAction,
  GetQueueAttributes: getQueueAttributesAction,
  PurgeQueue: purgeQueueAction,
  CreateQueue: createQueueAction,
  SetQueueAttributes: setQueueAttributesAction,
  ListDeadLetterSourceQueues: listDeadLetterSourceQueuesAction,
  StartMessageMoveTask: startMessageMoveTaskAction,
  ListMessageMoveTasks: listMessageMoveTasksAction,
  CancelMessageMoveTask: cancelMessageMoveTaskAction,
};

const states = new WeakMap<FauxqsStore, SqsFidelityState>();
/** The state the next router registered belongs to (set only while a server is built). */
let pending: SqsFidelityState | undefined;
let installed: Promise<CreateFauxqsMessage> | undefined;

function stateOf(store: FauxqsStore): SqsFidelityState {
  let state = states.get(store);
  if (state === undefined) {
    state = new SqsFidelityState();
    states.set(store, state);
  }
  return state;
}

async function importFauxqs(path: string): Promise<Record<string, unknown>> {
  return (await import(new URL(path, import.meta.resolve('fauxqs')).href)) as Record<string, unknown>;
}

/** A class's prototype as a record of methods (the layer patches seven of them). */
type Methods = Record<string, unknown>;

function prototypeOf(module: Record<string, unknown>, name: string, methods: readonly string[]): Methods {
  const constructor = module[name];
  const prototype = typeof constructor === 'function' ? (constructor.prototype as Methods) : undefined;
  if (prototype === undefined || methods.some((method) => typeof prototype[method] !== 'function')) {
    throw new SqsFidelityInstallError(
      `fauxqs has no ${name} with ${methods.join(', ')}: not the fauxqs 2.4.1 the lab corrects`,
    );
  }
  return prototype;
}

async function install(): Promise<CreateFauxqsMessage> {
  const routerModule = await importFauxqs('./sqs/sqsRouter.js');
  const storeModule = await importFauxqs('./sqs/sqsStore.js');
  const router = prototypeOf(routerModule, 'SqsRouter', ['handle', 'register']);
  const queue = prototypeOf(storeModule, 'SqsQueue', ['dequeue', 'processTimers', 'enqueue', 'changeVisibility']);
  const store = prototypeOf(storeModule, 'SqsStore', ['createQueue']);
  const createMessage = (storeModule.SqsStore as { createMessage?: unknown } | undefined)?.createMessage;
  if (typeof createMessage !== 'function') throw new SqsFidelityInstallError('fauxqs has no SqsStore.createMessage');

  const originalHandle = router.handle as FauxqsRouter['handle'];
  const originalRegister = router.register as FauxqsRouter['register'];
  router.register = function register(
    this: FauxqsRouter,
    action: string,
    handler: Parameters<FauxqsRouter['register']>[1],
  ) {
    if (pending !== undefined && !states.has(this.store)) {
      states.set(this.store, pending);
      pending.store = this.store;
      // Queue URLs on the address CreateQueue was sent to (http://127.0.0.1:<port>/…), which
      // resolves on any machine; fauxqs's own `sqs.<region>.localhost` needs a resolver that
      // answers *.localhost, which many do not (#31).
      this.store.host = '';
    }
    originalRegister.call(this, action, handler);
  };
  router.handle = async function handle(
    this: FauxqsRouter,
    request: FauxqsRequest,
    reply: FauxqsReply,
  ): Promise<unknown> {
    const target = request.headers['x-amz-target'];
    const action = typeof target === 'string' ? target.replace('AmazonSQS.', '') : '';
    const layerAction = ownProperty(LAYER_ACTIONS, action);
    const own = this.handlers.get(action);
    if (layerAction === undefined && own === undefined) return originalHandle.call(this, request, reply);
    const body = asRecord(request.body);
    const context: ActionContext = {
      action,
      body,
      store: this.store,
      state: stateOf(this.store),
      createMessage: createMessage as CreateFauxqsMessage,
      fauxqs: async (otherBody, otherAction) => {
        const handler = this.handlers.get(otherAction ?? action);
        if (handler === undefined)
          throw new SqsFidelityInstallError(`fauxqs has no handler for ${otherAction ?? action}`);
        return handler(otherBody ?? body, this.store, request);
      },
    };
    try {
      const result = layerAction !== undefined ? await layerAction(context) : await own?.(body, this.store, request);
      reply.header('content-type', 'application/x-amz-json-1.0');
      return result;
    } catch (error) {
      const apiError = toSqsApiError(error);
      if (apiError === undefined) throw error;
      const wire = apiError.toWire();
      reply.status(wire.status);
      reply.header('content-type', 'application/x-amz-json-1.0');
      reply.header('x-amzn-query-error', wire.queryErrorHeader);
      return wire.body;
    }
  };
  queue.dequeue = markDeadLetterMoves(queue.dequeue as Parameters<typeof markDeadLetterMoves>[0]);
  queue.processTimers = runTimersWhenDue(keepGroupOrder(queue.processTimers as Parameters<typeof keepGroupOrder>[0]));
  queue.changeVisibility = noteVisibilityChanges(queue.changeVisibility as Parameters<typeof noteVisibilityChanges>[0]);
  queue.enqueue = noteDelays(keepFairQueueTenants(queue.enqueue as Parameters<typeof keepFairQueueTenants>[0]));
  const originalCreateQueue = store.createQueue as (this: unknown, ...args: unknown[]) => FauxqsQueue;
  // fauxqs makes every queue here: each gets its ReadyList and an in-flight Map that notes deadlines.
  store.createQueue = function createQueue(this: unknown, ...args: unknown[]): FauxqsQueue {
    const made = originalCreateQueue.apply(this, args);
    useReadyList(made);
    noteDeadlinesOf(made);
    return made;
  };
  return createMessage as CreateFauxqsMessage;
}

/** fauxqs's Fastify app, built but not listening: the lab serves it on loopback behind its guard. */
export type FauxqsApp = ReturnType<typeof buildApp>;

/** Settings of the fidelity layer itself (lab-only; nothing on AWS corresponds to them). */
export interface SqsFidelityOptions {
  /** How many retired receipt handles to remember; default `RETIRED_HANDLES_KEPT` (10 000). */
  readonly retiredHandlesKept?: number;
}

/**
 * Builds fauxqs's app behind the fidelity layer (installed once per process) and returns it
 * ready to route requests (`app.routing`), with the layer's state for it. The app does not
 * listen: fauxqs's own `startFauxqs` binds 0.0.0.0, so the lab serves `app.routing` from its
 * own loopback server instead (lab/common/serve-on-loopback.ts).
 */
export async function buildFauxqsWithFidelity(
  fidelity: SqsFidelityOptions = {},
): Promise<{ app: FauxqsApp; state: SqsFidelityState }> {
  installed ??= install();
  await installed;
  const state = new SqsFidelityState(fidelity.retiredHandlesKept);
  pending = state;
  let app: FauxqsApp;
  try {
    // fauxqs builds its router (and registers every action) synchronously inside buildApp, so
    // `pending` reaches exactly this app's router.
    app = buildApp({ logger: false });
  } finally {
    pending = undefined;
  }
  // fauxqs decodes with replacement characters; the lab refuses invalid UTF-8 as SQS's JSON protocol does.
  app.removeContentTypeParser(SQS_JSON_TYPE);
  app.addContentTypeParser(
    SQS_JSON_TYPE,
    { parseAs: 'buffer' },
    (_request: unknown, body: Buffer | string, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, JSON.parse(decodeUtf8Strict(Buffer.from(body))));
      } catch (error) {
        done(error as Error);
      }
    },
  );
  app.setErrorHandler(sqsErrorHandler);
  await app.ready();
  return { app, state };
}
