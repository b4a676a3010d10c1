/// <reference lib="dom" />
/**
 * The lab console in a real browser (Chromium from @sparticuz/chromium, driven by
 * puppeteer-core): a learner sends a job with the heartbeat off, watches it in flight, sees it
 * come back when its 5 s visibility timeout ends, sees the duplicate in the log pane, and
 * redrives a DLQ message.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, type LabConsole, startConsole, startLab } from '../../lab';
import { PROJECT_ROOT } from '../../lib/project-root';

describe('the lab console (Chromium)', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    lab = await startLab({ quiet: true });
    labConsole = await startConsole(lab);
    browser = await puppeteer.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
    });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(labConsole.url);
    await page.waitForSelector('section[data-stack="VisibilityDupStack"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await labConsole?.stop();
    await lab?.stop();
  });

  it('is served on 127.0.0.1 only, in English or Japanese', async () => {
    expect(labConsole.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const japanese = await (await fetch(`${labConsole.url}?lang=ja`)).text();
    expect(japanese).toContain('<html lang="ja">');
    expect(japanese).toContain('ジョブを送る');
    expect(japanese).not.toMatch(/\{\{\w+\}\}/);
  });

  it('shows a job sent with the heartbeat off in flight, then visible again, and the duplicate in the log pane', async () => {
    const id = `console-${Date.now().toString(36)}`;
    await page.$eval(
      '#body',
      (element, text) => ((element as HTMLTextAreaElement).value = text),
      JSON.stringify({ id, sleep: 8 }),
    );
    await page.$eval('#heartbeat', (element) => ((element as HTMLInputElement).checked = false));
    await page.click('#send');
    await page.waitForFunction(() => document.querySelector('#send-result')?.textContent?.startsWith('202'), {
      timeout: 5000,
    });

    const row = `section[data-stack="VisibilityDupStack"] tr[data-id="${id}"]`;
    await page.waitForSelector(`${row}[data-state="in-flight"]`, { timeout: 5000 });
    const countdown = await page.$eval(`${row} .countdown`, (element) => element.textContent ?? '');
    expect(Number.parseFloat(countdown)).toBeGreaterThan(0);
    expect(Number.parseFloat(countdown)).toBeLessThanOrEqual(5);

    // 5 s later the first copy's window ends; the mapping receives it again (receive #2).
    await page.waitForFunction(
      (selector) => document.querySelector(`${selector} .receive-count`)?.textContent === '2',
      { timeout: 10_000 },
      row,
    );
    await page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll('#log .log-line')].some(
          (line) =>
            (line as HTMLElement).dataset.id === wanted &&
            (line as HTMLElement).dataset.event === 'duplicate-in-progress',
        ),
      { timeout: 5000 },
      id,
    );
    await page.type('#log-filter', id);
    const visible = await page.$$eval('#log .log-line', (lines) =>
      lines.filter((line) => (line as HTMLElement).style.display !== 'none').map((line) => line.textContent ?? ''),
    );
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.every((line) => line.includes(id))).toBe(true);
    mkdirSync(join(PROJECT_ROOT, '.lab', 'screenshots'), { recursive: true });
    await page.screenshot({ path: join(PROJECT_ROOT, '.lab', 'screenshots', 'console.png'), fullPage: true });
  });

  it('lists a DLQ message and redrives it to its source queue', async () => {
    const stack = lab.stack('BatchPartialStack');
    if (stack.dlqUrl === undefined) throw new Error('BatchPartialStack has no DLQ');
    // A message parked in the DLQ, as two failed receives would leave it.
    await lab.clients.sqs.send(
      new SendMessageCommand({ QueueUrl: stack.dlqUrl, MessageBody: JSON.stringify({ id: 'parked', fail: false }) }),
    );
    const dlqRow = 'section[data-stack="BatchPartialStack"] tr[data-dlq-message]';
    await page.waitForSelector(dlqRow, { timeout: 8000 });
    await page.$eval('section[data-stack="BatchPartialStack"] button[data-redrive]', (button) =>
      (button as HTMLButtonElement).click(),
    );
    await page.waitForFunction(
      () =>
        document.querySelector('section[data-stack="BatchPartialStack"] [data-queue="dlq"] .count-visible')
          ?.textContent === '0',
      { timeout: 8000 },
    );
  });
});
