/// <reference lib="dom" />
/**
 * The lab console in a real browser (Chromium from @sparticuz/chromium, driven by
 * puppeteer-core): a learner sends a job with the heartbeat off, watches it in flight, sees it
 * come back when its 5 s visibility timeout ends, sees the duplicate in the log pane,
 * redrives a DLQ message, fills the send form's fields, and runs a catalog experiment from its
 * button and sees its timeline drawn in the page's language.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { createServer, type Server } from 'node:http';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  ListMessageMoveTasksCommand,
  PurgeQueueCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabConsole, startConsole } from '#lab/console/console-server';
import { TUTORIAL_CONSOLE_EXPERIMENTS } from '#experiments/console-experiments';
import { TUTORIAL_IN_FLIGHT_LINES } from '#experiments/console-in-flight-lines';
import { TUTORIAL_SEND_FORM } from '#experiments/console-send-form';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { PROJECT_ROOT } from '#lib/project-root';

/** Sets a form field's value and fires its `input` event, as typing would. */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (input, text) => {
      (input as HTMLInputElement).value = text;
      input.dispatchEvent(new Event('input'));
    },
    value,
  );
}

/** What the tutorial's `npm run lab` registers with its console (experiments/cli/lab.ts). */
const TUTORIAL_REGISTRATIONS = {
  experiments: TUTORIAL_CONSOLE_EXPERIMENTS,
  sendForm: TUTORIAL_SEND_FORM,
  inFlightLines: TUTORIAL_IN_FLIGHT_LINES,
};

describe('the lab console (Chromium)', () => {
  let lab: Lab;
  let labConsole: LabConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    lab = await startTutorialLab();
    labConsole = await startConsole(lab, TUTORIAL_REGISTRATIONS);
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
    expect(japanese).toContain('メッセージタイマー');
  });

  it('lists and runs only the experiments the app registers: none, without them', async () => {
    const bare = await startConsole(lab);
    try {
      const ask = (path: string, init?: RequestInit) =>
        fetch(new URL(path, bare.url), { ...init, headers: { 'content-type': 'application/json' } });
      expect(await (await ask('api/experiments')).json()).toEqual([]);
      // Nor a send form of the app's: the lab's stacks, no field, a body to write by hand.
      const html = await (await ask('')).text();
      expect(html).toContain(
        '<select id="stack"><option>VisibilityDupStack</option><option>BatchPartialStack</option></select>',
      );
      expect(html).not.toContain('data-field=');
      expect(html).toContain('<textarea id="body">{}</textarea>');
      const run = await ask('api/experiments/heartbeat', { method: 'POST' });
      expect(run.status).toBe(404);
      expect(((await run.json()) as { error: string }).error).toMatch(/^unknown experiment "heartbeat"/);
    } finally {
      await bare.stop();
    }
    const listed = (await (await fetch(new URL('api/experiments', labConsole.url))).json()) as { name: string }[];
    expect(listed.map((entry) => entry.name)).toContain('heartbeat');
  });

  it('answers bad API requests with a JSON error in the asked language', async () => {
    // The console's API takes JSON writes only (a web page's plain form cannot send that type).
    const ask = async (path: string, init?: RequestInit, type = 'application/json') => {
      const answer = await fetch(new URL(path, labConsole.url), { ...init, headers: { 'content-type': type } });
      return { status: answer.status, body: (await answer.json()) as { error?: unknown } };
    };
    const unknown = await ask('api/experiments/no-such-thing?lang=ja', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^「no-such-thing」という実験はありません。.*heartbeat/);
    const english = await ask('api/experiments/no-such-thing', { method: 'POST' });
    expect(english.body.error).toMatch(/^unknown experiment "no-such-thing"/);
    const badStack = await ask('api/enqueue?lang=ja', {
      method: 'POST',
      body: JSON.stringify({ stack: 'X', body: {} }),
    });
    expect(badStack.status).toBe(400);
    expect(badStack.body.error).toContain('stack は VisibilityDupStack');
    const notJson = await ask('api/redrive?lang=ja', { method: 'POST', body: 'nope' });
    expect(notJson).toEqual({ status: 400, body: { error: 'リクエストの本文は JSON オブジェクトにしてください' } });
    const plainText = await ask('api/redrive', { method: 'POST', body: '{"stack":"BatchPartialStack"}' }, 'text/plain');
    expect(plainText).toEqual({ status: 415, body: { error: 'the console API takes Content-Type: application/json' } });
    const noRoute = await ask('api/nothing?lang=ja');
    expect(noRoute.status).toBe(404);
    expect(noRoute.body.error).toMatch(/^GET \/api\/nothing という API はありません/);
    // Without ?lang=, the console's own language (npm run lab --lang ja starts it in Japanese).
    const japaneseConsole = await startConsole(lab, { ...TUTORIAL_REGISTRATIONS, language: 'ja' });
    try {
      const answer = await fetch(new URL('api/experiments/nope', japaneseConsole.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { error: string }).error).toMatch(/^「nope」という実験はありません。/);
    } finally {
      await japaneseConsole.stop();
    }
  });

  it('shows a job sent with the heartbeat off in flight, then visible again, and the duplicate in the log pane', async () => {
    const id = `console-${Date.now().toString(36)}`;
    // The form's fields write the body, as a learner fills them.
    await fill(page, '#id', id);
    await fill(page, '#sleep', '8');
    // Clicked in the page, so that its handler has run before the body is read.
    await page.$eval('#heartbeat', (box) => (box as HTMLInputElement).click());
    expect(JSON.parse(await page.$eval('#body', (area) => (area as HTMLTextAreaElement).value))).toMatchObject({
      id,
      sleep: 8,
      heartbeat: false,
      idempotency: true,
    });
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

  it("names each stack's queues and table as the tutorials do (ShortVTQueue, BatchQueue, the DLQ, IdemTable)", async () => {
    const labels = async (stack: string) =>
      page.$$eval(`section[data-stack="${stack}"] [data-queue] .muted`, (spans) =>
        spans.map((span) => span.textContent ?? ''),
      );
    expect(await labels('VisibilityDupStack')).toEqual([
      expect.stringMatching(/^ShortVTQueue · \d+ s$/),
      expect.stringMatching(/^DLQ \(ShortVTDlq\) · \d+ s$/),
    ]);
    expect(await labels('BatchPartialStack')).toEqual([
      expect.stringMatching(/^BatchQueue · \d+ s$/),
      expect.stringMatching(/^DLQ \(BatchDlq\) · \d+ s$/),
    ]);
    const state = (await (await fetch(new URL('api/state', labConsole.url))).json()) as {
      stacks: { stackName: string; tableId?: string }[];
    };
    expect(state.stacks.find((stack) => stack.stackName === 'VisibilityDupStack')?.tableId).toBe('IdemTable');
    await lab.clients.dynamodb.send(
      new PutItemCommand({
        TableName: lab.stack('VisibilityDupStack').tableNames.IdemTable,
        Item: { messageId: { S: 'named-check' }, status: { S: 'COMPLETED' } },
      }),
    );
    await page.waitForSelector('section[data-stack="VisibilityDupStack"] h3[data-table-id]', { timeout: 5000 });
    expect(
      await page.$eval('section[data-stack="VisibilityDupStack"] h3[data-table-id]', (heading) => heading.textContent),
    ).toBe('Idempotency table (IdemTable)');
  });

  it('does nothing for a page of another local origin: its form post, no-cors fetches and frame are refused', async () => {
    const target = labConsole.url;
    const dlq = lab.stack('BatchPartialStack');
    const dlqArn = Object.values(dlq.queues).find((queue) => queue.url === dlq.dlqUrl)?.arn;
    const moveTasks = async () =>
      (await lab.clients.sqs.send(new ListMessageMoveTasksCommand({ SourceArn: dlqArn }))).Results?.length ?? 0;
    const tasksBefore = await moveTasks();
    const { records, stop } = lab.logs.collect();
    // What any page the learner visits could do: a plain form (text/plain, which needs no
    // preflight), no-cors fetches, and a frame of the console, from http://127.0.0.1:<another port>.
    const attack = `<!doctype html><body>
<form id="form" method="POST" action="${target}api/enqueue" enctype="text/plain" target="sink">
<input name='{"stack":"VisibilityDupStack","body":{"id":"attack-form","sleep":0},"pad":"' value='"}'></form>
<iframe name="sink"></iframe><iframe id="framed" src="${target}"></iframe>
<script>
Promise.all([
  fetch('${target}api/enqueue', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ stack: 'VisibilityDupStack', body: { id: 'attack-fetch', sleep: 0 } }) }),
  fetch('${target}api/redrive', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ stack: 'BatchPartialStack' }) }),
  fetch('${target}api/experiments/heartbeat', { method: 'POST', mode: 'no-cors' }),
]).catch(() => undefined).then(() => { document.getElementById('form').submit(); window.attacked = true; });
</script></body>`;
    const attacker: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(attack);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const evil = await browser.newPage();
    const answered: { readonly method: string; readonly status: number }[] = [];
    evil.on('response', (response) => {
      if (response.url().startsWith(target))
        answered.push({ method: response.request().method(), status: response.status() });
    });
    try {
      await evil.goto(`http://127.0.0.1:${(attacker.address() as { port: number }).port}/`);
      await evil.waitForFunction(() => (window as unknown as { attacked?: boolean }).attacked === true, {
        timeout: 5000,
      });
      // The form's answer and the frame, then time for anything that got through to show.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const framedConsoles = await Promise.all(
        evil
          .frames()
          .filter((frame) => frame !== evil.mainFrame())
          .map((frame) => frame.$('#send').catch(() => null)),
      );
      expect(framedConsoles.filter((button) => button !== null)).toEqual([]);
      expect(answered.length).toBeGreaterThanOrEqual(3);
      expect(answered.filter((answer) => answer.status !== 403)).toEqual([]);
      expect(records.filter((record) => record.kind === 'function' && record.line.includes('attack-'))).toEqual([]);
      expect(await moveTasks()).toBe(tasksBefore);
    } finally {
      stop();
      await evil.close();
      attacker.close();
    }
  });

  it('lists a DLQ message and redrives it to its source queue', async () => {
    const stack = lab.stack('BatchPartialStack');
    if (stack.dlqUrl === undefined) throw new Error('BatchPartialStack has no DLQ');
    // A message parked in the DLQ, as two failed receives would leave it.
    await lab.clients.sqs.send(
      new SendMessageCommand({ QueueUrl: stack.dlqUrl, MessageBody: JSON.stringify({ id: 'parked', fail: false }) }),
    );
    // A body longer than the 80 characters shown, with markup across the cut.
    const long = `${'a'.repeat(78)}&<img src=x onerror="document.title='pwned'">`;
    await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: stack.dlqUrl, MessageBody: long }));
    const dlqRow = 'section[data-stack="BatchPartialStack"] tr[data-dlq-message]';
    await page.waitForFunction(
      (selector) => document.querySelectorAll(selector).length === 2,
      { timeout: 8000 },
      dlqRow,
    );
    const shown = await page.$$eval(`${dlqRow} td:first-child`, (cells) => cells.map((cell) => cell.textContent));
    // Cut before escaping: the text shows the body's first 80 characters, not half an entity.
    expect(shown).toContain(long.slice(0, 80));
    expect(await page.$$(`${dlqRow} img`)).toEqual([]);
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

  // #21: the whole DLQ from the lab's state. The old view peeked with one ReceiveMessage
  // (visibility 0) every 3 s: at most 10 messages, and every peek counted as a receive.
  it('lists every message of a 150-message DLQ in pages, and reading them counts no receive', async () => {
    const stack = lab.stack('BatchPartialStack');
    if (stack.dlqUrl === undefined) throw new Error('BatchPartialStack has no DLQ');
    for (let batch = 0; batch < 15; batch += 1) {
      await lab.clients.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: stack.dlqUrl,
          Entries: Array.from({ length: 10 }, (_, i) => ({ Id: `m${i}`, MessageBody: `parked-${batch * 10 + i}` })),
        }),
      );
    }
    const section = 'section[data-stack="BatchPartialStack"]';
    const range = () => page.$eval(`${section} [data-dlq-range]`, (span) => (span as HTMLElement).dataset.dlqRange);
    const showing = (expected: string) =>
      page.waitForFunction(
        (selector, want) => document.querySelector(selector)?.getAttribute('data-dlq-range') === want,
        { timeout: 8000 },
        `${section} [data-dlq-range]`,
        expected,
      );
    await showing('1-100/150');
    expect(await page.$$(`${section} tr[data-dlq-message]`)).toHaveLength(100);

    await page.$eval(`${section} button[data-dlq-page][data-dlq-offset="100"]`, (button) =>
      (button as HTMLButtonElement).click(),
    );
    await showing('101-150/150');
    expect(await page.$$(`${section} tr[data-dlq-message]`)).toHaveLength(50);

    // Seconds of the page open (several state ticks): no message was received.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const second = (await (
      await fetch(new URL('api/dlq?stack=BatchPartialStack&offset=100', labConsole.url))
    ).json()) as {
      total: number;
      messages: { receiveCount: number }[];
    };
    expect(second.total).toBe(150);
    expect(second.messages.map((message) => message.receiveCount)).toEqual(Array(50).fill(0));
    const nowShown = await page.$$eval(`${section} td.receives-now`, (cells) => cells.map((cell) => cell.textContent));
    expect(new Set(nowShown)).toEqual(new Set(['0']));

    await page.$eval(`${section} button[data-dlq-page][data-dlq-offset="0"]`, (button) =>
      (button as HTMLButtonElement).click(),
    );
    await showing('1-100/150');
    expect(await range()).toBe('1-100/150');

    const bad = await fetch(new URL('api/dlq?stack=BatchPartialStack&offset=-1&lang=ja', labConsole.url));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^offset には 0 以上の整数/);
    await lab.clients.sqs.send(new PurgeQueueCommand({ QueueUrl: stack.dlqUrl }));
  });

  it("offers each body field of both stacks' POST /enqueue in the send form and sends what they say", async () => {
    const fields = (stack: string) =>
      page.$$eval(`[data-stack-fields="${stack}"] [data-field]`, (inputs) =>
        inputs.map((input) => (input as HTMLElement).dataset.field),
      );
    expect(await fields('VisibilityDupStack')).toEqual([
      'id',
      'sleep',
      'heartbeat',
      'failHeartbeat',
      'idempotency',
      'delaySeconds',
      'sendTwice',
    ]);
    expect(await fields('BatchPartialStack')).toEqual(['count', 'failEvery']);

    await page.select('#stack', 'BatchPartialStack');
    expect(await page.$eval('[data-stack-fields="BatchPartialStack"]', (set) => (set as HTMLElement).hidden)).toBe(
      false,
    );
    await fill(page, '#count', '2');
    await fill(page, '#failEvery', '0');
    expect(JSON.parse(await page.$eval('#body', (area) => (area as HTMLTextAreaElement).value))).toEqual({
      count: 2,
      failEvery: 0,
    });
    await page.$eval('#send-result', (element) => (element.textContent = ''));
    await page.click('#send');
    await page.waitForFunction(() => document.querySelector('#send-result')?.textContent?.startsWith('202'), {
      timeout: 5000,
    });
  });

  it('runs an experiment from its button and draws its timeline across the page, in the page language', async () => {
    const japanese = await browser.newPage();
    try {
      await japanese.setViewport({ width: 1280, height: 900 });
      await japanese.goto(`${labConsole.url}?lang=ja`);
      const button = await japanese.waitForSelector('button[data-experiment="throughput-batch-10"]');
      await button?.click();
      await japanese.waitForSelector('#experiment-timeline svg.timeline g.lane', { timeout: 30_000 });
      expect(await japanese.$eval('#experiment-result', (element) => element.textContent ?? '')).toMatch(
        /^throughput-batch-10: 予測どおり/,
      );
      const labels = await japanese.$$eval('#experiment-timeline svg.timeline g.lane > text:first-of-type', (texts) =>
        texts.map((text) => text.textContent ?? ''),
      );
      expect(labels.length).toBe(100);
      expect(labels[0]).toMatch(/メッセージ 1$/);
      const widths = await japanese.$eval('#experiment-timeline', (element) => ({
        section: element.getBoundingClientRect().width,
        page: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
      }));
      expect(widths.section).toBeGreaterThan(widths.page * 0.9);
      await japanese.screenshot({ path: join(PROJECT_ROOT, '.lab', 'screenshots', 'console-timeline.png') });
    } finally {
      await japanese.close();
    }
  }, 40_000);
});
