/**
 * Every text the tutorial's commands on the lab (`npm run lab`, `lab:deploy`, `npm start`,
 * `experiment`, `chaos`), its reports and timelines show, in English. ja.ts has the same keys
 * (test/unit/experiments/locales/messages.test.ts checks it). Log lines keep the tutorials' own
 * words and are not here; each experiment's title and prediction are in experiments-en.ts.
 */
import { LAB_MESSAGES, LOCAL_OUTPUTS_FILE } from '@sqs-lab/lab';
import {
  experimentList,
  type ListedExperiment,
  listed,
  type ReadyFacts,
  readyCommands,
  readyTail,
} from './common-text';
import { enExperiments } from './experiments-en';

/** `1 delivery`, `2 deliveries`: a count that agrees with its noun. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What `npm start`'s help names: the tour's experiments, the others, the report folder. */
export interface TourHelpFacts {
  readonly tour: readonly string[];
  readonly others: readonly string[];
  readonly reportDir: string;
}

/** What `npm run chaos`'s help names: the mixes and the defaults. */
export interface ChaosHelpFacts {
  readonly mixes: readonly string[];
  readonly seed: number;
  readonly parallel: number;
  readonly out: string;
}

/** Where a message's delay came from: its own timer (SendMessage DelaySeconds) or its queue's DelaySeconds. */
type DelaySource = 'timer' | 'queue';

/** The help lines of `--inspect`, in the help of `npm run lab` and `npm run experiment`. */
const INSPECT_USAGE = `  --inspect[=[host:]port]                 open the Node inspector on loopback (default
                                          127.0.0.1:9229) and attach VS Code or Chrome DevTools
                                          to the functions' worker threads; function timeouts
                                          are suspended while it is open`;

/** Every text, in English. */
export const en = {
  lab: {
    usage: `Usage: npm run lab -- [options]

Synthesizes the CDK app, deploys VisibilityDupStack and BatchPartialStack to this machine
(CloudFormation stand-in, IAM, SQS and DynamoDB emulators, the real handlers, Lambda's event
source mapping rules), serves them until Ctrl-C, and writes ${LOCAL_OUTPUTS_FILE} in the
shape of cdk deploy --outputs-file.

Options (named after the CDK context switches of BatchPartialStack):
  --batch-size N                          records per worker invocation, 1-10 (default 10)
  --report-batch-item-failures true|false partial batch responses (default true)
  -c batchSize=N -c reportBatchItemFailures=true|false
                                          the same, spelled as cdk deploy's context
  -c eventFilter=true|false               BatchPartialStack's mapping filters out messages
                                          marked shouldFail: Lambda deletes them unprocessed
                                          (default false)
  -c visibilityManager=true|false         VisibilityDupStack's worker: batches of 10, one
                                          visibility manager each (default false)
  -c name=value                           any other CDK context, passed to cdk synth
  --watch                                 redeploy on every save under bin/, lib/, lambda/
                                          (as cdk watch); npm run lab:deploy does it once
  --log-format pretty|json                how function lines are printed: time, function,
                                          level and message (pretty, the default), or the
                                          JSON lines as CloudWatch Logs holds them (json)
${LAB_MESSAGES.en.batchFormation.usage}
  --lang en|ja                            the language of this command (default: from LANG)
  --empty                                 start without deploying the stacks: deploy them
                                          yourself, as on AWS, with npm run cdk:lab -- bootstrap
                                          and npm run cdk:lab -- deploy --all
  --app <dir>                             serve your own CDK app instead of the tutorial's: the
                                          lab package's command (sqs-lab --help) takes over
  --quiet                                 do not print function logs
  --outputs FILE                          write the outputs here instead of ${LOCAL_OUTPUTS_FILE}
                                          (npm run cdk:lab and lab:deploy find the lab through it:
                                          pass them --lab-outputs / --outputs FILE too)
${INSPECT_USAGE}
  --help                                  show this help
`,
    error: (message: string) => `error: ${message}`,
    badLogFormat: (formats: readonly string[], got: string) =>
      `--log-format takes ${formats.join(' or ')}; got "${got}"`,
    contextNeedsPair: (pair: string) => `-c takes name=value, for example -c batchSize=1; got "${pair}"`,
    contextCase: (name: string, meant: string) =>
      `-c ${name}: context names are case-sensitive; did you mean ${meant}?`,
    badBatchSize: (max: number, got: string) =>
      `batchSize must be an integer from 1 to ${max} (Lambda's limit for an SQS mapping without a batching window), got ${got}.`,
    badReportBatchItemFailures: (got: string) => `reportBatchItemFailures must be true or false, got ${got}.`,
    badVisibilityManager: (got: string) => `visibilityManager must be true or false, got ${got}.`,
    badEventFilter: (got: string) => `eventFilter must be true or false, got ${got}.`,
    ready: (facts: ReadyFacts) => `
Lab ready in ${facts.startupMs} ms. Outputs: ${facts.outputsPath}
  VisibilityDupStack  API ${facts.visibilityApi}
  BatchPartialStack   API ${facts.batchApi}  (batchSize ${facts.batchSize}, reportBatchItemFailures ${facts.reportBatchItemFailures})
  CloudWatch Logs     ${facts.logsEndpoint}  (the stacks' log groups: the …LogGroup outputs)
  Console             ${facts.consoleUrl}  (queues, messages in flight, DLQ, table, experiments, logs)

In a second terminal:
${readyCommands(facts)}

  # the functions' lines, as CloudWatch Logs holds them (the local twin of aws logs tail):
${readyTail(facts)}

  # edit the CDK code or a handler, then apply it to the running lab (as cdk deploy):
  npm run lab:deploy
  # or with the real CDK CLI, through the lab's one AWS endpoint (${facts.endpointUrl}):
  npm run cdk:lab -- bootstrap && npm run cdk:lab -- diff

Ctrl-C stops the lab.
`,
    readyEmpty: (facts: {
      readonly startupMs: number;
      readonly outputsPath: string;
      readonly endpointUrl: string;
      readonly consoleUrl: string;
    }) => `
Lab ready in ${facts.startupMs} ms, with no stacks deployed. Outputs: ${facts.outputsPath}
  AWS endpoint        ${facts.endpointUrl}  (CloudFormation, S3, STS, SSM, Lambda, SQS, SNS, DynamoDB, Logs)
  Console             ${facts.consoleUrl}

In a second terminal, deploy as on AWS, with the real CDK CLI pointed at the lab:
  npm run cdk:lab -- bootstrap
  npm run cdk:lab -- deploy --all --outputs-file cdk-outputs.json --require-approval never

Ctrl-C stops the lab.
`,
    stopping: (signal: string) =>
      `\n${signal}: stopping the lab (batches in flight finish first; Ctrl-C again to quit at once)\n`,
    stopped: 'Lab stopped.\n',
    failed: (why: string) => `lab failed: ${why}\n`,
    watching: (folders: string) => `Watching ${folders} for changes.\n`,
    changeDetected: '\nChange detected: synthesizing and deploying to the lab...\n',
    deployed: 'Deployed. The lab runs the new code.\n',
    deployFailed: (why: string) => `Deploy failed, the lab keeps the previous version (${why}).\n`,
    deployUsage: `Usage: npm run lab:deploy -- [-c name=value]... [--outputs FILE] [--lang en|ja]

Synthesizes the CDK app again and deploys the difference to the running lab
(start it first with npm run lab), as cdk deploy does: a change set per stack,
updates in CloudFormation's order, rollback on failure. Queues, tables and their
messages and items are kept. The running lab is found through its outputs file
(default ${LOCAL_OUTPUTS_FILE}).
`,
    noLab: (file: string) => `No running lab found (${file} names no deploy endpoint): start one with npm run lab.\n`,
    notAnswering: (url: string) => `The lab at ${url} does not answer: start it with npm run lab.\n`,
    refused: (why: string) => `The lab refused the deploy: ${why}.\n`,
    stackDone: (stack: string, status: string) => `\n ✅  ${stack} (${status})\n`,
    /** A stack the deploy left as it was: its change set had no changes (as `cdk deploy` says it). */
    stackUnchanged: (stack: string) => `\n ✅  ${stack} (no changes)\n`,
    labNote: (properties: readonly string[], text: string) => `lab note: ${properties.join(', ')}: ${text}\n`,
    /** An emulator thread ended by itself: its queues or tables are gone, so the lab stops (exit code 1). */
    threadLost: (kind: string, why: string) =>
      `\n ❌  The lab's ${kind} emulator ended unexpectedly (${why}). Its state is lost, so the lab stops instead of serving half alive; start it again with npm run lab.\n`,
    deployError: (what: string) => `\n ❌  Deployment failed: ${what}\n`,
    alarm: (name: string, state: string, reason: string) => `[CloudWatch] alarm ${name} is now ${state}: ${reason}\n`,
    alarmActionFailed: (name: string, summary: string) =>
      `[CloudWatch] alarm ${name}: no notification was sent. ${summary} (the topic policy must let cloudwatch.amazonaws.com publish; aws cloudwatch describe-alarm-history --history-item-type Action shows it on AWS)\n`,
  },
  tour: {
    usage: (
      facts: TourHelpFacts,
    ) => `Usage: npm start [-- --only <name,name,...>] [--report <dir>] [--batch-formation aws|full]
                 [--batch-seed N] [--lang en|ja]

Runs the tutorial's experiments on the local lab, prints a verdict table and writes the
report with every run's timeline to <dir>/index.html (default: ${facts.reportDir}).
Experiments: ${facts.tour.join(', ')}
Also available with --only (see docs/experiments.md): ${facts.others.join(', ')}

Options:
  --only <name,name,...>                  run these experiments only
  --report <dir>                          where to write the report (default: ${facts.reportDir})
${LAB_MESSAGES.en.batchFormation.usage}
  --lang en|ja                            the language of this command and its report (default: from LANG)
  --help                                  show this help
`,
    error: (message: string) => `error: ${message} (npm start -- --help lists the options)\n`,
    onlyNeedsList: '--only needs a comma-separated list of experiments',
    reportNeedsDir: '--report needs a directory',
    unknownArgument: (argument: string) => `unknown argument "${argument}"`,
    unknownExperiment: (name: string, names: readonly string[]) =>
      `unknown experiment "${name}"; choose from ${names.join(', ')}`,
    header: (count: number) =>
      `sqs-lab tour: ${count} experiments on the local lab (SQS: fauxqs, DynamoDB: dynalite)\n`,
    sideBySide:
      'They run side by side; the Step 8 retries wait for a 10 s visibility timeout, so this takes about half a minute.\n\n',
    matched: (matched: number, total: number, seconds: string) =>
      `\n${matched} of ${total} outcomes matched their predictions (${seconds} s).\n`,
    reportWritten: (path: string) => `Report with every run's timeline: ${path}\n`,
    failed: (why: string) => `tour failed: ${why}\n`,
  },
  experiment: {
    usage: (
      experiments: readonly ListedExperiment[],
    ) => `Usage: npm run experiment -- <name> [--target local|aws] [--outputs cdk-outputs.json] [--report <dir>]
                              [--batch-formation aws|full] [--batch-seed N] [--lang en|ja] [--inspect]

Runs one experiment and judges its outcome against the tutorial's prediction: on a fresh
local lab (--target local, the default) or on the stacks in cdk-outputs.json (--target aws).

Options:
  --target local|aws                      where to run it (default: local)
  --outputs <file>                        the stacks' outputs for --target aws (default: cdk-outputs.json)
  --report <dir>                          write the run's timeline (HTML, Mermaid, JSON) to <dir>/index.html
${LAB_MESSAGES.en.batchFormation.usage}
  --lang en|ja                            the language of this command and its report (default: from LANG)
${INSPECT_USAGE}
  --help                                  show this help

Experiments (* = lab only):
${experimentList(experiments)}
`,
    error: (message: string) => `error: ${message} (npm run experiment -- --help lists the options)\n`,
    badTarget: (value: string | undefined) => `--target must be local or aws, got ${value ?? 'nothing'}`,
    inspectLocalOnly: '--inspect debugs the handlers on the lab; on AWS they run in Lambda: leave out --target aws',
    outputsNeedsFile: '--outputs needs a file name',
    reportNeedsDir: '--report needs a directory',
    oneAtATime: (first: string, second: string) =>
      `one experiment at a time (got ${first} and ${second}); npm start runs them all`,
    whichExperiment: 'which experiment? Name one',
    unknownExperiment: (name: string, names: readonly string[]) =>
      `unknown experiment "${name}"; choose from ${names.join(', ')}`,
    labOnly: (name: string, summary: string) =>
      `${name} runs on the lab only: ${summary}. The deployed stack is not set up that way; run it without --target aws.`,
    header: (name: string, title: string, target: string) => `${name}: ${title} (target: ${target})\n`,
    needsContext: (stack: string, flags: string) =>
      `This experiment needs ${stack} deployed with: npx cdk deploy ${stack} ${flags}\n`,
    pollsDlq: (stack: string) =>
      `This experiment polls ${stack}'s DLQ (no worker reads it); it must be empty, and only this run's messages are deleted.\n`,
    timeline: (path: string) => `\nTimeline: ${path}\n`,
    failed: (why: string) => `experiment failed: ${why}\n`,
  },
  chaos: {
    usage: (facts: ChaosHelpFacts) => `Usage: npm run chaos -- [options]

Runs N messages through the local lab's time-scaled stacks under injected faults and checks
the invariant: nothing lost, no effect applied twice with the guard on; double effects with
it off.

Options:
  --messages N          messages per run (default 1000)
  --seed S              seed of the workload, the fault coin flips and the kills (default ${facts.seed})
  --mix a,b,…           mixes to run (default: all): ${facts.mixes.join(', ')}
  --guard on|off|both   idempotency guard of the Step 7 runs (default both)
  --time-scale K        multiply every duration by K (1-10, default 1) on a machine too busy for 1 s timeouts
  --parallel N          runs at once, each in its own lab (default ${facts.parallel}; 1: one after the other)
  --pollers N           concurrent pollers of the worker's mapping (default 32 for Step 7, 4 for Step 8)
  --out FILE            JSON results (default ${facts.out})
  --lang en|ja          the language of this help and of errors (default: from LANG)
  --help                show this help
`,
    error: (message: string) => `error: ${message} (npm run chaos -- --help lists the options)\n`,
    badSeed: (value: string) => `--seed must be an integer, got "${value}"`,
    badGuard: (value: string) => `--guard must be on, off or both, got "${value}"`,
    notPositive: (flag: string, value: string) => `${flag} must be a positive integer, got "${value}"`,
    badTimeScale: (value: string) =>
      `--time-scale must be a whole number from 1 to 10 (SQS timeouts are whole seconds), got "${value}"`,
    unknownMix: (name: string, mixes: readonly string[]) => `unknown mix "${name}"; choose from: ${mixes.join(', ')}`,
  },
  awsProbe: {
    cannotRead: (file: string, why: string) =>
      `cannot read ${file} (${why}); deploy first: npx cdk deploy --all --outputs-file ${file}`,
    missingOutputs: (file: string, missing: readonly string[], stack: string) =>
      `${file} has no ${missing.join(', ')} for ${stack}; redeploy with --outputs-file ${file}`,
    labOnly: (name: string, reason: string) => `${name} runs on the lab only: ${reason}`,
    noDeployedQueue: (name: string) => `${name} has no deployed queue to use`,
    needsSwitch: (
      name: string,
      stack: string,
      context: string,
      output: string,
      actual: string | undefined,
      file: string,
    ) =>
      `${name} needs ${stack} deployed with -c ${context} (output ${output} is ${actual ?? 'absent'}); deploy it with: npx cdk deploy --all -c ${context} --outputs-file ${file}`,
    cannotCrash: 'a running Lambda invocation cannot be crashed on demand; this experiment runs on the lab only',
    cannotSetAttributes: (stack: string, attributes: readonly string[]) =>
      `the deployed queue of ${stack} cannot be given ${attributes.join(', ')}`,
    queueNotLowered: (stack: string, actual: string | undefined, expected: number, fix: string) =>
      `${stack}'s queue runs at VisibilityTimeout ${actual ?? 'unknown'} s instead of ${expected} s (a rolled-back or "no changes" deploy can leave it raised), so set it back first with: ${fix}`,
  },
  report: {
    outcome: { matched: 'matched', 'NOT matched': 'NOT matched', 'timed out': 'timed out' },
    columns: [
      'experiment',
      'deliveries',
      'dups caught (7)',
      'reprocessed (8)',
      'effects',
      'DLQ',
      'outcome',
      'predicted',
    ],
    pageColumns: [
      'experiment',
      'deliveries',
      'duplicates caught (Step 7)',
      'reprocessed (Step 8)',
      'effects',
      'DLQ',
      'outcome',
      'predicted',
    ],
    deliveries: (n: number) => count(n, 'delivery', 'deliveries'),
    duplicatesCaught: (n: number) => `${count(n, 'duplicate')} caught`,
    reprocessed: (n: number) => `${n} reprocessed`,
    effects: (n: number) => count(n, 'effect'),
    predicted: (prediction: string) => `predicted: ${prediction}`,
    seconds: (seconds: number) => `${seconds.toFixed(1)} s`,
    summaryVisibility: (deliveries: number, caught: number, effects: number, queued: number) =>
      `${count(deliveries, 'delivery', 'deliveries')}, ${count(caught, 'duplicate')} caught, ${count(effects, 'effect')}, ${queued} in queue`,
    summaryBatch: (deliveries: number, dlq: number, queued: number) =>
      `${count(deliveries, 'delivery', 'deliveries')}, ${dlq} in DLQ, ${queued} in queue`,
    pollingConsumer: (wait: number, calls: number, empty: number, received: number, sent: number) =>
      `WaitTimeSeconds ${wait}: ${count(calls, 'call')}, ${empty} empty, ${received} of ${sent} messages`,
    starting: 'starting',
    done: (outcome: string, took: string) => `done  ${outcome}${took}`,
    finished: (name: string, outcome: string, took: string) => `${name} finished: ${outcome}${took}`,
    took: (seconds: number) => ` (${seconds.toFixed(1)} s)`,
    pageTitle: 'sqs-lab report',
    pageSummary: (matched: number, total: number, target: string, seconds: number, generated: string) =>
      `${matched} of ${total} outcomes matched their predictions · target: ${target} · ${seconds.toFixed(1)} s · ${generated} UTC`,
    pageIntro:
      "Each run below has one lane per message. Times are seconds from the first send. The blue bar is the time the message is invisible after a receive: it ends at the deadline in force (the queue's visibility timeout from the receive, or what the last heartbeat set), or at the delete. The grey bar under it is the invocation working. Hover any bar or mark for what happened. Everything is drawn from the workers' log lines and from what the runner read from SQS, so a run on AWS draws the same way.",
    pagePredicted: (prediction: string, seconds: number, decidedEarly: boolean) =>
      `Predicted: ${prediction} (${seconds.toFixed(1)} s${decidedEarly ? ', stopped once the verdict was certain' : ''})`,
    pageLogLines: 'log lines and counts',
    pageMermaid: 'Mermaid (for Markdown)',
  },
  catalog: {
    sweepJob: (sleep: number, deliveries: number, caught: number, effects: number) =>
      `sleep ${String(sleep).padStart(2)} s: ${count(deliveries, 'delivery', 'deliveries')}, ${count(caught, 'duplicate')} caught, ${count(effects, 'effect')}`,
    throttledJob: (sleep: number, firstReceive: number, deliveries: number, effects: number) =>
      `sleep ${sleep} s: first invoked on receive ${firstReceive} (${Math.max(0, firstReceive - 1)} receive(s) throttled back to the queue before), ${count(deliveries, 'delivery', 'deliveries')}, ${count(effects, 'effect')}`,
    batchesThisRun: (split: string) => `batches this run (✗ = failed as a whole): ${split}`,
    sharedBatches: (shared: number, deliveries: number) =>
      `${shared} of 7 successes shared a first batch with a failure and were processed again; ${deliveries} deliveries (20 when all 10 arrive in one batch: --batch-formation full)`,
    invocations: (invocations: number, histogram: string, seconds: number) =>
      `${invocations} invocations (records per invocation: ${histogram}); first to last record ${seconds.toFixed(2)} s`,
    redriveFailures: (index: number, failures: number, messageIds: number) =>
      `message ${index}: ${failures} failures over ${messageIds} SQS message ids`,
    extensionCalls: (calls: number) => `ChangeMessageVisibility calls: ${calls} for one 8 s job`,
    extensionOutcomes: (succeeded: number, failed: number) =>
      `ChangeMessageVisibility calls: ${succeeded} succeeded, ${failed} failed`,
    filteredOut: (
      sent: number,
      processed: readonly number[],
      unseen: readonly number[],
      leftInQueue: number | undefined,
      dlq: readonly number[],
    ) =>
      `sent ${sent}; processed by the worker: ${listed(processed, 'none')}; never reached the worker: ${listed(unseen, 'none')}; left in the queue: ${leftInQueue ?? '?'}; in the DLQ: ${listed(dlq, 'none')}`,
    noSentTimestamp: 'time to the first receive: the start line has no SentTimestamp',
    firstReceiveAfter: (wait: number, delay: number) =>
      `first receive ${wait.toFixed(1)} s after the send (SQS's clock; the delay is ${delay} s)`,
    highestDelayed: (seen: number) => `highest ApproximateNumberOfMessagesDelayed read during the run: ${seen}`,
    copies: (messages: number, deliveries: number, inProgress: number, skipped: number, effects: number) =>
      `${messages} SQS message(s) for one id, ${deliveries} deliveries: ${inProgress} refused as in progress, ${skipped} skipped as completed, ${effects} effect(s)`,
    fifoWithinInterval: (sends: number, deliveries: number, sameMessageId: boolean) =>
      `phase 1, within 5 minutes: the same job sent ${sends} times, delivered ${deliveries} time(s) (the second send was answered with ${sameMessageId ? 'the same' : 'another'} MessageId)`,
    fifoGroup: (sent: string, received: string, receivedWhileLocked: number) =>
      `phase 2, one message group: sent ${sent}; received ${received} (${receivedWhileLocked} receive(s) got a message of the group while its first was in flight)`,
    fifoAfterInterval: (deliveries: number, newMessageId: boolean) =>
      `phase 3, the lab's SQS clock moved 5 minutes on: the same job sent again, delivered ${deliveries} time(s) (${newMessageId ? 'a new' : 'the same'} MessageId)`,
    fifoSlowConsumer: (receives: number, sameMessageId: boolean, sameDeduplicationId: boolean, receiveCount: number) =>
      `phase 4, processing longer than the visibility timeout: the same job received ${receives} times, ${sameMessageId ? 'same' : 'another'} MessageId, ${sameDeduplicationId ? 'same' : 'another'} MessageDeduplicationId, ApproximateReceiveCount ${receiveCount}: deduplication cannot help here`,
    pollingConsumer: (
      waitTimeSeconds: number,
      calls: number,
      empty: number,
      received: number,
      sent: number,
      cost: string,
      medianWait: string,
    ) =>
      `${waitTimeSeconds === 0 ? 'short polling' : 'long polling'} (WaitTimeSeconds ${waitTimeSeconds}): ${calls} ReceiveMessage calls, ${empty} empty, ${received} of ${sent} messages, ${cost}${medianWait ? `, median ${medianWait} s from send to receive` : ''}`,
    pollingMonth: (
      perMillion: number,
      shortMillions: string,
      shortCost: string,
      longMillions: string,
      longCost: string,
    ) =>
      `at $${perMillion.toFixed(2)} per million requests (cost/prices.ts, us-east-1, free tier ignored), one consumer polling an idle queue for 30 days: short polling at this run's pace ≈ ${shortMillions} million calls ≈ ${shortCost}; long polling, one call per 20 s ≈ ${longMillions} million calls ≈ ${longCost}`,
    duration: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
    noManagerRequest: 'no visibility manager request',
    recordsPerInvocation: (sizes: string) => `records per invocation: ${sizes}`,
    managerRequests: (requests: number, extended: number, released: number) =>
      `${requests} ChangeMessageVisibilityBatch requests carried ${extended} extensions and ${released} release(s) (one call per message would have taken ${extended + released} ChangeMessageVisibility calls)`,
    workerCalls: (batch: number, single: number) =>
      `the worker's calls as the lab counted them: ${batch} ChangeMessageVisibilityBatch, ${single} ChangeMessageVisibility`,
    letGo: (id: string, keptSeconds: number, again: string | undefined) =>
      `${id}: let go after ${keptSeconds.toFixed(1)} s (past its maximum life)${again === undefined ? ', not received again' : `, received again ${again} later`}`,
    noCrash: 'no crash happened',
    queueTimeoutBasis: (queueSeconds: number) => `the queue's ${queueSeconds} s timeout from its receive`,
    heartbeatBasis: (beforeCrash: string, deadlineSeconds: number) =>
      `its last heartbeat, ${beforeCrash} before the crash (to ${deadlineSeconds} s)`,
    crashedJob: (label: string, deadline: string, basis: string, retry: string | undefined) =>
      `${label}: deadline ${deadline} after the crash, set by ${basis}; retried ${retry === undefined ? 'never' : `${retry} after the crash`}`,
    alarmStates: (name: string, states: string) => `alarm ${name}: ${states}`,
    alarmNotificationsUnread:
      "its SNS topic's notifications cannot be read from here (they reach the e-mail address, if one is subscribed)",
    alarmNotifications: (notifications: readonly string[]) =>
      `notifications to its SNS topic: ${notifications.length === 0 ? 'none' : notifications.join(' / ')}`,
  },
  timeline: {
    laneJob: (sleep: number) => `job, sleep ${sleep} s`,
    laneNamedJob: (name: string, sleep: number) => `${name}, sleep ${sleep} s`,
    laneAlarm: 'DLQ alarm',
    alarmLabel: (state: string) => `alarm ${state}`,
    alarmTitle: (alarmName: string, state: string, at: number) =>
      `${alarmName} read as ${state} at ${at} s${state === 'ALARM' ? ': messages are waiting in the DLQ' : ''}`,
    releasedLabel: 'let go: visibility 0 s',
    releasedTitle: (at: number) =>
      `let go at ${at} s: past its maximum life, the visibility manager set the visibility to 0 s, so the message can be received again while this invocation still works`,
    crashedLabel: 'crashed',
    crashedTitle: (at: number, deadline: number) =>
      `the lab crashed this invocation at ${at} s: no code of it runs afterwards, nothing deletes the message, and it comes back when its deadline (${deadline} s) has passed`,
    laneMessage: (index: number) => `message ${index}`,
    rowLabel: (receive: number) => `receive ${receive}`,
    dlqLabel: 'in the DLQ',
    dlqTitle: (lane: string, at: number) =>
      `${lane} seen in the DLQ at ${at} s (the runner's poll; SQS moved it on a receive after its last allowed one)`,
    redriveLabel: 'redriven',
    redriveTitle: (lane: string, at: number) =>
      `${lane} left the DLQ at ${at} s: redriven to the source queue as a new message`,
    receiveLabel: (n: number) => `receive ${n}`,
    receiveTitle: (n: number, messageId: string, at: number, vt: number) =>
      `receive ${n} (ApproximateReceiveCount ${n}) of message ${messageId} at ${at} s: invisible for ${vt} s`,
    heartbeatLabel: (seconds: number) => `heartbeat +${seconds} s`,
    heartbeatTitle: (at: number, seconds: number, from: number, to: number) =>
      `heartbeat at ${at} s: ChangeMessageVisibility to ${seconds} s from now; the deadline moves from ${from} s to ${to} s`,
    heartbeatFailedLabel: 'heartbeat failed',
    heartbeatFailedTitle: (at: number, error: string, deadline: number) =>
      `heartbeat failed at ${at} s (${error}): the deadline stays at ${deadline} s`,
    claimedLabel: 'claimed',
    claimedTitle: (at: number) =>
      `the guard claimed the id for this delivery at ${at} s (inferred: the worker logs the claim's outcome, not the claim)`,
    inProgressLabel: 'in progress: not acknowledged',
    inProgressWord: 'in progress',
    inProgressTitle: (at: number) =>
      `duplicate at ${at} s: another delivery holds the claim, so this one is reported as failed and the message stays`,
    skippedLabel: 'duplicate: skipped',
    skippedWord: 'skipped',
    skippedTitle: (at: number, effects: string) =>
      `duplicate at ${at} s: the id was already completed (effect #${effects}); skipped and acknowledged`,
    completedLabel: (effects: number) => `completed: effect ${effects}`,
    completedWord: (effects: number) => `effect ${effects}`,
    completedUnguardedTitle: (at: number, effects: number) =>
      `completed at ${at} s with no guard: the effect ran, now ${count(effects, 'time')}`,
    completedTitle: (at: number, effects: number) =>
      `completed at ${at} s: the guard recorded the effect (#${effects})`,
    claimLostLabel: 'claim lost',
    claimLostTitle: (at: number) => `claim lost at ${at} s: it lapsed and another delivery took it; not completing`,
    workFailedLabel: 'failed',
    workFailedTitle: (at: number, error: string) =>
      `the work failed at ${at} s (${error}): not acknowledged, the message stays`,
    okLabel: 'OK',
    okTitle: (at: number) => `OK at ${at} s: processed`,
    failLabel: 'FAIL',
    failTitle: (at: number) => `FAIL at ${at} s: reported as a batch item failure, the message stays`,
    batchFailedLabel: 'its batch failed',
    batchFailedWord: 'batch failed',
    batchFailedTitle: (at: number) =>
      `the invocation failed at ${at} s (reportBatchItemFailures off): this success is not deleted and comes back`,
    workInvocation: (n: number) => `invocation ${n}`,
    workGuarded: (n: number) => `working, receive ${n}`,
    workUnguarded: (n: number) => `working without a guard, receive ${n}`,
    workTitle: (n: number, from: number, to: number | undefined) =>
      `receive ${n}: the invocation works from ${from} s to ${to === undefined ? 'the end of the run' : `${to} s`}`,
    staleDeleteLabel: 'delete with an old receipt handle',
    staleDeleteWord: 'old handle',
    staleDeleteTitle: (at: number, n: number) =>
      `at ${at} s the mapping deletes with receive ${n}'s receipt handle, but the message was received again since: SQS may not delete it (the emulator does not)`,
    deletedLabel: 'deleted',
    deletedTitle: (at: number) => `deleted at ${at} s by the event source mapping (the record succeeded)`,
    invisibleLabel: (n: number) => `invisible, receive ${n}`,
    invisibleTitle: (n: number, from: number, to: number, moved: number, deletedAt: number | undefined) =>
      `receive ${n}: invisible from ${from} s until ${to} s` +
      (moved > 0 ? ` (the heartbeat moved the deadline ${count(moved, 'time')})` : '') +
      (deletedAt !== undefined ? `; deleted at ${deletedAt} s` : ''),
    visibleAgainLabel: 'visible again',
    visibleAgainWord: 'visible',
    visibleAgainTitle: (at: number, n: number) =>
      `visible again at ${at} s: receive ${n}'s visibility timeout ran out before a delete`,
    supersededTitle: (deadline: number) => `an earlier deadline, ${deadline} s, replaced by a heartbeat`,
    mermaidInvisible: (n: number) => `r${n} invisible`,
    mermaidWorking: (n: number) => `r${n} working`,
    sentLabel: 'sent',
    sentTitle: (messageId: string, at: number, delay: number, source: DelaySource) =>
      `message ${messageId} sent at ${at} s (SQS's SentTimestamp)` +
      (delay > 0
        ? `, delayed ${delay} s by ${source === 'timer' ? 'its message timer' : "the queue's DelaySeconds"}`
        : ''),
    delayedLabel: (delay: number) => `delayed ${delay} s`,
    delayedTitle: (from: number, to: number, source: DelaySource) =>
      `delayed from ${from} s to ${to} s by ${source === 'timer' ? 'its message timer (DelaySeconds of the send)' : "the queue's DelaySeconds"}: no consumer can receive it, and SQS counts it in ApproximateNumberOfMessagesDelayed`,
    legendDelayed: 'delayed: no consumer can receive it yet',
    legendLabel: 'legend',
    legendInvisible: 'invisible until the deadline in force',
    legendWork: 'the invocation working',
    legendSuperseded: 'a deadline a heartbeat replaced',
    legend: {
      sent: 'sent (SQS SentTimestamp)',
      receive: 'receive n (ApproximateReceiveCount)',
      heartbeat: 'heartbeat: deadline moved to now + N s',
      'heartbeat-failed': 'heartbeat failed: deadline unchanged',
      'visible-again': 'visible again (timeout ran out)',
      claimed: 'guard: claimed',
      'in-progress': 'guard: in progress, not acknowledged',
      skipped: 'guard: duplicate skipped (acknowledged)',
      completed: 'completed: effect n',
      ok: 'OK (processed)',
      failed: 'failed / FAIL: not acknowledged',
      'batch-failed': 'its whole batch failed',
      'claim-lost': 'guard: claim lost',
      deleted: 'deleted',
      'stale-delete': 'delete with an old receipt handle',
      dlq: 'seen in the DLQ',
      redrive: 'redriven out of the DLQ',
      released: 'let go at its maximum life: visibility 0 s',
      crashed: 'crashed by the lab (no code runs afterwards)',
      alarm: 'DLQ alarm read as ALARM',
      'alarm-ok': 'DLQ alarm read as OK',
    },
  },
  /** Each experiment's title and prediction, by name (experiments-en.ts). */
  experiments: enExperiments,
  /** What each lab variant changes from the deployed stack, by the function that makes it (experiments/variants.ts). */
  variants: {
    workerAssumesVisibilityTimeout: (
      seconds: number,
      intervalMs: number,
      extensionSeconds: number,
      queueVisibilityTimeoutSeconds: number,
    ) =>
      `the worker's VISIBILITY_TIMEOUT_SECONDS is ${seconds} (heartbeat every ${intervalMs / 1000} s, to ${extensionSeconds} s) while the queue stays at ${queueVisibilityTimeoutSeconds} s`,
    workerTimeout: (seconds: number, workerTimeoutSeconds: number, why: string) =>
      `the worker's timeout is ${seconds} s (deployed: ${workerTimeoutSeconds} s); ${why}`,
    throttledCompletion: (probability: number, seed: number) =>
      `the lab throttles the worker's completion UpdateItem (ProvisionedThroughputExceededException, probability ${probability}, seed ${seed})`,
    reservedConcurrency: (limit: number) => `the worker has reserved concurrency ${limit} (deployed: none)`,
    visibilityManagerWorker: (
      batchSize: number,
      timerIntervalMs: number,
      minimalLifeMs: number,
      maxLifeSeconds: number,
      workerBatchSize: number,
    ) =>
      `the worker takes batches of ${batchSize} and runs one visibility manager per batch (a check every ${timerIntervalMs / 1000} s, minimal life ${minimalLifeMs / 1000} s, maximum life ${maxLifeSeconds} s); deployed: batch size ${workerBatchSize} and a heartbeat per message`,
    longQueueTimeout: (
      queueSeconds: number,
      queueVisibilityTimeoutSeconds: number,
      extensionSeconds: number,
      intervalMs: number,
      workerTimeoutSeconds: number,
    ) =>
      `the queue's visibility timeout is ${queueSeconds} s (deployed: ${queueVisibilityTimeoutSeconds} s), the worker's heartbeat extends to ${extensionSeconds} s every ${intervalMs / 1000} s and its timeout is ${workerTimeoutSeconds} s, and the lab crashes the workers mid-job, which nothing can do on demand on AWS`,
    queueDelay: (seconds: number) =>
      `the queue's DelaySeconds is ${seconds} (deployed: 0), which would hold back every Step 7 job and the tutorial's own commands`,
    batchEventFilter: (pattern: string) =>
      `the worker's event source mapping has FilterCriteria ${pattern}: messages marked shouldFail never reach the worker; deployed: no filter`,
  },
  /** The console send form's hint under each body field, by stack (experiments/console-send-form.ts). */
  sendForm: {
    VisibilityDupStack: {
      id: 'idempotency key, in every log line',
      sleep: 'seconds of work',
      heartbeat: 'extend the visibility timeout while working',
      failHeartbeat: 'every extension fails',
      idempotency: 'the DynamoDB guard against duplicates',
      delaySeconds: 'message timer, 0 to 900 s (empty: the queue’s delay)',
      sendTwice: 'the producer sends the job twice, as a retry would',
    },
    BatchPartialStack: {
      count: 'messages in the run',
      failEvery: 'every n-th message fails (0: none)',
    },
  },
};

/** Every text the lab shows, as `en` holds it: each language has these keys. */
export type Messages = typeof en;
