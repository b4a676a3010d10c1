/**
 * AWS requests per message through the whole local pipeline, counted by the lab
 * (`lab.awsCallCounts()`: each function's own calls, and the lab's own clients, i.e. the
 * event source mapping's receives and deletes), beside the tutorial's hand-written consumer
 * (one message per receive, one DeleteMessage each) on the same emulator.
 */

import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { LAB_CALL_SITE } from '@sqs-lab/lab';
import { createSqsClient, type Emulators } from '@sqs-lab/lab';
import { type CallCounts, countAwsCalls, createBenchQueue, runPool } from '@sqs-lab/lab/bench';
import { drainOneByOne } from '../baseline/naive-consumer';
import { type LabRun, measureLabPipeline, type PipelinePath } from './lab-throughput';

/** One path's requests, per call site, divided by the messages. */
export interface PipelineRequests {
  readonly path: PipelinePath;
  readonly messages: number;
  /** `Service.Operation` → requests per message, for the producer, the mapping and the worker. */
  readonly producer: CallCounts;
  readonly mapping: CallCounts;
  readonly worker: CallCounts;
  /**
   * ReceiveMessage calls per message that came back with messages. The rest came back empty:
   * fauxqs wakes every waiting long poll when a message arrives and the losers return empty,
   * where SQS keeps them waiting, so the lab's empty receives overstate AWS's under load.
   */
  readonly nonEmptyReceivesPerMessage: number;
  readonly producerInvocationsPerMessage: number;
  readonly workerInvocationsPerMessage: number;
  /** Mean invocation duration on the lab, per function id, in ms (for reference, not billed). */
  readonly labMeanDurationMs: Record<string, number>;
}

/** The tutorial's consumer on the same emulator. */
export interface NaiveConsumerRequests {
  readonly messages: number;
  /** Requests per message. */
  readonly perMessage: CallCounts;
}

/** Both lab paths and the naive consumer. */
export interface PipelineRequestsResult {
  readonly batch: PipelineRequests;
  readonly guard: PipelineRequests;
  readonly naiveConsumer: NaiveConsumerRequests;
}

function perMessage(calls: CallCounts, messages: number): CallCounts {
  return Object.fromEntries(Object.entries(calls).map(([name, value]) => [name, value / messages]));
}

/** Per-message requests of one lab run. */
function pipelineRequests(path: PipelinePath, run: LabRun): PipelineRequests {
  const stackName = path === 'batch' ? 'BatchPartialStack' : 'VisibilityDupStack';
  return {
    path,
    messages: run.messages,
    producer: perMessage(run.calls[`${stackName}/Producer`] ?? {}, run.messages),
    mapping: perMessage(run.calls[LAB_CALL_SITE] ?? {}, run.messages),
    worker: perMessage(run.calls[`${stackName}/Worker`] ?? {}, run.messages),
    nonEmptyReceivesPerMessage: (run.mapping.receiveCalls - run.mapping.emptyReceives) / run.messages,
    producerInvocationsPerMessage: run.producerInvocations / run.messages,
    workerInvocationsPerMessage: run.workerInvocations / run.messages,
    labMeanDurationMs: run.meanDurationMs,
  };
}

async function measureNaiveConsumer(emulators: Emulators, messages: number): Promise<NaiveConsumerRequests> {
  const sqs = createSqsClient(emulators);
  try {
    const queueUrl = await createBenchQueue(sqs, 'naive-consumer');
    await runPool(Math.ceil(messages / 10), 4, async (chunk) => {
      const size = Math.min(10, messages - chunk * 10);
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: Array.from({ length: size }, (_, index) => ({
            Id: String(index),
            MessageBody: `{"id":"naive-${chunk}-${index}"}`,
          })),
        }),
      );
    });
    const counter = countAwsCalls(sqs);
    await drainOneByOne(sqs, queueUrl, messages, 5);
    return { messages, perMessage: perMessage(counter.snapshot(), messages) };
  } finally {
    sqs.destroy();
  }
}

/** Both paths through fresh labs, then the naive consumer. */
export async function measurePipelineRequests(
  emulators: Emulators,
  sizes: { readonly batch: number; readonly guard: number },
): Promise<PipelineRequestsResult> {
  const batch = pipelineRequests('batch', await measureLabPipeline(emulators, 'batch', sizes.batch));
  const guard = pipelineRequests('guard', await measureLabPipeline(emulators, 'guard', sizes.guard));
  return { batch, guard, naiveConsumer: await measureNaiveConsumer(emulators, sizes.batch) };
}
