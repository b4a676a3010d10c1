/**
 * The lab console's server, on 127.0.0.1 only: the page, and the small API it reads the lab
 * through (the page never touches the lab's internals):
 *
 * - `GET  /api/state`: every stack's queues (visible / in flight / delayed), the messages in
 *   flight with their visibility deadlines, the DLQ's messages, the idempotency table's items,
 *   and its SNS topics with each latest message's path to every subscription.
 * - `GET  /api/events`: server-sent events, `state` (the same document, every second) and
 *   `log` (one per function line: time, stack, function, level, event, id, messageId, message).
 * - `POST /api/enqueue`: `{ "stack": "VisibilityDupStack", "body": { … } }`, sent to the stack's
 *   route (the send form's, `POST /enqueue` by default) as curl would; answers `{ "status", "body" }`.
 * - `GET  /api/timeline?stack=<name>&lang=en|ja`: the stack's queue as a timeline of its latest
 *   messages, from what SQS and Lambda saw (`{ lanes, svg, legend }`, or `empty` before any).
 * - `POST /api/redrive`: `{ "stack": "BatchPartialStack" }`, moves the DLQ's messages back.
 * - `GET  /api/experiments`, `POST /api/experiments/<name>?lang=en|ja`: the catalog; a run on a
 *   fresh lab of its own, answered when it ends with its verdict, log lines and `timeline`: the
 *   report's SVG of the run (one lane per message) and its legend, in the asked language, or
 *   `null` for an experiment with no message lanes to draw (fifo-dedup, short-vs-long-polling).
 * - `GET  /api/logs/groups`, `GET /api/logs/saved-queries?lang=en|ja`, `POST /api/logs/query`:
 *   the Logs Insights panel's (query-panel.ts): the lab's log groups, the tutorials' saved
 *   queries, and `{ "queryString", "logGroupNames", "range": "15m" | "1h" | "run" }` run on the
 *   lab's Logs endpoint, answered with `columns`, `rows`, `statistics` and `status`.
 *
 * Bad input gets a 4xx with `{ "error": "…" }`, in `?lang=` or the console's language.
 */
import { splitRequestTarget } from '../common/request-target';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import type { Lab } from '../lab';
import { redriveWithMoveTask } from './redrive';
import { type ConsoleExperiments, NO_CONSOLE_EXPERIMENTS } from './console-experiments';
import { withSharedEmulators } from '../app/shared-emulators';
import type { LabLogRecord } from '../bus/lab-log-record';
import { type InFlightLines, NO_IN_FLIGHT_LINES } from './in-flight-lines';
import { InFlightTracker } from './in-flight-tracker';
import { plainSendForm, type SendForm } from './send-form';
import { consoleScript } from './console-bundle';
import { consolePage, consoleStyle } from './console-page';
import { isJsonRequest } from '../common/json-request';
import { labOrigins } from '../common/lab-origins';
import type { RefusalWriter } from '../common/request-guard';
import { serveOnLoopback } from '../common/serve-on-loopback';
import type { Language } from '../common/language';
import { MESSAGES, type Messages } from '../locales/messages';
import { ConsoleRequestError } from './console-request-error';
import { QueryPanel } from './query-panel';
import { queueTimelineAnswer } from './queue-timeline-answer';
import { consoleState } from './console-state';
export type { ConsoleState, QueueState } from './console-state';
import { LAB_CREDENTIALS, LAB_REGION } from '../common/local-aws';

export type { ConsoleRunAnswer, ConsoleTimeline } from './console-experiments';

/** A running console. */
export interface LabConsole {
  readonly url: string;
  stop(): Promise<void>;
}

/** What a console is started with: where it listens, its language, and what the app registers. */
export interface ConsoleOptions {
  /** 0 (default): a port the OS picks. */
  readonly port?: number;
  readonly language?: Language;
  /** The experiments panel's experiments (default: none). */
  readonly experiments?: ConsoleExperiments;
  /** The send form (default: the lab's stacks, `POST /enqueue`, a body written by hand). */
  readonly sendForm?: SendForm;
  /** How the in-flight view reads the app's log lines (default: it shows nothing). */
  readonly inFlightLines?: InFlightLines;
}

/**
 * Starts the console for a running lab, on 127.0.0.1 and `port`; the app's experiments, send
 * form and log lines are what it registers in `options`: the console imports none.
 */
export async function startConsole(lab: Lab, options: ConsoleOptions = {}): Promise<LabConsole> {
  const experiments = options.experiments ?? NO_CONSOLE_EXPERIMENTS;
  const sendForm = (): SendForm => options.sendForm ?? plainSendForm([...lab.stacks.keys()]);
  const visibilityTimeouts = new Map<string, number>();
  const documents = DynamoDBDocumentClient.from(lab.clients.dynamodb);
  const tracker = new InFlightTracker(
    lab.logs,
    (stackName) => visibilityTimeouts.get(stackName) ?? 30,
    options.inFlightLines ?? NO_IN_FLIGHT_LINES,
  );
  const clients = new Set<ServerResponse>();
  // The panel's queries go through the lab's Logs endpoint, as the SDK and the AWS CLI send them.
  const logsClient = new CloudWatchLogsClient({
    region: LAB_REGION,
    endpoint: lab.logsEndpoint,
    credentials: LAB_CREDENTIALS,
  });
  const queryPanel = new QueryPanel({
    client: logsClient,
    logGroupOf: (stack, functionId) =>
      lab.stacks.has(stack) ? lab.deployed.get(stack)?.outputs[`${functionId}LogGroup`] : undefined,
  });
  const { state, dlqPage } = consoleState(lab, { documents, tracker, visibilityTimeouts });

  const send = (event: string, data: unknown): void => {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of clients) client.write(text);
  };
  const onRecord = (record: LabLogRecord): void => {
    if (record.kind !== 'function') return;
    const parsed = (record.parsed ?? {}) as Record<string, unknown>;
    send('log', {
      time: record.time,
      stack: record.stackName,
      function: record.functionId,
      level: typeof parsed.level === 'string' ? parsed.level : 'INFO',
      event: typeof parsed.event === 'string' ? parsed.event : undefined,
      id: typeof parsed.id === 'string' ? parsed.id : undefined,
      messageId: typeof parsed.messageId === 'string' ? parsed.messageId : undefined,
      message: typeof parsed.message === 'string' ? parsed.message : record.line,
    });
  };
  lab.logs.on('record', onRecord);
  const ticker = setInterval(() => {
    if (clients.size === 0) return;
    state().then(
      (document) => send('state', document),
      () => undefined,
    );
  }, 1000);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = splitRequestTarget(request.url);
    const route = `${request.method} ${url.path}`;
    const language = languageOf(request, options.language);
    const say = MESSAGES[language].consoleApi;
    if (route === 'GET /') return reply(response, 200, consolePage(language, sendForm()), 'text/html; charset=utf-8');
    if (route === 'GET /console.js')
      return reply(response, 200, await consoleScript(language), 'text/javascript; charset=utf-8');
    if (route === 'GET /console.css') return reply(response, 200, consoleStyle(), 'text/css; charset=utf-8');
    if (request.method === 'POST' && !isJsonRequest(request)) {
      request.resume();
      throw new ConsoleRequestError(415, say.notJsonType);
    }
    if (route === 'GET /api/state') return reply(response, 200, await state());
    if (route === 'GET /api/dlq') {
      const target = stackOf(lab, url.query.get('stack') ?? undefined, say);
      if (target.dlqUrl === undefined) throw new ConsoleRequestError(400, say.noDlq(target.stackName));
      const raw = url.query.get('offset') ?? '0';
      const offset = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(offset)) throw new ConsoleRequestError(400, say.badOffset(raw));
      return reply(response, 200, { offset, ...(await dlqPage(target.dlqUrl, offset)) });
    }
    if (route === 'GET /api/timeline') {
      const target = stackOf(lab, url.query.get('stack') ?? undefined, say);
      return reply(response, 200, await queueTimelineAnswer(lab, target.queueUrl, language));
    }
    if (route === 'GET /api/experiments') return reply(response, 200, experiments.list);
    if (route === 'GET /api/events') {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      response.write(`event: state\ndata: ${JSON.stringify(await state())}\n\n`);
      clients.add(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    if (route === 'GET /api/logs/groups') return reply(response, 200, { logGroups: await queryPanel.logGroups() });
    if (route === 'GET /api/logs/saved-queries')
      return reply(response, 200, { savedQueries: queryPanel.savedQueries(language) });
    if (route === 'POST /api/logs/query')
      return reply(response, 200, await queryPanel.run(await readJson(request, say), say));
    if (route === 'POST /api/enqueue') {
      const { stack, body } = (await readJson(request, say)) as { stack?: unknown; body?: unknown };
      const target = stackOf(lab, stack, say);
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new ConsoleRequestError(400, say.bodyNotObject);
      const answer = await fetch(`${target.apiEndpoint}${sendForm().route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return reply(response, 200, { status: answer.status, body: await answer.json().catch(() => null) });
    }
    if (route === 'POST /api/redrive') {
      const { stack } = (await readJson(request, say)) as { stack?: unknown };
      const target = stackOf(lab, stack, say);
      if (target.dlqUrl === undefined) throw new ConsoleRequestError(400, say.noDlq(target.stackName));
      // StartMessageMoveTask, as the SQS console's "Start DLQ redrive" does.
      const source = Object.values(target.queues).find((queue) => queue.url === target.queueUrl);
      const report = await redriveWithMoveTask(lab.clients.sqs, target.dlqUrl, {
        pollMs: 300,
        ...(source === undefined ? {} : { destinationArn: source.arn }),
      });
      return reply(response, 200, report);
    }
    const run = /^POST \/api\/experiments\/([\w-]+)$/.exec(route);
    if (run !== null) {
      const name = run[1] ?? '';
      const names = experiments.list.map((entry) => entry.name);
      if (!names.includes(name)) throw new ConsoleRequestError(404, say.unknownExperiment(name, names));
      return withSharedEmulators(async (emulators) =>
        reply(response, 200, await experiments.run(name, emulators, language)),
      );
    }
    throw new ConsoleRequestError(404, say.noRoute(route));
  };

  // The guard's refusals in the console's shape and language.
  const refuse: RefusalWriter = (response, refusal) => {
    const say = MESSAGES[languageOf(response.req, options.language)].consoleApi;
    reply(response, refusal.status, { error: say.refused(refusal.kind, refusal.limitBytes) });
  };
  const server = await serveOnLoopback(
    (request, response) =>
      handle(request, response).catch((error: unknown) => {
        if (error instanceof ConsoleRequestError)
          return reply(response, error.status, { error: error.message, ...error.details });
        reply(response, 500, {
          error: MESSAGES[languageOf(request, options.language)].consoleApi.failed(
            error instanceof Error ? error.message : String(error),
          ),
        });
      }),
    { name: 'console', preferredPort: options.port ?? 0, maxBodyBytes: CONSOLE_MAX_REQUEST_BYTES, refuse },
  );
  // The console's page may call the lab's other servers (none does today; their CORS grant is for it alone).
  const revokeOrigins = [server.origin, `http://localhost:${server.port}`].map((origin) => labOrigins.grant(origin));
  return {
    url: `${server.origin}/`,
    async stop() {
      clearInterval(ticker);
      lab.logs.off('record', onRecord);
      tracker.stop();
      for (const revoke of revokeOrigins) revoke();
      for (const client of clients) client.end();
      await server.stop();
      logsClient.destroy();
    },
  };
}

/** The largest request body the console's API reads. */
export const CONSOLE_MAX_REQUEST_BYTES = 64 * 1024;

/** `?lang=` when it names a language, else the console's own. */
function languageOf(request: IncomingMessage, fallback: Language | undefined): Language {
  const asked = splitRequestTarget(request.url).query.get('lang');
  return asked === 'ja' || asked === 'en' ? asked : (fallback ?? 'en');
}

function stackOf(lab: Lab, name: unknown, say: Messages['consoleApi']) {
  const stack = typeof name === 'string' ? lab.stacks.get(name) : undefined;
  if (stack === undefined)
    throw new ConsoleRequestError(400, say.unknownStack([...lab.stacks.keys()], String(JSON.stringify(name))));
  return stack;
}

/** The body as a JSON object (the guard has bounded it to {@link CONSOLE_MAX_REQUEST_BYTES}). */
async function readJson(request: IncomingMessage, say: Messages['consoleApi']): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new ConsoleRequestError(400, say.requestNotObject);
  }
}

/**
 * The console's own page, script and style only (no inline script, nothing from elsewhere); no
 * framing by any page; no type sniffing.
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // The countdown bars' widths are style attributes; an attribute cannot run script.
    "style-src-attr 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function reply(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { ...CONSOLE_SECURITY_HEADERS, 'content-type': type });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}
