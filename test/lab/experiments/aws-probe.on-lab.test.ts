import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, SendMessageCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LabOnlyActionError,
  loweredVisibilityTimeout,
  openAwsProbe,
  QueueNotLoweredError,
} from '#experiments/aws-probe';
import { findExperiment } from '#experiments/catalog';
import type { PollingExperiment } from '#experiments/experiment';
import { QueueNotEmptyError } from '#experiments/queue-runs/polling-run';
import { runExperiment } from '#experiments/runner';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { pointAwsPathAtLab, withLabWaits } from '#test/helpers/aws-path-on-lab';

/**
 * `npm run experiment -- heartbeat --target aws --outputs cdk-outputs.local.json` with the
 * `LocalLab` endpoints in `AWS_ENDPOINT_URL_*`: the AWS probe (API over HTTP, the worker's
 * lines through FilterLogEvents, the effect counter through GetItem, the DLQ through SQS) runs
 * against a lab and reaches the same verdict as on AWS.
 */
describe('the AWS path of an experiment, pointed at the lab', () => {
  let lab: Lab;
  let directory: string;

  beforeAll(async () => {
    lab = await startTutorialLab({ stacks: ['VisibilityDupStack'] });
    directory = mkdtempSync(join(tmpdir(), 'sqs-lab-aws-path-'));
  });

  afterAll(async () => {
    await lab?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  /** short-vs-long-polling with 4 s periods instead of 12 (the same code, a shorter plan). */
  function shortPolling(): PollingExperiment {
    const experiment = findExperiment('short-vs-long-polling');
    if (experiment.stack !== 'SQS' || experiment.run !== 'polling') throw new Error('not the polling experiment');
    return { ...experiment, plan: { ...experiment.plan, periodSeconds: 4, sendAtSeconds: [1, 2.5] } };
  }

  async function dlqCount(): Promise<number> {
    const { Attributes } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: lab.stack('VisibilityDupStack').dlqUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
  }

  it('polls the deployed DLQ for short-vs-long-polling, to a matched verdict, and leaves it empty', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const experiment = shortPolling();
    const probe = await openAwsProbe(experiment, outputsFile);

    try {
      const result = await runExperiment(experiment, probe);

      expect(result.observation).toMatchObject({
        kind: 'polling',
        short: { waitTimeSeconds: 0, messagesReceived: 2 },
        long: { waitTimeSeconds: 20, messagesReceived: 2 },
      });
      expect(result.matched).toBe(true);
      expect(await dlqCount()).toBe(0);
    } finally {
      await probe.close();
    }
  }, 30_000);

  it('refuses to poll a DLQ that holds messages, and leaves them there', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const dlqUrl = lab.stack('VisibilityDupStack').dlqUrl;
    await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: dlqUrl, MessageBody: '{"id":"someone-elses"}' }));
    const experiment = shortPolling();
    const probe = await openAwsProbe(experiment, outputsFile);

    try {
      await expect(runExperiment(experiment, probe)).rejects.toBeInstanceOf(QueueNotEmptyError);
      expect(await dlqCount()).toBe(1);
    } finally {
      await probe.close();
    }
  });

  it('refuses fifo-dedup: the deployed stacks have no FIFO queue', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);

    await expect(openAwsProbe(findExperiment('fifo-dedup'), outputsFile)).rejects.toBeInstanceOf(LabOnlyActionError);
  });

  it('refuses a Step 7 experiment while the queue is left at 30 s, and opens once the printed command ran', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const queueUrl = lab.stack('VisibilityDupStack').queueUrl;
    // What a rolled-back update leaves behind (Raise ran, Lower did not).
    await lab.clients.sqs.send(
      new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: { VisibilityTimeout: '30' } }),
    );

    const refusal = await openAwsProbe(findExperiment('no-heartbeat'), outputsFile).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(QueueNotLoweredError);
    const command = /: (aws sqs set-queue-attributes --queue-url (\S+) --attributes VisibilityTimeout=(\d+))$/.exec(
      (refusal as Error).message,
    );
    expect(command?.[2]).toBe(queueUrl);
    expect(Number(command?.[3])).toBe(loweredVisibilityTimeout('VisibilityDupStack'));
    // The command, run through the SDK (the same SetQueueAttributes call the AWS CLI makes).
    await lab.clients.sqs.send(
      new SetQueueAttributesCommand({ QueueUrl: command?.[2], Attributes: { VisibilityTimeout: command?.[3] } }),
    );
    const probe = await openAwsProbe(findExperiment('no-heartbeat'), outputsFile);
    await probe.close();
  });

  it('runs heartbeat through the SDK clients on the lab endpoints to a matched verdict', async () => {
    const outputsFile = await pointAwsPathAtLab(lab, directory);
    const experiment = findExperiment('heartbeat');
    const probe = await openAwsProbe(experiment, outputsFile);
    const prompt = withLabWaits(probe);

    try {
      const result = await runExperiment(experiment, prompt);

      expect(result.observation).toMatchObject({ kind: 'visibility', deliveries: 1, effects: 1, dlq: 0 });
      expect(result.matched).toBe(true);
      expect(
        result.lines.some((line) =>
          line.includes(`Start ${result.observation.kind === 'visibility' ? result.observation.id : ''}`),
        ),
      ).toBe(true);
    } finally {
      await probe.close();
    }
  });
});
