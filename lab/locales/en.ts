/**
 * Every text the lab's own parts show (the command-line reader, batch formation, the inspector,
 * `npm run cdk:lab`, the console), in English. ja.ts has the same keys
 * (test/unit/lab/locales/messages.test.ts checks it). The tutorial's commands, reports and
 * timelines have their own words (experiments/locales/).
 */
import { EXTRA_ORIGINS_VARIABLE } from '../common/lab-origins';
import { LANGUAGES } from '../common/language';
import type { GuardRefusalKind } from '../common/request-guard';
import { LOCAL_OUTPUTS_FILE } from '../outputs';
import { enProviderNotes } from './provider-notes-en';

/** The help lines of `--batch-formation` and `--batch-seed`, in every help that takes them. */
const BATCH_FORMATION_USAGE = `  --batch-formation aws|full              aws (default): a receive may return fewer messages than
                                          the batch size, as SQS does; full: always full batches
  --batch-seed N                          seed of the AWS-like split (default: a fresh one, printed)`;

/**
 * A mapping's batch formation as the words describe it: the shape of the Lambda service's
 * `BatchFormation`, written here so the words import nothing of the services (which read theirs
 * from here).
 */
export type BatchFormationWords = { readonly mode: 'full' } | { readonly mode: 'aws'; readonly seed: number };

/** Every text, in English. */
export const en = {
  commandLine: {
    unknownOption: (option: string) => `unknown option ${option}`,
    needsValue: (option: string) => `${option} needs a value`,
    noValue: (option: string) => `${option} is a switch and takes no value`,
    noPositional: (argument: string) => `unexpected argument "${argument}": this command takes only options`,
    unknownLanguage: (value: string) => `--lang takes ${LANGUAGES.join(' or ')}, got "${value}"`,
    invalidOrigin: (value: string) =>
      `${EXTRA_ORIGINS_VARIABLE}: ${JSON.stringify(value)} is not an origin such as http://localhost:5173`,
  },
  batchFormation: {
    usage: BATCH_FORMATION_USAGE,
    badMode: (mode: string) => `--batch-formation must be aws or full, got "${mode}"`,
    badSeed: (seed: string) => `--batch-seed must be a non-negative integer, got "${seed}"`,
    seedWithFull: '--batch-seed only applies to --batch-formation aws',
    line: (formation: BatchFormationWords) =>
      formation.mode === 'full'
        ? 'Batch formation: full batches (--batch-formation full: every receive takes as many messages as it may).'
        : `Batch formation: AWS-like (seed ${formation.seed}: a receive may return fewer messages than the batch size). Replay this split with --batch-seed ${formation.seed}; --batch-formation full gives full batches.`,
  },
  inspect: {
    badValue: (value: string) =>
      `--inspect takes [host:]port, such as --inspect=9229 or --inspect=127.0.0.1:9230; got "${value}"`,
    notLoopback: (host: string) =>
      `--inspect listens on loopback only (127.0.0.1 or ::1): the inspector runs any code it is sent, so ${host} is refused.\n`,
    notListening: (address: string) =>
      `The inspector could not listen on ${address}: another debugger or lab may hold the port; pick another with --inspect=<port>.\n`,
    open: (address: string) =>
      `Inspector open on ${address} (Node prints its URL): attach VS Code (Run and Debug, "Attach to the lab" in .vscode/launch.json, which attaches to 127.0.0.1:9229) or Chrome DevTools (chrome://inspect, Configure, ${address}).
  Function timeouts are suspended while it is open, as sam local invoke -d does: a handler paused at a breakpoint is not ended at its timeout, and the queues' clocks keep running.
`,
  },
  cdkLab: {
    noLab: (file: string) =>
      `No running lab found (${file} names no LocalLab.EndpointUrl): start one with npm run lab, then run npm run cdk:lab again.\n`,
    notLoopback: (url: string, file: string) =>
      `${file} names ${url} as the lab's endpoint, which is not on loopback: the wrapper points the CDK CLI only at http://127.0.0.1.\n`,
    notAnswering: (url: string) => `The lab at ${url} does not answer: start it with npm run lab.\n`,
    missingOutputsFile: `--lab-outputs needs a file name (the running lab's ${LOCAL_OUTPUTS_FILE}).\n`,
    cliFailed: (why: string) => `The CDK CLI did not start: ${why}.\n`,
  },
  bench: {
    usage: `Usage: npm run bench -w @sqs-lab/lab -- [--quick] [--out FILE] [--lang en|ja]

Measures the lab itself on this machine (never AWS): the SQS emulator's ceiling for batch
loops (SendMessageBatch, ReceiveMessage, DeleteMessageBatch, no Lambda), what the lab's one
endpoint costs those loops against the emulator's own port, Logs Insights' query time as
the log grows, and the SQS emulator's CPU time per message as a queue's backlog grows. Prints the tables and the targets (Markdown); an app's own bench (the
tutorial's npm run bench) runs these sections beside its own.

  --quick             small sizes: a smoke test in a few seconds
  --out FILE          also write the figures to FILE, as JSON
  --lang en|ja        the language of this help, the progress and the mistakes (the tables stay in English)
  --help, -h          show this help
`,
    error: (why: string) => `error: ${why} (npm run bench -w @sqs-lab/lab -- --help lists the options)\n`,
    outNeedsFile: '--out needs a file name',
    progress: (section: 'ceiling' | 'endpoint' | 'insights' | 'backlog', seconds: number) =>
      `[lab bench ${seconds.toFixed(1).padStart(6)} s] ` +
      {
        ceiling: "the SQS emulator's ceiling: batch loops, after a warm-up",
        endpoint: 'the one endpoint: the same loops to the emulator and through the endpoint, alternately',
        insights: 'Logs Insights: 4 queries over growing logs',
        backlog: 'the SQS emulator under a long backlog: receive half (a quarter left in flight), expire the rest',
      }[section] +
      '\n',
    written: (file: string) => `Figures written to ${file}\n`,
    failed: (why: string) => `the lab's bench failed: ${why}\n`,
  },
  serve: {
    usage: `Usage: sqs-lab [--app <dir>] [-c name=value]... [--outputs FILE] [--quiet] [--lang en|ja]

Starts the local lab on this machine and serves it until Ctrl-C: SQS, Lambda, DynamoDB,
CloudFormation and the services around them behind one AWS endpoint on 127.0.0.1.

  --app <dir>         a CDK app directory with its own cdk.json: synthesized by its app command,
                      as the CDK CLI runs it, and every stack deployed at start. Without it the
                      lab starts empty, for the real CDK CLI pointed at its endpoint
  -c name=value       CDK context for the app, over its cdk.json's (repeat for more)
  --outputs FILE      where the outputs go (default: ${LOCAL_OUTPUTS_FILE} in the app's directory,
                      or here without --app)
  --quiet             leave the functions' log lines off the terminal
  --lang en|ja        the language of this command and its console
`,
    error: (why: string) => `sqs-lab: ${why}`,
    contextNeedsPair: (pair: string) => `-c takes name=value, got "${pair}"`,
    labNote: (properties: readonly string[], text: string) => `lab note: ${properties.join(', ')}: ${text}\n`,
    ready: (facts: {
      readonly startupMs: number;
      readonly stacks: readonly string[];
      readonly endpointUrl: string;
      readonly consoleUrl: string;
      readonly outputsPath: string;
      readonly exports: string;
      readonly appDir: string | undefined;
    }) => `
Lab ready in ${facts.startupMs} ms, ${facts.stacks.length === 0 ? 'with no stack deployed' : `with ${facts.stacks.join(', ')} deployed`}. Outputs: ${facts.outputsPath}
  AWS endpoint   ${facts.endpointUrl}
  Console        ${facts.consoleUrl}

In a second terminal${facts.appDir === undefined ? ', in your CDK app' : ` (cd ${facts.appDir})`}, point the CDK CLI and the AWS CLI at the lab:
  export ${facts.exports}
  npx cdk bootstrap && npx cdk deploy --all --require-approval never
  aws sqs list-queues

Ctrl-C stops the lab.
`,
    stopping: (signal: string) => `\n${signal}: stopping the lab (Ctrl-C again to quit at once)\n`,
    stopped: 'Lab stopped.\n',
    failed: (why: string) => `sqs-lab failed: ${why}\n`,
  },
  consoleApi: {
    noRoute: (route: string) => `no route ${route}; see the API in lab/console/console-server.ts`,
    bodyNotObject: 'body must be a JSON object',
    requestNotObject: 'the request body must be a JSON object',
    notJsonType: 'the console API takes Content-Type: application/json',
    refused: (kind: GuardRefusalKind, limit: number) =>
      ({
        host: 'the console answers only localhost and 127.0.0.1 with its own port (a DNS-rebinding guard)',
        origin: 'the console does not answer pages of other origins',
        'cross-site': 'the console refuses writes sent by another site',
        frame: 'the console may not be framed by another site',
        'body-too-large': `the request body is larger than ${limit} bytes`,
        failure: 'the console failed to answer this request (the lab logged why) and goes on serving',
      })[kind],
    unknownStack: (names: readonly string[], got: string) => `stack must be one of ${names.join(', ')}, got ${got}`,
    noDlq: (stack: string) => `${stack} has no DLQ`,
    badOffset: (offset: string) => `offset must be a whole number, 0 or more (got "${offset}")`,
    unknownExperiment: (name: string, names: readonly string[]) =>
      `unknown experiment "${name}"; choose one of: ${names.join(', ')}`,
    failed: (why: string) => `the console could not answer: ${why}`,
    queryStringRequired: 'queryString must be a Logs Insights query (a non-empty string)',
    logGroupNamesRequired: 'logGroupNames must list one or more log group names',
    badQueryRange: (ranges: readonly string[], got: string) => `range must be one of ${ranges.join(', ')}, got ${got}`,
    malformedQuery: (message: string) => `MalformedQueryException: ${message}`,
    logsRefused: (code: string, message: string) => `CloudWatch Logs refused the query: ${code}: ${message}`,
  },
  consolePage: {
    title: 'sqs-lab console',
    sendJob: 'Send a job',
    stack: 'Stack',
    experiments: 'Experiments',
    loading: 'loading…',
    logStream: 'Log stream',
    filter: 'filter by id, messageId or text',
    visible: 'visible',
    inFlight: 'in flight',
    delayed: 'delayed',
    visibleAgain: 'visible again',
    inFlightTitle: 'In flight (the deadline moves with each heartbeat)',
    receiveNo: 'receive #',
    heartbeats: 'heartbeats',
    visibleIn: 'visible in',
    redrive: 'redrive to source',
    dlqBody: 'body',
    dlqArrivalReceives: 'receives when it arrived',
    dlqReceivesNow: 'receives now',
    dlqShowing: 'messages',
    dlqOf: 'of',
    dlqPrevious: 'previous',
    dlqNext: 'next',
    table: 'Idempotency table',
    notJson: 'the body is not JSON',
    running: ': running on a fresh lab…',
    matched: 'matched',
    notMatched: 'did not match',
    predicted: 'predicted: ',
    alarm: 'DLQ alarm',
    alarmActionFailed: 'notification not sent (topic policy)',
    timeline: 'Timeline (one lane per message)',
    queueTimeline: 'Timeline: the queue’s latest messages, as SQS and Lambda saw them',
    topic: 'Topic',
    topicMessage: 'message',
    topicNoMessages: 'nothing published yet',
    topicRaw: 'raw',
    topicFilter: 'filter',
    topicDelivered: 'delivered',
    topicFiltered: 'filtered out',
    topicFailed: 'not delivered',
    topicPending: 'on its way',
    bodyHint: 'The body the button sends (the fields above write it; you can edit it too):',
    queryTitle: 'Logs Insights',
    queryHint:
      'Query the lab’s log groups as in CloudWatch Logs Insights (run by the lab’s Logs endpoint: StartQuery, then GetQueryResults).',
    queryGroups: 'Log groups',
    queryRefresh: 'refresh',
    queryRange: 'Time range',
    queryRange15m: 'last 15 minutes',
    queryRange1h: 'last hour',
    queryRangeRun: 'whole lab run',
    queryRun: 'Run query',
    queryRunning: 'running…',
    querySaved: 'Saved queries',
    queryStatus: 'Status',
    queryStatistics: '%matched records matched · %scanned records scanned · %bytes bytes scanned',
    queryNoRows: 'No rows',
    queryNoGroup: 'pick one or more log groups',
    savedDuplicatesSkipped: 'How many duplicates the guard skipped, per id',
    savedDlqArrivals: 'Which messages reached the DLQ, after how many receives',
    savedJobDurations: 'p50 and p99 job duration, from the REPORT records',
  },
  queueTimeline: {
    title: (queue: string) => `${queue}: its latest messages, as SQS and Lambda saw them`,
    empty: 'No message has been sent to this queue yet.',
    laneLabel: (messageId: string, body: string | undefined) =>
      body === undefined || body.trim() === '' ? messageId.slice(0, 8) : body.slice(0, 14),
    rowLabel: (receive: number) => `receive ${receive}`,
    supersededTitle: (deadline: number) => `an earlier deadline, ${deadline} s, replaced by ChangeMessageVisibility`,
    legendLabel: 'legend',
    legendInvisible: 'invisible until the deadline in force',
    legendWork: 'an invocation working on it',
    legendSuperseded: 'a deadline a visibility change replaced',
    legendDelayed: 'delayed: no consumer can receive it yet',
    legend: {
      sent: 'sent',
      receive: 'received (ApproximateReceiveCount n)',
      visibility: 'ChangeMessageVisibility: deadline moved',
      'visible-again': 'visible again (the timeout ran out)',
      ok: 'processed: the mapping deletes it',
      failed: 'not processed: it stays in the queue',
      deleted: 'deleted',
      dlq: 'moved to the dead-letter queue',
    },
    sentLabel: 'sent',
    sentTitle: (messageId: string, at: number) => `message ${messageId} sent at ${at} s`,
    delayedLabel: (seconds: number) => `delayed ${seconds} s`,
    delayedTitle: (from: number, to: number) => `delayed from ${from} s to ${to} s: no consumer can receive it`,
    receiveTitle: (receive: number, at: number, seconds: number) =>
      `receive ${receive} (ApproximateReceiveCount ${receive}) at ${at} s: invisible for ${seconds} s`,
    visibilityLabel: (seconds: number) => `visibility ${seconds} s`,
    visibilityTitle: (at: number, seconds: number, from: number, to: number) =>
      `ChangeMessageVisibility at ${at} s to ${seconds} s from now: the deadline moves from ${from} s to ${to} s`,
    visibleAgainLabel: 'visible again',
    visibleAgainTitle: (at: number, receive: number) =>
      `visible again at ${at} s: receive ${receive}'s visibility timeout ran out before a delete`,
    okLabel: 'OK',
    okTitle: (at: number, functionName: string, requestId: string) =>
      `${functionName} processed it (request ${requestId}); the mapping deleted it at ${at} s`,
    failedLabel: (reason: string | undefined) =>
      ({
        'function-error': 'function error',
        timeout: 'timed out',
        'batch-item-failures': 'in batchItemFailures',
        'invalid-response': 'invalid response',
        throttled: 'throttled',
      })[reason ?? ''] ?? 'kept',
    failedTitle: (at: number, functionName: string, requestId: string, why: string) =>
      `${functionName} did not process it (request ${requestId}: ${why}); at ${at} s the mapping left it in the queue`,
    deletedLabel: 'deleted',
    deletedTitle: (at: number) => `deleted at ${at} s`,
    dlqLabel: 'to the DLQ',
    dlqTitle: (at: number, queue: string) =>
      `moved to ${queue} at ${at} s: a receive found it past its redrive policy's maxReceiveCount`,
    invisibleLabel: (receive: number) => `invisible, receive ${receive}`,
    invisibleTitle: (receive: number, from: number, to: number, deletedAt: number | undefined) =>
      `receive ${receive}: invisible from ${from} s until ${to} s` +
      (deletedAt === undefined ? '' : `; deleted at ${deletedAt} s`),
    workLabel: (functionName: string) => functionName,
    workTitle: (functionName: string, requestId: string, from: number, to: number) =>
      `${functionName} (request ${requestId}) worked on it from ${from} s to ${to} s`,
  },
  providerNotes: enProviderNotes,
};

/** Every text the lab shows, as `en` holds it: each language has these keys. */
export type Messages = typeof en;
