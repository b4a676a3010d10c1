/// <reference lib="dom" />
/**
 * The console's Logs Insights panel in a real browser (Chromium from @sparticuz/chromium, driven
 * by puppeteer-core), after a Step 7 run on the lab: one job sent twice with the same id, so the
 * worker logs `start` and `completed`, then `start` and `duplicate-skipped`. A learner types a
 * query, picks the worker's log group, runs it and reads a table whose columns are the query's
 * fields; clicks the saved queries (README.md, "Reading the logs"); sees a malformed query's
 * MalformedQueryException in the panel; and reads the panel in Japanese. The rows are the lab's
 * Logs service's (StartQuery, GetQueryResults through the SDK), so the expected values here are
 * the lines the worker wrote.
 */
import { readFileSync } from 'node:fs';
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabConsole, startConsole } from '#lab/console/console-server';
import { SAVED_QUERIES } from '#lab/console/saved-queries';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { sqsEvent, sqsRecord } from '#lab/test/helpers/factories';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { waitFor } from '#lab/test/helpers/wait-for';

/** The panel's table: its header cells and its rows' cells. */
async function table(page: Page): Promise<{ header: string[]; rows: string[][] }> {
  return page.$eval('#query-table', (element) => ({
    header: [...element.querySelectorAll('thead th')].map((cell) => cell.textContent ?? ''),
    rows: [...element.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    ),
  }));
}

/**
 * Clicks a button that starts a run, in the page itself: its handler clears the last run's status
 * before this returns, so {@link runEnded} reads this run's. A mouse click at the button's
 * coordinates is answered before the page has handled it (and the live console may move the
 * button meanwhile), so the last run's status was sometimes read as this one's (1 run in 8).
 */
async function clickToRun(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (button) => (button as HTMLElement).click());
}

/** Waits until the panel's run ends (its status is set) and answers the status. */
async function runEnded(page: Page): Promise<string> {
  await page.waitForSelector('#query-status[data-status]:not([data-status=""])', { timeout: 5000 });
  return page.$eval('#query-status', (element) => (element as HTMLElement).dataset.status ?? '');
}

describe('the Logs Insights panel of the lab console (Chromium)', () => {
  const id = `panel-${Date.now().toString(36)}`;
  let lab: Lab;
  let labConsole: LabConsole;
  let browser: Browser;
  let page: Page;
  let workerGroup: string;
  let batchWorkerGroup: string;
  /** How many lines the Step 7 worker's group holds after the run (what a query over it scans). */
  let workerLines: number;

  beforeAll(async () => {
    lab = await startTutorialLab();
    const launching = puppeteer.launch({
      executablePath: await chromium.executablePath(),
      args: chromium.args,
      headless: true,
    });
    labConsole = await startConsole(lab);
    workerGroup = lab.deployed.get('VisibilityDupStack')?.outputs.WorkerLogGroup ?? '';
    batchWorkerGroup = lab.deployed.get('BatchPartialStack')?.outputs.WorkerLogGroup ?? '';
    // A Step 7 job, then the same id again once it completed: the guard skips the duplicate.
    const { records, stop } = lab.logs.collect();
    try {
      const send = () =>
        fetch(`${lab.stack('VisibilityDupStack').apiEndpoint}enqueue`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, sleep: 0 }),
        });
      // The worker's REPORT records (the producer, invoked by the API, writes its own).
      const reports = () =>
        records.filter(
          (record) =>
            record.kind === 'platform' &&
            record.stackName === 'VisibilityDupStack' &&
            record.functionId === 'Worker' &&
            record.parsed.type === 'platform.report',
        );
      expect((await send()).status).toBe(202);
      await waitFor(
        () => functionEvents(records, 'completed').length === 1 && reports().length === 1,
        10_000,
        'completed',
      );
      expect((await send()).status).toBe(202);
      await waitFor(
        () => functionEvents(records, 'duplicate-skipped').length === 1 && reports().length === 2,
        10_000,
        'duplicate-skipped',
      );
      workerLines = records.filter(
        (record) =>
          record.kind !== 'mapping' && record.stackName === 'VisibilityDupStack' && record.functionId === 'Worker',
      ).length;
    } finally {
      stop();
    }
    browser = await launching;
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(labConsole.url);
    await page.waitForSelector(`#query-groups option[value="${workerGroup}"]`, { timeout: 5000 });
    await page.waitForSelector('#saved-query-buttons [data-saved-query]', { timeout: 5000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await labConsole?.stop();
    await lab?.stop();
  });

  it("offers the lab's log groups, as DescribeLogGroups lists them", async () => {
    const offered = await page.$$eval('#query-groups option', (options) =>
      options.map((option) => (option as HTMLOptionElement).value),
    );
    expect(offered).toContain(workerGroup);
    expect(offered).toContain(batchWorkerGroup);
    expect(offered).toEqual([...offered].sort());
  });

  it("runs a typed query on the worker's group: the columns are the query's fields, the rows the worker's lines", async () => {
    const query = `fields @timestamp, event, id, receiveCount, message\n| filter id = "${id}"\n| sort @timestamp asc`;
    await page.$eval('#query-text', (area) => ((area as HTMLTextAreaElement).value = ''));
    await page.type('#query-text', query);
    await page.select('#query-groups', workerGroup);
    await page.select('#query-range', '15m');
    await clickToRun(page, '#query-run');
    expect(await runEnded(page)).toBe('Complete');
    const { header, rows } = await table(page);
    expect(header).toEqual(['@timestamp', 'event', 'id', 'receiveCount', 'message']);
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['start', id, '1', `Start ${id} sleep 0`],
      ['completed', id, '1', `Completed ${id}`],
      ['start', id, '1', `Start ${id} sleep 0`],
      ['duplicate-skipped', id, '1', `Duplicate detect. Skip: ${id}`],
    ]);
    // Logs Insights' @timestamp, in time order.
    const times = rows.map((row) => row[0] ?? '');
    for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(times).toEqual([...times].sort());
    const stats = await page.$eval('#query-stats', (element) => ({ ...(element as HTMLElement).dataset }));
    expect(Number(stats.matched)).toBe(4);
    // Every line of the group: both invocations' platform records and the worker's lines.
    expect(Number(stats.scanned)).toBe(workerLines);
    expect(await page.$eval('#query-stats', (element) => element.textContent)).toMatch(
      /^4 records matched · \d+ records scanned · \d+ bytes scanned$/,
    );
  });

  it('runs a saved query in one click, on the log group it reads', async () => {
    await page.select('#query-groups', batchWorkerGroup);
    await clickToRun(page, '[data-saved-query="duplicates-skipped"]');
    expect(await runEnded(page)).toBe('Complete');
    expect(await page.$eval('#query-text', (area) => (area as HTMLTextAreaElement).value)).toBe(
      SAVED_QUERIES.find((saved) => saved.id === 'duplicates-skipped')?.queryString,
    );
    expect(
      await page.$$eval('#query-groups option', (options) =>
        options.filter((option) => (option as HTMLOptionElement).selected).map((option) => option.textContent),
      ),
    ).toEqual([workerGroup]);
    expect(await table(page)).toEqual({ header: ['id', 'duplicatesSkipped'], rows: [[id, '1']] });

    await clickToRun(page, '[data-saved-query="job-durations"]');
    expect(await runEnded(page)).toBe('Complete');
    const durations = await table(page);
    expect(durations.header).toEqual(['invocations', 'p50', 'p99']);
    expect(durations.rows).toHaveLength(1);
    const [invocations, p50, p99] = (durations.rows[0] ?? []).map(Number);
    expect(invocations).toBe(2);
    expect(p50).toBeGreaterThan(0);
    expect(p99).toBeGreaterThanOrEqual(p50 ?? Infinity);

    // A Step 8 message that failed on its first and second receive, as the mapping would have
    // delivered it on its way to the DLQ: the worker invoked directly, so no visibility timeout
    // is waited for.
    const failing = sqsRecord({ id: 'dlq-7', shouldFail: true });
    const { records, stop } = lab.logs.collect();
    try {
      for (const receiveCount of ['1', '2'])
        await lab
          .stack('BatchPartialStack')
          .invoke(
            'Worker',
            sqsEvent({ ...failing, attributes: { ...failing.attributes, ApproximateReceiveCount: receiveCount } }),
          );
      await waitFor(() => functionEvents(records, 'fail').length === 2, 10_000, 'two fail lines');
    } finally {
      stop();
    }
    await clickToRun(page, '[data-saved-query="dlq-arrivals"]');
    expect(await runEnded(page)).toBe('Complete');
    expect(
      await page.$$eval('#query-groups option', (options) =>
        options.filter((option) => (option as HTMLOptionElement).selected).map((option) => option.textContent),
      ),
    ).toEqual([batchWorkerGroup]);
    const arrivals = await table(page);
    expect([...arrivals.header].sort()).toEqual(['failedReceives', 'id', 'messageId', 'receives']);
    const cell = (row: string[] | undefined, name: string) => row?.[arrivals.header.indexOf(name)];
    expect(arrivals.rows).toHaveLength(1);
    expect(cell(arrivals.rows[0], 'id')).toBe('dlq-7');
    expect(cell(arrivals.rows[0], 'messageId')).toBe(failing.messageId);
    expect(cell(arrivals.rows[0], 'failedReceives')).toBe('2');
    expect(cell(arrivals.rows[0], 'receives')).toBe('2');
  });

  it("shows a malformed query's MalformedQueryException and its place in the panel, not a 500", async () => {
    await page.$eval('#query-text', (area) => ((area as HTMLTextAreaElement).value = 'fields id | sortt id'));
    await page.select('#query-groups', workerGroup);
    await clickToRun(page, '#query-run');
    expect(await runEnded(page)).toBe('Failed');
    const shown = await page.$eval('#query-error', (element) => ({
      hidden: (element as HTMLElement).hidden,
      text: element.textContent,
      start: (element as HTMLElement).dataset.start,
      end: (element as HTMLElement).dataset.end,
    }));
    expect(shown).toEqual({
      hidden: false,
      text: 'MalformedQueryException: unexpected symbol found sortt at line 1 and position 12',
      start: '12',
      end: '17',
    });
    expect(
      await page.$eval('#query-text', (area) => [
        (area as HTMLTextAreaElement).selectionStart,
        (area as HTMLTextAreaElement).selectionEnd,
      ]),
    ).toEqual([12, 17]);
    expect(await page.$eval('#query-table', (element) => element.innerHTML)).toBe('');
  });

  it('answers POST /api/logs/query with the rows, and bad input with a 4xx and a JSON reason', async () => {
    const post = async (body: unknown, path = 'api/logs/query', type = 'application/json') => {
      const answer = await fetch(new URL(path, labConsole.url), {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const ok = await post({
      queryString: `filter id = "${id}" | stats count(*) as lines by event | sort event asc`,
      logGroupNames: [workerGroup],
      range: 'run',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'Complete',
      columns: ['event', 'lines'],
      rows: [
        { event: 'completed', lines: '1' },
        { event: 'duplicate-skipped', lines: '1' },
        { event: 'start', lines: '2' },
      ],
      statistics: { recordsMatched: 4 },
      logGroupNames: [workerGroup],
    });
    expect(ok.body.endTime as number).toBeGreaterThanOrEqual(ok.body.startTime as number);

    const malformed = await post({ queryString: 'stats count(*) by', logGroupNames: [workerGroup], range: '1h' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: expect.stringMatching(/^MalformedQueryException: unexpected symbol found <EOF> at line 1 and position/),
      queryCompileError: {
        location: { startCharOffset: expect.any(Number), endCharOffset: expect.any(Number) },
        message: expect.stringMatching(/^unexpected symbol found <EOF>/),
      },
    });
    expect(await post({ logGroupNames: [workerGroup], range: '1h' })).toEqual({
      status: 400,
      body: { error: 'queryString must be a Logs Insights query (a non-empty string)' },
    });
    expect(
      await post({ queryString: 'fields @message', logGroupNames: 'x', range: '1h' }, 'api/logs/query?lang=ja'),
    ).toEqual({
      status: 400,
      body: { error: 'logGroupNames にはロググループ名を 1 つ以上並べてください' },
    });
    expect(await post({ queryString: 'fields @message', logGroupNames: [workerGroup], range: '2d' })).toEqual({
      status: 400,
      body: { error: 'range must be one of 15m, 1h, run, got "2d"' },
    });
    // The Logs service's own refusal, passed on: a group the lab does not have.
    const missing = await post({ queryString: 'fields @message', logGroupNames: ['/aws/lambda/nope'], range: '1h' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^CloudWatch Logs refused the query: ResourceNotFoundException: /);
    expect(await post([1], 'api/logs/query')).toEqual({
      status: 400,
      body: { error: 'the request body must be a JSON object' },
    });
    expect(await post({}, 'api/logs/query', 'text/plain')).toEqual({
      status: 415,
      body: { error: 'the console API takes Content-Type: application/json' },
    });
    // Guarded as the console's other writes: a page of another origin is refused.
    const foreign = await fetch(new URL('api/logs/query', labConsole.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: JSON.stringify({ queryString: 'fields @message', logGroupNames: [workerGroup], range: '1h' }),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads in Japanese on the Japanese page, saved queries included', async () => {
    const japanese = await browser.newPage();
    try {
      await japanese.goto(`${labConsole.url}?lang=ja`);
      await japanese.waitForSelector('#saved-query-buttons [data-saved-query]', { timeout: 5000 });
      expect(await japanese.$eval('#query-run', (button) => button.textContent)).toBe('クエリを実行');
      expect(
        await japanese.$$eval('#query-range option', (options) => options.map((option) => option.textContent)),
      ).toEqual(['直近 15 分', '直近 1 時間', 'ラボの起動から']);
      expect(
        await japanese.$$eval('#saved-query-buttons [data-saved-query]', (buttons) =>
          buttons.map((button) => button.textContent),
        ),
      ).toEqual([
        'ガードが読み飛ばした重複の数（id ごと）',
        'DLQ に入ったメッセージと、それまでの受信回数',
        'ジョブ時間の p50 と p99（REPORT レコードから）',
      ]);
      await japanese.waitForSelector(`#query-groups option[value="${workerGroup}"]`, { timeout: 5000 });
      await clickToRun(japanese, '[data-saved-query="duplicates-skipped"]');
      expect(await runEnded(japanese)).toBe('Complete');
      expect(await japanese.$eval('#query-stats', (element) => element.textContent)).toMatch(
        /^一致したレコード 1 件 · スキャンしたレコード \d+ 件 · スキャンしたバイト数 \d+$/,
      );
    } finally {
      await japanese.close();
    }
  });

  it("saves the README's three queries verbatim, in both languages", () => {
    for (const readme of ['README.md', 'README.ja.md']) {
      const text = readFileSync(readme, 'utf8');
      for (const saved of SAVED_QUERIES)
        expect(text, `${readme}: ${saved.id}`).toContain(`\`\`\`text\n${saved.queryString}\n\`\`\``);
    }
  });
});
