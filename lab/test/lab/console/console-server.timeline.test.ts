/**
 * The console draws any app's queue as a timeline (GET /api/timeline, the stack card's drawing,
 * refreshed in place), for a learner's consumer the lab knows nothing of
 * (lab/test/fixtures/consumer-app): the processed message's OK and delete, the poison message's
 * two failed receives and its move to the DLQ, in Chromium and in Japanese.
 */
import chromium from '@sparticuz/chromium';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type LabConsole, startConsole } from '#lab/console/console-server';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('consumer-app');

describe('the console’s queue timeline (Chromium)', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let browser: Browser;
  let page: Page;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    labConsole = await startConsole(lab);
    outputs = { ...lab.deployed.get('ConsumerStack')?.outputs };
    browser = await puppeteer.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
    });
    page = await browser.newPage();
    await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await labConsole?.stop();
    await lab?.stop();
  });

  it('says there is nothing to draw before the first message, in the page’s language', async () => {
    const answer = await fetch(`${labConsole.url}api/timeline?stack=ConsumerStack&lang=ja`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      lanes: 0,
      svg: '',
      legend: '',
      empty: 'このキューにはまだメッセージが送られていません。',
    });
  });

  it('refuses a stack it does not have with a 400 and a JSON reason', async () => {
    const answer = await fetch(`${labConsole.url}api/timeline?stack=NoSuchStack`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: expect.stringContaining('ConsumerStack') });
  });

  it('draws each message’s path in the stack card, updated in place as it happens', async () => {
    await page.goto(`${labConsole.url}?lang=ja`);
    await page.waitForSelector('section[data-stack="ConsumerStack"] .queue-timeline');
    for (const body of ['order 1', 'poison'])
      await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: outputs.QueueUrl, MessageBody: body }));
    // The poison message goes to the DLQ on the receive after its second (2 s visibility each).
    await page.waitForSelector('section[data-stack="ConsumerStack"] .queue-timeline svg .mark-dlq', {
      timeout: 20_000,
    });
    const drawn = await page.$eval('section[data-stack="ConsumerStack"] .queue-timeline', (slot) => ({
      lanes: slot.querySelectorAll('g.lane').length,
      marks: [...slot.querySelectorAll('g.lane')].map((lane) =>
        [...lane.querySelectorAll('g.mark')].map((mark) => mark.getAttribute('class')?.replace('mark mark-', '')),
      ),
      legend: slot.querySelector('svg.legend')?.textContent ?? '',
      heading: slot.previousElementSibling?.textContent ?? '',
    }));
    expect(drawn.lanes).toBe(2);
    expect(drawn.marks[0]).toEqual(['sent', 'receive', 'deleted', 'ok']);
    expect(drawn.marks[1]).toEqual([
      'sent',
      'receive',
      'visible-again',
      'failed',
      'receive',
      'visible-again',
      'failed',
      'dlq',
    ]);
    expect(drawn.legend).toContain('デッドレターキューへ移動');
    expect(drawn.heading).toContain('タイムライン');
    const { Attributes = {} } = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: outputs.DlqUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    expect(Attributes.ApproximateNumberOfMessages).toBe('1');
  }, 40_000);
});
