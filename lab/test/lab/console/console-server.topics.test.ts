/// <reference lib="dom" />
/**
 * The console's topics, in a real browser (Chromium from @sparticuz/chromium, driven by
 * puppeteer-core), for a learner's fan-out app (lab/test/fixtures/sns-fanout-app): each message
 * published to the topic is a row, each subscription a column, and each cell what SNS did with
 * that message there: delivered to the raw queue and to the function, filtered out of the orders
 * queue when it is not an order, not delivered to the queue whose policy does not let SNS send
 * (with the reason), in the page's language.
 */
import chromium from '@sparticuz/chromium';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type LabConsole, startConsole } from '#lab/console/console-server';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('sns-fanout-app');

/** The cells of a message's row, by the subscription's target (queue or function name). */
async function rowOf(page: Page, messageId: string): Promise<Record<string, { outcome: string; title: string }>> {
  const selector = `tr[data-topic-message="${messageId}"]`;
  await page.waitForFunction(
    (row) => {
      const cells = document.querySelectorAll(`${row} td[data-outcome]`);
      return cells.length > 0 && [...cells].every((cell) => cell.getAttribute('data-outcome') !== 'pending');
    },
    { timeout: 10_000 },
    selector,
  );
  return page.$eval(selector, (row) => {
    const table = row.closest('table');
    const heads = [...(table?.querySelectorAll('th[data-subscription]') ?? [])].map(
      (head) => head.firstChild?.textContent?.trim() ?? '',
    );
    const cells = [...row.querySelectorAll('td[data-outcome]')];
    return Object.fromEntries(
      cells.map((cell, index) => [
        heads[index] ?? String(index),
        { outcome: cell.getAttribute('data-outcome') ?? '', title: cell.getAttribute('title') ?? '' },
      ]),
    );
  });
}

describe('the console’s SNS topics (Chromium)', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let browser: Browser;
  let page: Page;
  let sns: SNSClient;
  let topicArn: string;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    labConsole = await startConsole(lab);
    expect(labConsole.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    sns = new SNSClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    topicArn = lab.deployed.get('FanoutStack')?.outputs.TopicArn ?? '';
    browser = await puppeteer.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
    });
    page = await browser.newPage();
    await page.goto(`${labConsole.url}?lang=ja`);
    await page.waitForSelector('section[data-stack="FanoutStack"] h3[data-topic]');
  }, 120_000);

  afterAll(async () => {
    sns?.destroy();
    await browser?.close();
    await labConsole?.stop();
    await lab?.stop();
  });

  const publish = async (kind: string) =>
    (
      await sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          Message: `an ${kind}`,
          Subject: kind,
          MessageAttributes: { kind: { DataType: 'String', StringValue: kind } },
        }),
      )
    ).MessageId ?? '';

  it('shows each message’s path to every subscription: delivered, filtered out, or not delivered and why', async () => {
    const order = await publish('order');
    const refund = await publish('refund');
    const orderRow = await rowOf(page, order);
    const notifier = Object.keys(orderRow).find((target) => target.includes('Notifier')) ?? '';
    const outcomes = (row: typeof orderRow) =>
      Object.fromEntries(
        Object.entries(row).map(([target, cell]) => [target === notifier ? 'Notifier' : target, cell.outcome]),
      );
    // Queue names are CloudFormation's (FanoutStack-Orders…); the test reads them from the row's heads.
    const byQueue = (row: typeof orderRow, logical: string) =>
      Object.entries(row).find(([target]) => target.includes(`-${logical}`))?.[1];
    expect(byQueue(orderRow, 'Orders')?.outcome).toBe('delivered');
    expect(byQueue(orderRow, 'Audit')?.outcome).toBe('delivered');
    expect(byQueue(orderRow, 'Closed')).toMatchObject({
      outcome: 'failed',
      title: expect.stringContaining('does not allow sns.amazonaws.com to sqs:SendMessage'),
    });
    expect(outcomes(orderRow).Notifier).toBe('delivered');
    const refundRow = await rowOf(page, refund);
    expect(byQueue(refundRow, 'Orders')?.outcome).toBe('filtered');
    expect(byQueue(refundRow, 'Audit')?.outcome).toBe('delivered');
    // In the page's language, newest message first.
    const text = await page.$eval(
      'section[data-stack="FanoutStack"] table.topic-paths',
      (table) => table.textContent ?? '',
    );
    expect(text).toContain('配信済み');
    expect(text).toContain('フィルターで除外');
    expect(text).toContain('配信できず');
    const rowsInOrder = await page.$$eval('section[data-stack="FanoutStack"] tr[data-topic-message]', (rows) =>
      rows.map((row) => row.getAttribute('data-topic-message')),
    );
    expect(rowsInOrder).toEqual([refund, order]);
  });
});
