/**
 * Each experiment's title and prediction (and, for one that only the lab can run, why), in
 * English, by the experiment's name: the catalog (experiments/catalog*.ts) reads them with
 * `localized`. experiments-ja.ts has the same keys. A text that names one of the experiment's own
 * figures (a delay, a life, a pattern) takes it as an argument, so the catalog keeps the figure.
 */

/** Every experiment's words, in English. */
export const enExperiments = {
  heartbeat: {
    title: 'Step 7: an 8 s job on a 5 s queue, heartbeat on',
    prediction: '1 delivery, no duplicate, 1 effect: the heartbeat keeps the message hidden',
  },
  'no-heartbeat': {
    title: 'Step 7: the same job, heartbeat off',
    prediction: 'the message reappears after 5 s and is delivered again; the guard detects the duplicate; 1 effect',
  },
  'failing-heartbeat': {
    title: 'Step 7: heartbeat on, but every ChangeMessageVisibility fails',
    prediction:
      'the failed extension is logged and the worker carries on; the message reappears; duplicate detected; 1 effect',
  },
  'no-idempotency': {
    title: 'Step 7: heartbeat off and the guard off',
    prediction:
      'the duplicate is not caught: the second delivery runs the effect again, 2 effects for 1 message (the lab stops watching there; left alone, every further delivery would add one)',
  },
  'long-job': {
    title: 'Step 7: a 15 s job, three times the visibility timeout, heartbeat on',
    prediction:
      'heartbeat on: 1 delivery, 1 effect, about one extension every 3 s keeps it hidden for 15 s (the tutorial runs this job without a heartbeat and predicts a duplicate: no-heartbeat shows that)',
  },
  'partial-batch': {
    title: 'Step 8: 10 messages, every 3rd fails, reportBatchItemFailures on',
    prediction: '1,2,4,5,7,8,10 processed once and deleted; 3,6,9 received twice, then in the DLQ',
  },
  'no-partial-report': {
    title: 'Step 8: the same run, reportBatchItemFailures off',
    prediction:
      'a failure fails its whole batch: successes that shared a batch with 3, 6 or 9 are processed again, and end in the DLQ with them if their second batch fails too (how many depends on how SQS splits the receives)',
  },
  'batch-size-1': {
    title: 'Step 8: the same run with batch size 1',
    prediction:
      'one record per invocation: 10, then 3 retries (13); each failure retries only itself; 3,6,9 in the DLQ',
  },
  'visibility-sweep': {
    title: 'Step 7: jobs of 1, 2, 7 and 9 s on the 5 s queue, heartbeat off',
    prediction:
      'jobs shorter than the 5 s visibility timeout are delivered once; longer ones are delivered again and the guard skips the copies; 1 effect each',
  },
  'long-job-no-heartbeat': {
    title: "Step 7: the tutorial's long job, 15 s on the 5 s queue, heartbeat off",
    prediction:
      'the message reappears every 5 s while the first delivery works: each copy is refused as in progress, not acknowledged, and comes back; once the first completes, the next copy is skipped; 1 effect',
  },
  'heartbeat-frequent': {
    title: 'Step 7: the 8 s job with a heartbeat every 1.2 s (to 4 s) instead of every 3 s (to 10 s)',
    prediction:
      '1 delivery, 1 effect, as with the 3 s heartbeat, but about 6 extensions instead of 2: the extra calls buy nothing',
  },
  'heartbeat-late': {
    title: 'Step 7: the 8 s job with a heartbeat every 6 s: its first extension is due after the 5 s timeout',
    prediction:
      'the message reappears at 5 s, before the first extension at 6 s: delivered again despite the heartbeat; the guard catches it; 1 effect',
  },
  'in-progress-crash': {
    title: 'Step 7: heartbeat off, and the first delivery crashes after its duplicate was refused as in progress',
    prediction:
      'the refused duplicate was not acknowledged, so the message outlives the crash; once the dead claim lapses (12 s), a later delivery takes over and completes: 1 effect',
    why: 'the lab kills the first delivery mid-job, which nothing can do on demand on AWS',
  },
  'throttled-completion': {
    title: 'Step 7: a 2 s job whose DynamoDB completion write is throttled (a transient downstream failure)',
    prediction:
      'the SDK retries the throttled write (up to 4 attempts, seconds of backoff) while the heartbeat keeps the message hidden; then the delivery releases its claim and is not acknowledged, the message comes back once its visibility runs out, and the retry completes: 2 deliveries, 1 effect',
  },
  'reserved-concurrency': {
    title: 'Step 7: jobs of 6, 7 and 8 s on a worker with reserved concurrency 1',
    prediction:
      'one job runs at a time; the others are throttled until their 5 s visibility timeout runs out and go back to the queue: a job first runs on receive 2 or later, 1 effect each (with maxReceiveCount 2 it would have gone to the DLQ without running: why AWS advises at least 5)',
  },
  'no-partial-report-batch-1': {
    title: 'Step 8: reportBatchItemFailures off, but batch size 1',
    prediction:
      'a failed batch holds only the failed record: no success is processed again even without partial responses; 3,6,9 in the DLQ',
  },
  'poison-message': {
    title: 'Step 8: 10 good messages and 1 the producer would never send (a validation error)',
    prediction:
      'the invalid message fails validation on both of its receives and ends in the DLQ; the 10 good ones are processed once',
  },
  'dlq-redrive': {
    title: 'Step 8: partial-batch, then the DLQ redriven to the source queue',
    prediction:
      '3,6,9 reach the DLQ; redriven, they return as new messages, fail twice more (nothing was fixed) and go back to the DLQ; the 7 successes are untouched',
  },
  'throughput-batch-10': {
    title: 'Step 8: 100 messages, none failing, batch size 10',
    prediction:
      'every message processed once in fewer invocations than messages: batches of up to 10 (how many invocations depends on how SQS splits the receives; 10 with full batches)',
  },
  'throughput-batch-1': {
    title: 'Step 8: 100 messages, none failing, batch size 1',
    prediction: 'every message processed once, in 100 invocations: one per message',
  },
  'message-timer': {
    title: (delaySeconds: number) =>
      `Step 7: a 1 s job sent with a ${delaySeconds} s message timer ("delaySeconds": ${delaySeconds}, SendMessage DelaySeconds)`,
    prediction: (delaySeconds: number) =>
      `the message is counted as delayed and no consumer can receive it for ${delaySeconds} s; then it is delivered once: first receive no earlier than ${delaySeconds} s after the send, 1 effect`,
  },
  'delay-queue': {
    title: (delaySeconds: number) => `Step 7: a 1 s job on a delay queue (the queue's DelaySeconds is ${delaySeconds})`,
    prediction: (delaySeconds: number) =>
      `the message, sent without a timer of its own, takes the queue's delay: counted as delayed (ApproximateNumberOfMessagesDelayed 1), then delivered once when the ${delaySeconds} s are over, 1 effect`,
  },
  'producer-retry-duplicate': {
    title: 'Step 7: the producer sends the same 2 s job twice ("sendTwice": true, a retry after a lost response)',
    prediction:
      'two SQS messages (two message ids) carry one id; the standard queue delivers both; the guard runs the job once and refuses the other copy as in progress or skips it as completed: 1 effect. Duplicates come from producers too, not only from visibility timeouts',
  },
  'fifo-dedup': {
    title:
      'FIFO queue: one job sent twice within the 5-minute deduplication interval and again after it; a group in order; a consumer slower than its visibility timeout',
    prediction:
      'sent twice within 5 minutes (MessageDeduplicationId = id): delivered once; sent again after 5 minutes: delivered again; a message group comes out in order; a job received and not deleted within its visibility timeout is received again with the same MessageDeduplicationId: deduplication applies to sends, so the consumer still needs the guard',
    labOnly:
      'it needs a FIFO queue, which the deployed stacks do not have, and it moves the SQS clock past the 5-minute interval, which only the lab can do',
  },
  'short-vs-long-polling': {
    title:
      'A sparse queue polled for 12 s with WaitTimeSeconds 0, then 12 s with WaitTimeSeconds 20 (2 messages each time)',
    prediction:
      'the same 2 messages reach both consumers; short polling calls ReceiveMessage again and again (here about 10 times a second), nearly always getting an empty response; long polling makes a few calls, each answered as soon as a message arrives: a fraction of the requests and the cost',
  },
  'visibility-manager': {
    title: (maxLifeSeconds: number) =>
      `Step 7: ten jobs in one batch under one visibility manager; one of them outlives its ${maxLifeSeconds} s maximum life`,
    prediction: (timerIntervalMs: number, minimalLifeMs: number, queueSeconds: number, maxLifeSeconds: number) =>
      `one ChangeMessageVisibilityBatch per check carries the whole batch (every ${timerIntervalMs / 1000} s, when a message would have less than ${minimalLifeMs / 1000} s left), so the 6 s jobs outlive the ${queueSeconds} s timeout with 1 delivery each; the 12 s job is let go at ${maxLifeSeconds} s (visibility 0 s), received again and refused as in progress; 1 effect each`,
  },
  'visibility-too-long': {
    title: (longQueueSeconds: number, shortDeadlineSeconds: number) =>
      `Step 7: the workers crash mid-job: a ${longQueueSeconds} s visibility timeout without heartbeat vs a ${shortDeadlineSeconds} s deadline kept by the heartbeat`,
    prediction: (longQueueSeconds: number, shortDeadlineSeconds: number) =>
      `after the crash the long job waits out its whole ${longQueueSeconds} s timeout before its retry; the short job is retried within ${shortDeadlineSeconds} s of its last heartbeat; 1 effect each`,
  },
  'dlq-alarm': {
    title: "Step 8: partial-batch, watching the DLQ's CloudWatch alarm",
    prediction:
      'the alarm is OK while the DLQ is empty and goes to ALARM once 3, 6 and 9 are parked there, notifying its SNS topic (on AWS, CloudWatch evaluates the 1-minute metric: the change takes minutes, and the run waits up to 7)',
  },
  'event-filter': {
    title: (pattern: string) =>
      `Step 8: 10 messages, every 3rd marked shouldFail, through a mapping whose FilterCriteria is ${pattern}`,
    prediction:
      '3, 6 and 9 match no filter: Lambda deletes them from the queue without invoking the worker, so they are never processed, retried or parked in the DLQ; 1,2,4,5,7,8,10 are processed once; the queue ends empty',
  },
};

/** The words of every experiment, as `enExperiments` holds them: each language has these keys. */
export type ExperimentWords = typeof enExperiments;
