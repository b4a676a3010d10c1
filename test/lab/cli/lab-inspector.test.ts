import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabLogRecord } from '#lab/bus/lab-log-record';
import { parseLabArgs } from '#experiments/cli/lab-args';
import { type LabInspector, openLabInspector } from '#lab/cli/lab-inspector';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { PROJECT_ROOT } from '#lib/project-root';
import { VISIBILITY_DUP } from '#lib/settings';
import { type InspectorEvent, InspectorClient } from '#test/helpers/inspector-client';
import { functionEvents } from '#lab/test/helpers/bus-records';
import { waitFor } from '#lab/test/helpers/wait-for';
import { generatedPosition, originalPosition, sourceMapOf } from '#test/helpers/source-map-positions';

// `npm run lab -- --inspect`, as a debugger sees it: the inspector the CLI opens (on a free port
// here), attached as VS Code's js-debug attaches (NodeWorker domain, each worker held at its
// start until the debugger has set its breakpoints), a breakpoint on a TypeScript line of the
// Step 7 worker, and the duplicate the paused delivery lets through.

/** The Step 7 worker's work, after its claim: a delivery that stops here holds the id. */
const SOURCE = join(PROJECT_ROOT, 'lambda/visibility-dup/process-job.ts');
const LINE_TEXT = 'await deps.sleep(job.sleep * 1000);';

/** The pause Node makes at a held worker's first statement once the debugger lets it run. */
const BREAK_ON_START = 'Break on start';

describe('npm run lab -- --inspect', () => {
  let labInspector: LabInspector;
  let lab: Lab;
  let client: InspectorClient;
  let records: LabLogRecord[];
  /** The sessions of the Step 7 worker's environments. */
  const workerSessions: string[] = [];

  beforeAll(async () => {
    const { inspect } = parseLabArgs(['--inspect=0', '--quiet']);
    if (inspect === undefined) throw new Error('--inspect=0 was not read');
    labInspector = openLabInspector(inspect, 'en');
    lab = await startTutorialLab({ stacks: ['VisibilityDupStack'], debugging: true });
    records = lab.logs.collect().records;
    client = await InspectorClient.connect(labInspector.url);
  });

  afterAll(async () => {
    // A worker left paused (a failed run) would hold the lab's stop: let each one go first.
    const resumed = workerSessions.map((sessionId) => client.sendToWorker(sessionId, 'Debugger.resume'));
    await Promise.race([Promise.allSettled(resumed), new Promise((resolve) => setTimeout(resolve, 1000))]);
    client?.close();
    await lab?.stop();
    labInspector?.close();
  });

  it('listens on loopback only', () => {
    expect(labInspector.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${labInspector.port}/[0-9a-f-]{36}$`));
    expect(labInspector.address).toBe(`127.0.0.1:${labInspector.port}`);
    expect(labInspector.port).toBeGreaterThan(0);
  });

  it('stops the Step 7 worker on a TypeScript line while its message comes back and another environment logs Duplicate detect', async () => {
    // Prepare: the breakpoint where a debugger puts it, through the map the bundle names.
    const worker = lab.stack('VisibilityDupStack').functions.Worker;
    if (worker === undefined) throw new Error('no Step 7 worker');
    const bundleUrl = pathToFileURL(worker.bundlePath).href;
    const map = sourceMapOf(worker.bundlePath);
    const line = readFileSync(SOURCE, 'utf8')
      .split('\n')
      .findIndex((text) => text.includes(LINE_TEXT));
    const breakpoint = generatedPosition(map, SOURCE, line);
    if (breakpoint === undefined) throw new Error(`${SOURCE}:${line + 1} is not in ${map.url}`);
    client.onEvent((event) => {
      if (event.method === 'NodeWorker.attachedToWorker')
        void attach(client, event, worker.ref.functionName, bundleUrl, breakpoint, workerSessions);
      // Node stops a worker held for the debugger at its first statement; VS Code goes on from there.
      if (event.method === 'Debugger.paused' && event.params.reason === BREAK_ON_START)
        void client.sendToWorker(event.sessionId ?? '', 'Debugger.resume');
    });
    await client.send('NodeWorker.enable', { waitForDebuggerOnStart: true });
    const id = `inspect-${Date.now()}`;

    // Act: a job without the heartbeat, so nothing extends its 5 s visibility while it is paused.
    const response = await fetch(`${lab.stack('VisibilityDupStack').apiEndpoint}enqueue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, sleep: 1, heartbeat: false }),
    });
    const paused = await client.waitForEvent(
      (event) => event.method === 'Debugger.paused' && event.params.reason !== BREAK_ON_START,
      15_000,
      'the breakpoint',
    );
    const duplicate = await waitFor(
      () => functionEvents(records, 'duplicate-in-progress').find((record) => record.parsed?.id === id),
      // The visibility timeout, then a receive and a cold start (a loaded machine takes seconds).
      VISIBILITY_DUP.queueVisibilityTimeoutSeconds * 1000 + 10_000,
      'the second delivery to log Duplicate detect',
    );
    const completedWhilePaused = functionEvents(records, 'completed').filter((record) => record.parsed?.id === id);
    await client.sendToWorker(paused.sessionId ?? '', 'Debugger.resume');
    const completed = await waitFor(
      () => functionEvents(records, 'completed').find((record) => record.parsed?.id === id),
      10_000,
      'the first delivery to complete once resumed',
    );

    // Assess
    expect(response.status).toBe(202);
    const script = scriptOf(client.events, paused);
    expect(script).toMatchObject({ url: bundleUrl, sourceMapURL: 'index.js.map' });
    expect(new URL(String(script?.sourceMapURL), bundleUrl).href).toBe(map.url);
    const top = (paused.params.callFrames as { location: { lineNumber: number; columnNumber: number } }[])[0];
    expect(top === undefined ? undefined : originalPosition(map, top.location)).toEqual({ source: SOURCE, line });
    const [first] = functionEvents(records, 'start').filter((record) => record.parsed?.id === id);
    expect(first?.parsed?.receiveCount).toBe(1);
    expect(duplicate.parsed?.receiveCount).toBe(2);
    expect(duplicate.logStreamName).not.toBe(first?.logStreamName);
    expect(workerSessions.length).toBeGreaterThanOrEqual(2);
    expect(completedWhilePaused).toEqual([]);
    expect(completed.logStreamName).toBe(first?.logStreamName);
    expect(completed.parsed?.effects).toBe(1);
  });
});

/**
 * What a debugger does with each new thread: for the Step 7 worker's environments, enables the
 * debugger and sets the breakpoint by the bundle's URL before the thread runs; every thread is
 * then let go (`Runtime.runIfWaitingForDebugger`).
 */
async function attach(
  client: InspectorClient,
  event: InspectorEvent,
  functionName: string,
  bundleUrl: string,
  breakpoint: { readonly lineNumber: number; readonly columnNumber: number },
  workerSessions: string[],
): Promise<void> {
  const sessionId = String(event.params.sessionId);
  const { title } = event.params.workerInfo as { title: string };
  if (title.endsWith(functionName)) {
    workerSessions.push(sessionId);
    await client.sendToWorker(sessionId, 'Runtime.enable');
    await client.sendToWorker(sessionId, 'Debugger.enable');
    await client.sendToWorker(sessionId, 'Debugger.setBreakpointByUrl', { url: bundleUrl, ...breakpoint });
  }
  if (event.params.waitingForDebugger === true) await client.sendToWorker(sessionId, 'Runtime.runIfWaitingForDebugger');
}

/** The `Debugger.scriptParsed` event of the script the top frame of `paused` runs in. */
function scriptOf(events: readonly InspectorEvent[], paused: InspectorEvent): Record<string, unknown> | undefined {
  const [top] = paused.params.callFrames as { location: { scriptId: string } }[];
  return events.find(
    (event) =>
      event.method === 'Debugger.scriptParsed' &&
      event.sessionId === paused.sessionId &&
      event.params.scriptId === top?.location.scriptId,
  )?.params;
}
