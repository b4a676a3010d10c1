/**
 * The timeline of any app's queue (lab.queueTimeline), drawn from what SQS and Lambda saw, for a
 * learner's consumer the lab knows nothing of (lab/test/fixtures/consumer-app): each message's
 * send, its receives with their receive counts, the invocation and the mapping's answer (deleted,
 * or kept because batchItemFailures listed it), a ChangeMessageVisibility from the handler, the
 * timeout running out, and the move to the DLQ after maxReceiveCount receives.
 */
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { queueTimelineLook } from '#lab/timeline/queue-timeline-look';
import type { QueueTimeline } from '#lab/timeline/queue-timeline';
import { renderTimelineSvg } from '#lab/timeline/timeline-svg';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('consumer-app');

describe('the timeline of a learner’s queue', () => {
  let lab: Lab;
  let outputs: Record<string, string>;
  let timeline: QueueTimeline;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    outputs = { ...lab.deployed.get('ConsumerStack')?.outputs };
    await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
    for (const body of ['order 1', 'poison', 'slow']) {
      const { MessageId = '' } = await lab.clients.sqs.send(
        new SendMessageCommand({ QueueUrl: outputs.QueueUrl, MessageBody: body }),
      );
      ids.set(body, MessageId);
    }
    // The poison message: received twice (2 s visibility each), then moved by the third receive.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { Attributes = {} } = await lab.clients.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: outputs.DlqUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      if (Attributes.ApproximateNumberOfMessages === '1' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    timeline = await lab.queueTimeline(outputs.QueueUrl ?? '');
  }, 120_000);

  afterAll(async () => {
    await lab?.stop();
  });

  const lane = (body: string) => {
    const found = timeline.lanes.find((candidate) => candidate.id === ids.get(body));
    expect(found, `a lane for "${body}"`).toBeDefined();
    return found!;
  };
  const kinds = (body: string) => lane(body).marks.map((mark) => `${mark.row}:${mark.kind}`);

  it('draws one lane per message, named by its body, in the order they were sent', () => {
    expect(timeline.lanes.map((candidate) => candidate.id)).toEqual([
      ids.get('order 1'),
      ids.get('poison'),
      ids.get('slow'),
    ]);
    expect(lane('poison').label).toBe('poison');
    expect(timeline.title).toContain('Orders');
  });

  it('shows a processed message sent, received once, OK and deleted by the mapping', () => {
    expect(kinds('order 1')).toEqual(['0:sent', '0:receive', '0:deleted', '0:ok']);
    expect(
      lane('order 1')
        .spans.map((span) => span.kind)
        .sort(),
    ).toEqual(['invisible', 'work']);
    const invisible = lane('order 1').spans.find((span) => span.kind === 'invisible');
    const deleted = lane('order 1').marks.find((mark) => mark.kind === 'deleted');
    expect(invisible?.end).toBe(deleted?.at);
  });

  it('shows the poison message kept twice (batchItemFailures), visible again each time, then moved to the DLQ', () => {
    const poison = lane('poison');
    expect(poison.rows).toBe(2);
    expect(kinds('poison')).toEqual([
      '0:sent',
      '0:receive',
      '0:visible-again',
      '0:failed',
      '1:receive',
      '1:visible-again',
      '1:failed',
      '1:dlq',
    ]);
    expect(poison.marks.filter((mark) => mark.kind === 'failed').map((mark) => mark.label)).toEqual([
      'in batchItemFailures',
      'in batchItemFailures',
    ]);
    expect(poison.spans.filter((span) => span.kind === 'invisible').map((span) => span.receive)).toEqual([1, 2]);
  });

  it('shows the handler’s ChangeMessageVisibility moving the deadline', () => {
    const slow = lane('slow');
    const change = slow.marks.find((mark) => mark.kind === 'visibility');
    expect(change?.label).toBe('visibility 5 s');
    const invisible = slow.spans.find((span) => span.kind === 'invisible');
    expect(invisible?.supersededDeadlines).toHaveLength(1);
  });

  it('renders as SVG with every mark, in Japanese too', async () => {
    const svg = renderTimelineSvg(timeline, queueTimelineLook('en'));
    for (const kind of ['sent', 'receive', 'ok', 'failed', 'deleted', 'dlq', 'visibility', 'visible-again'])
      expect(svg).toContain(`mark-${kind}`);
    const ja = await lab.queueTimeline(outputs.QueueUrl ?? '', { language: 'ja' });
    expect(renderTimelineSvg(ja, queueTimelineLook('ja'))).toContain('受信 2');
  });
});
