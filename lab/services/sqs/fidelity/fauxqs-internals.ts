/**
 * The parts of fauxqs 2.4.1's in-memory SQS store that the fidelity layer reads and corrects,
 * described here (fauxqs exports no types for its deep modules). Every field is one fauxqs
 * keeps on its own objects; the layer never copies fauxqs code, it only moves messages
 * between these lists the way fauxqs's own methods leave them.
 */

/** One message as fauxqs stores it. */
export interface FauxqsMessage {
  readonly messageId: string;
  readonly body: string;
  readonly md5OfBody: string;
  readonly messageAttributes: Record<string, unknown>;
  readonly md5OfMessageAttributes?: string;
  readonly sentTimestamp: number;
  approximateReceiveCount: number;
  approximateFirstReceiveTimestamp?: number;
  readonly delayUntil?: number;
  /** A FIFO message's group; on a standard queue, the fair-queue tenant the layer sets (fair-queue-rules.ts). */
  messageGroupId?: string;
  readonly messageDeduplicationId?: string;
  readonly sequenceNumber?: string;
}

/** A received message: fauxqs keys it by its receipt handle until it is deleted or visible again. */
export interface FauxqsInflight {
  readonly message: FauxqsMessage;
  readonly receiptHandle: string;
  visibilityDeadline: number;
}

/**
 * The array methods fauxqs and the layer call on a standard queue's visible messages, oldest
 * first. fauxqs keeps a plain array there; the layer puts a ReadyList in its place
 * (ready-list.ts), so code reads them only through these methods, never by index.
 */
export interface VisibleMessages extends Iterable<FauxqsMessage> {
  readonly length: number;
  push(...messages: FauxqsMessage[]): number;
  shift(): FauxqsMessage | undefined;
  includes(message: FauxqsMessage): boolean;
  indexOf(message: FauxqsMessage): number;
  splice(start: number, deleteCount: number): FauxqsMessage[];
  at(index: number): FauxqsMessage | undefined;
}

/** One queue of the store. */
export interface FauxqsQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
  readonly attributes: Record<string, string | undefined>;
  messages: VisibleMessages;
  delayedMessages: FauxqsMessage[];
  readonly inflightMessages: Map<string, FauxqsInflight>;
  readonly fifoMessages: Map<string, FauxqsMessage[]>;
  readonly fifoDelayed: Map<string, FauxqsMessage[]>;
  readonly fifoLockedGroups: Map<string, number>;
  /** Deduplication id → the message it stands for (a cache whose entries live 5 minutes of real time). */
  readonly deduplicationCache: {
    clear(): void;
    delete(deduplicationId: string): void;
    set(deduplicationId: string, original: { messageId: string; sequenceNumber: string | undefined }): void;
  };
  readonly persistence?: { deleteMessage(messageId: string): void };
  isFifo(): boolean;
  /** Moves expired in-flight and delayed messages back to the visible list. */
  processTimers(): void;
  enqueue(message: FauxqsMessage): void;
  deleteMessage(receiptHandle: string): boolean;
  changeVisibility(receiptHandle: string, timeoutSeconds: number): void;
  purge(): void;
}

/** The SQS store one fauxqs server keeps. */
export interface FauxqsStore {
  /**
   * The name fauxqs builds queue URLs on (`http://sqs.<region>.<host>:<port>/…`, default
   * `localhost`); empty, a queue URL keeps the Host its CreateQueue was sent to.
   */
  host: string;
  getQueue(url: string): FauxqsQueue | undefined;
  getQueueByArn(arn: string): FauxqsQueue | undefined;
  allQueues(): Iterable<FauxqsQueue>;
}

/** The request object fauxqs's Fastify route hands its router. */
export interface FauxqsRequest {
  readonly body: unknown;
  readonly headers: Record<string, string | string[] | undefined>;
}

/** The reply object of the same route. */
export interface FauxqsReply {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

/** One action handler in fauxqs's table (`sqsRouter.register(action, handler)`). */
export type FauxqsHandler = (body: unknown, store: FauxqsStore, request: FauxqsRequest) => unknown;

/** fauxqs's SqsRouter: one handler per `x-amz-target` action. */
export interface FauxqsRouter {
  readonly handlers: Map<string, FauxqsHandler>;
  readonly store: FauxqsStore;
  handle(request: FauxqsRequest, reply: FauxqsReply): Promise<unknown>;
  register(action: string, handler: FauxqsHandler): void;
}

/** `SqsStore.createMessage`, the static factory fauxqs's SendMessage uses. */
export type CreateFauxqsMessage = (
  body: string,
  messageAttributes?: Record<string, unknown>,
  delaySeconds?: number,
  messageGroupId?: string,
  messageDeduplicationId?: string,
) => FauxqsMessage;

/** Where a message is in its queue right now. */
export type MessagePlace = 'inflight' | 'visible' | 'delayed' | 'gone';

/** Finds `message` in `queue` (by identity: fauxqs moves the same object between lists). */
export function placeOf(queue: FauxqsQueue, message: FauxqsMessage): MessagePlace {
  for (const entry of queue.inflightMessages.values()) if (entry.message === message) return 'inflight';
  if (queue.isFifo()) {
    const group = message.messageGroupId ?? '__default';
    if (queue.fifoMessages.get(group)?.includes(message)) return 'visible';
    if (queue.fifoDelayed.get(group)?.includes(message)) return 'delayed';
    return 'gone';
  }
  if (queue.messages.includes(message)) return 'visible';
  if (queue.delayedMessages.includes(message)) return 'delayed';
  return 'gone';
}

/** Takes `message` out of the visible or delayed lists of `queue`; returns whether it was there. */
export function removeWaiting(queue: FauxqsQueue, message: FauxqsMessage): boolean {
  const lists = queue.isFifo()
    ? [
        queue.fifoMessages.get(message.messageGroupId ?? '__default'),
        queue.fifoDelayed.get(message.messageGroupId ?? '__default'),
      ]
    : [queue.messages, queue.delayedMessages];
  for (const list of lists) {
    const index = list?.indexOf(message) ?? -1;
    if (list !== undefined && index >= 0) {
      list.splice(index, 1);
      queue.persistence?.deleteMessage(message.messageId);
      return true;
    }
  }
  return false;
}

/**
 * Takes every message for which `isRemoved` is true out of the visible and delayed lists of
 * `queue`, in one pass over each list (taking them one by one with {@link removeWaiting} costs a
 * search and a shift of the rest per message: a retention check that expired 100 000 messages
 * that way held the emulator for 6 s). `isRemoved` sees each waiting message once, oldest first
 * within each list; the others keep their order. Returns how many were taken.
 */
export function removeWaitingWhere(queue: FauxqsQueue, isRemoved: (message: FauxqsMessage) => boolean): number {
  let removed = 0;
  const keep = (message: FauxqsMessage): boolean => {
    if (!isRemoved(message)) return true;
    queue.persistence?.deleteMessage(message.messageId);
    removed += 1;
    return false;
  };
  if (queue.isFifo()) {
    for (const lists of [queue.fifoMessages, queue.fifoDelayed])
      for (const list of lists.values()) compactInPlace(list, keep);
    return removed;
  }
  const visible = [...queue.messages].filter(keep);
  // Assigned only when something went: the layer turns the array into its ReadyList again (ready-list.ts).
  if (visible.length !== queue.messages.length) queue.messages = visible;
  compactInPlace(queue.delayedMessages, keep);
  return removed;
}

/** Keeps the elements of `list` for which `keep` is true, in order, in the same array. */
function compactInPlace(list: FauxqsMessage[], keep: (message: FauxqsMessage) => boolean): void {
  let kept = 0;
  for (const message of list) if (keep(message)) list[kept++] = message;
  list.length = kept;
}

/**
 * The message fauxqs just stored under `messageId`: it is the last of the list `enqueue`
 * appended it to (visible, delayed, or its FIFO group's), so no scan is needed.
 */
export function justEnqueued(
  queue: FauxqsQueue,
  messageId: string,
  groupId: string | undefined,
): FauxqsMessage | undefined {
  const lists = queue.isFifo()
    ? [queue.fifoMessages.get(groupId ?? '__default'), queue.fifoDelayed.get(groupId ?? '__default')]
    : [queue.messages, queue.delayedMessages];
  for (const list of lists) {
    const last = list?.at(-1);
    if (last?.messageId === messageId) return last;
  }
  return undefined;
}
