/**
 * The lab's side of SQS (the queues themselves live in fauxqs, behind the fidelity layer):
 * clients on the emulator, the prefix of the lab's queue names, a queue's attributes as
 * another service sees them after propagation (attribute-propagation.ts), and the removal of
 * the lab's queues from emulators it shares with other labs.
 */
import { DeleteQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueArn } from '../../common/local-aws';
import type { ResolvedPropagation } from '../../common/propagation';
import { type PropagatedAttributeReader, propagatedAttributeReader } from './attribute-propagation';
import type { QueueAttributeChange } from './fidelity/attribute-change-log';
import type { SqsCalls } from './sqs-calls';

/** What the lab's SQS is built on. */
export interface SqsServiceOptions {
  readonly client: SQSClient;
  /** The calls Lambda's pollers make (a lighter client than `client`). */
  readonly calls: SqsCalls;
  /** Prefix of every queue name the lab creates. */
  readonly namePrefix: string;
  /** The emulator's log of a queue's attribute changes. */
  readonly attributeChanges: (queueUrl: string) => Promise<readonly QueueAttributeChange[]>;
  readonly propagation: ResolvedPropagation;
}

/** One lab's queues on the SQS emulator. */
export class SqsService {
  readonly client: SQSClient;
  readonly calls: SqsCalls;
  readonly namePrefix: string;

  constructor(private readonly options: SqsServiceOptions) {
    this.client = options.client;
    this.calls = options.calls;
    this.namePrefix = options.namePrefix;
  }

  /** A queue's attributes as `reader` (`lambda`) sees them: a change reaches it after its propagation delay. */
  seenBy(reader: string): PropagatedAttributeReader {
    return propagatedAttributeReader({
      changes: this.options.attributeChanges,
      propagation: this.options.propagation,
      reader,
    });
  }

  /** The ARN of a queue, from its URL. */
  queueArnOf(queueUrl: string): string {
    return queueArn(queueUrl.slice(queueUrl.lastIndexOf('/') + 1));
  }

  /** Deletes the queues (which also ends long polls left waiting on them); failures are ignored. */
  async deleteQueues(queueUrls: readonly string[]): Promise<void> {
    await Promise.allSettled(queueUrls.map((QueueUrl) => this.client.send(new DeleteQueueCommand({ QueueUrl }))));
  }
}
