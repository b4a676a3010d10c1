/**
 * The messages between the lab and an emulator running in a thread of its own: the only way
 * lab code reaches an emulator's in-process state (the handlers and the lab's clients reach the
 * emulator itself over HTTP on loopback).
 */
import type { QueueAttributeChange } from '../services/sqs/fidelity/attribute-change-log';
import type { MessageEvent } from '../services/sqs/fidelity/message-history';
import type { QueueContentsPage } from '../services/sqs/fidelity/queue-contents';
import type { SqsFidelityOptions } from '../services/sqs/fidelity/sqs-fidelity-layer';

/** Which emulator a thread runs. */
export type EmulatorKind = 'sqs' | 'dynamodb';

/** `workerData` of an emulator thread. */
export interface EmulatorThreadData {
  readonly kind: EmulatorKind;
  /** The port to try first (0: one the OS picks). */
  readonly preferredPort: number;
  /** The SQS fidelity layer's settings (the `sqs` thread only). */
  readonly sqsFidelity?: SqsFidelityOptions;
  /** The web origins the lab's main thread allows cross-origin when the thread starts (lab-origins.ts). */
  readonly allowedOrigins: readonly string[];
}

/** A request from the lab; every request gets one {@link EmulatorThreadReply} with its id. */
export type EmulatorThreadRequest =
  /** Moves the SQS fidelity layer's clock forward (tests only; SQS thread only). */
  | { readonly id: number; readonly op: 'advance-sqs-clock'; readonly ms: number }
  /** The attribute changes SetQueueAttributes made to one queue (SQS thread only). */
  | { readonly id: number; readonly op: 'queue-attribute-changes'; readonly queueUrl: string }
  /** A page of every message a queue holds, read without receiving (SQS thread only). */
  | {
      readonly id: number;
      readonly op: 'queue-contents';
      readonly queueUrl: string;
      readonly offset: number;
      readonly limit: number;
    }
  /** What SQS did with a queue's last `limit` messages, and with those moved to its DLQ (SQS thread only). */
  | { readonly id: number; readonly op: 'message-history'; readonly queueUrl: string; readonly limit: number }
  /**
   * Opens the lab's one endpoint in front of the SQS emulator (lab/gateway/endpoint-front.ts),
   * passing what is not SQS JSON to `behind`; answers its port (SQS thread only).
   */
  | { readonly id: number; readonly op: 'open-endpoint-front'; readonly behind: string; readonly preferredPort: number }
  /** Closes the endpoint front listening on `port` (SQS thread only). */
  | { readonly id: number; readonly op: 'close-endpoint-front'; readonly port: number }
  /** The web origins the lab now allows cross-origin (a console started or stopped). */
  | { readonly id: number; readonly op: 'allow-origins'; readonly origins: readonly string[] }
  /** A full garbage collection in the thread, then its heap in use, in bytes. */
  | { readonly id: number; readonly op: 'heap-used' }
  /** Stops the emulator; the thread then ends. */
  | { readonly id: number; readonly op: 'stop' };

/** What a request answers: a number (heap bytes, a port), a queue's attribute changes, a page of its messages or their history. */
export type EmulatorThreadValue =
  number | readonly QueueAttributeChange[] | QueueContentsPage | readonly MessageEvent[];

/** The answer to one request. */
export type EmulatorThreadReply =
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value?: EmulatorThreadValue }
  | {
      readonly type: 'reply';
      readonly id: number;
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string };
    };

/** What a thread posts once, when its emulator listens or failed to start. */
export type EmulatorThreadStarted =
  { readonly type: 'ready'; readonly port: number } | { readonly type: 'start-failed'; readonly message: string };

/** Any message from an emulator thread. */
export type EmulatorThreadMessage = EmulatorThreadReply | EmulatorThreadStarted;
