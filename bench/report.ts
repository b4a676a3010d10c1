/**
 * The tables `npm run bench` prints: markdown, ready for the README's "Performance and cost"
 * section. Everything here reads a {@link BenchResults}; nothing is measured.
 */
import {
  type CallCounts,
  type ThreadBusy,
  type ThreadCpuMs,
  backlogTable,
  endpointTable,
  insightsTable,
  targetsTable,
} from '@sqs-lab/lab/bench';
import type { BenchResults } from './results';
import { markdownTable } from '@sqs-lab/lab/markdown-table';
import { MIN_FAIR_RATIO, throughputRows } from './targets';
import type { GuardRequestTable, GuardScenario, GuardScenarioResult } from './sections/guard-requests';
import type { HeartbeatRun } from './sections/heartbeat-requests';
import type { ThroughputRow } from './sections/lab-throughput';

/**
 * `{ "SQS.ReceiveMessage": 0.107 }` → `0.107 ReceiveMessage`; a call too rare for `digits` keeps
 * its first digit (`0.001 GetQueueUrl`, one call in 1 000 messages), never `0`.
 */
function perMessage(calls: CallCounts, digits = 2): string {
  const shown = (value: number): number => Number(value.toFixed(digits)) || Number(value.toPrecision(1));
  const parts = Object.entries(calls)
    .filter(([, value]) => value > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${shown(value)} ${name.replace(/^[A-Za-z]+\./, '')}`);
  return parts.length === 0 ? 'none' : parts.join(' + ');
}

function dollars(value: number): string {
  return value >= 100 ? `$${value.toFixed(0)}` : value >= 1 ? `$${value.toFixed(2)}` : `$${value.toFixed(3)}`;
}

function requestsTable(results: BenchResults): string | undefined {
  const requests = results.requests;
  if (requests === undefined) return undefined;
  const rows: string[][] = [];
  for (const row of requests.producer) {
    rows.push([
      `Producer, ${row.messages} message${row.messages === 1 ? '' : 's'}: send requests per message`,
      `${Number(row.batchRequestsPerMessage.toFixed(3))} SendMessageBatch`,
      `${Number(row.naiveRequestsPerMessage.toFixed(3))} SendMessage`,
      '—',
    ]);
  }
  const { batch, guard: guarded, naiveConsumer } = requests.pipeline;
  rows.push([
    `Producer Lambda on the lab, POST count ${Math.round(1 / batch.producerInvocationsPerMessage)}`,
    perMessage(batch.producer, 3),
    '—',
    '—',
  ]);
  const hb = requests.heartbeat;
  const heartbeatCell = (run: HeartbeatRun, nominal: number): string =>
    `${nominal} ${Object.keys(run.calls)
      .map((name) => name.replace('SQS.', ''))
      .join(', ')} (measured ${run.requestsPerMessagePerMinute.toFixed(1)})`;
  const ticks = hb.nominalTicksPerMinute;
  rows.push([
    `Heartbeat, 1 message: requests per message per minute of work (tick every ${hb.intervalMs / 1000} s)`,
    heartbeatCell(hb.single.project, ticks),
    heartbeatCell(hb.single.naive, ticks),
    'no heartbeat',
  ]);
  rows.push([
    `Heartbeat, batch of ${hb.batch.project.messages}: requests per message per minute of work`,
    heartbeatCell(hb.batch.project, ticks / hb.batch.project.messages),
    heartbeatCell(hb.batch.naive, ticks),
    'no heartbeat',
  ]);
  const guardRow = (
    label: string,
    scenario: GuardScenario,
    note: (name: keyof GuardRequestTable, row: GuardScenarioResult) => string,
  ): string[] => {
    const cell = (name: keyof GuardRequestTable): string => {
      const aws = requests.guard.aws[name][scenario];
      const lab = requests.guard.lab[name][scenario];
      const dynalite =
        lab.reads !== aws.reads || lab.writes !== aws.writes ? ` (dynalite: ${lab.writes} W, ${lab.reads} R)` : '';
      const extra = note(name, aws);
      return `${aws.writes} W, ${aws.reads} R${dynalite}${extra === '' ? '' : `; ${extra}`}`;
    };
    return [label, cell('project'), cell('naive'), cell('powertools')];
  };
  const effects = (row: GuardScenarioResult): string =>
    row.effects > 1 ? `effect applied ${row.effects}×` : row.effects === 1 ? 'effect once' : 'no effect';
  rows.push(guardRow('Guard, first delivery: DynamoDB writes, reads', 'first-delivery', () => ''));
  rows.push(guardRow('Guard, duplicate after completion', 'duplicate-after-completion', () => ''));
  rows.push(
    guardRow('Guard, duplicate while the first copy works', 'duplicate-in-progress', (_, row) =>
      row.outcome === 'in-progress' ? `not acknowledged, ${effects(row)}` : effects(row),
    ),
  );
  rows.push(guardRow('Guard, takeover after the first claim lapsed', 'takeover-after-lapse', () => ''));
  rows.push(
    guardRow('Guard, the lapsed first copy then finishes', 'lapsed-owner-completes', (_, row) =>
      row.outcome === 'claim-lost' ? `completion refused, ${effects(row)}` : effects(row),
    ),
  );
  rows.push(guardRow('Guard, the work fails (claim released)', 'failed-work', () => ''));
  rows.push([
    `Guarded worker on the lab, ${guarded.messages} first deliveries`,
    `${perMessage(guarded.worker)} per message`,
    '—',
    '—',
  ]);
  const mappingCell = (path: typeof batch): string =>
    `${perMessage(path.mapping, 3)} (receives with messages: ${Number(path.nonEmptyReceivesPerMessage.toFixed(3))})`;
  rows.push([
    `Event source mapping, batch path (batch 10, ${batch.messages} messages)`,
    mappingCell(batch),
    `hand-written consumer: ${perMessage(naiveConsumer.perMessage, 3)}`,
    '—',
  ]);
  rows.push([
    `Event source mapping, guard path (batch 1, ${guarded.messages} messages)`,
    mappingCell(guarded),
    '—',
    '—',
  ]);
  return [
    '### AWS requests per message',
    '',
    markdownTable(['Scenario', 'This project', 'Naive (tutorial)', 'Powertools'], rows),
    '',
    'W = DynamoDB writes (a refused conditional write is billed as one), R = reads. Guard figures are what AWS receives: DynamoDB returns the blocking item with a refused write (ALL_OLD); dynalite does not, so on the lab each duplicate costs one extra consistent read (in brackets). Heartbeat: a scaled minute on the SQS emulator; the nominal figure is 60 s / tick interval. Event source mapping: counted by the lab (`lab.awsCallCounts()`); fauxqs answers every waiting long poll when one message arrives, so the lab shows more empty receives than SQS would.',
  ].join('\n');
}

function costTable(results: BenchResults): string | undefined {
  const cost = results.cost;
  if (cost === undefined) return undefined;
  const rows = cost.lines.map((line) => [
    line.scenario,
    line.variant,
    dollars(line.sqs),
    dollars(line.dynamodb),
    dollars(line.lambdaRequests),
    dollars(line.lambdaCompute),
    dollars(line.apiGateway),
    `**${dollars(line.total)}**`,
  ]);
  for (const line of cost.heartbeatPerMinute) {
    rows.push([
      `${line.scenario}, per minute of work`,
      'project',
      dollars(line.project),
      '',
      '',
      '',
      '',
      `**${dollars(line.project)}**`,
    ]);
    rows.push([
      `${line.scenario}, per minute of work`,
      'naive',
      dollars(line.naive),
      '',
      '',
      '',
      '',
      `**${dollars(line.naive)}**`,
    ]);
  }
  return [
    `### Cost per million messages (us-east-1, prices of ${cost.pricesDate})`,
    '',
    markdownTable(
      ['Scenario', 'Variant', 'SQS', 'DynamoDB', 'Lambda requests', 'Lambda compute', 'API Gateway', 'Total'],
      rows,
    ),
    '',
    ...cost.assumptions.map((text) => `- ${text}`),
  ].join('\n');
}

function bundleTable(results: BenchResults): string | undefined {
  const bundles = results.bundles;
  if (bundles === undefined) return undefined;
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  const initMs = (stackName: string, functionId: string): string => {
    const values = (results.throughput ?? [])
      .filter((row) => (row.path === 'batch' ? 'BatchPartialStack' : 'VisibilityDupStack') === stackName)
      .map((row) => row.lab.meanInitMs[functionId])
      .filter((value): value is number => value !== undefined);
    return values.length === 0
      ? '—'
      : `${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(0)} ms`;
  };
  const rows = bundles.map((row) => [
    `${row.stackName}/${row.functionId}`,
    row.variant === 'project'
      ? 'this project'
      : row.stackName === 'VisibilityDupStack'
        ? 'Powertools batch + idempotency'
        : 'Powertools batch',
    kb(row.bytes),
    kb(row.mapBytes),
    kb(row.sdkExternalBytes),
    `${row.loadMs.toFixed(0)} ms`,
    row.variant === 'project' ? initMs(row.stackName, row.functionId) : '—',
  ]);
  const loads = bundles[0]?.loadRunsMs.length ?? 0;
  return [
    '### Bundle size and load time',
    '',
    markdownTable(
      [
        'Function',
        'Written with',
        'Bundle (minified, SDK bundled, as deployed)',
        'Its source map',
        'Before: SDK external',
        `Load time (median of ${loads})`,
        'Lab cold start (INIT, mean)',
      ],
      rows,
    ),
    '',
    "Built as CDK builds them (esbuild, node24, CommonJS, minified, source map without sources, the AWS SDK bundled in: the functions run the SDK versions package-lock.json pins, not the runtime's). Before: the same entry with `@aws-sdk/*` external, as the stacks deployed it until the SDK was bundled. Load time: a fresh `node -e` requiring the bundle, SDK included — a cold-start proxy, not a Lambda INIT duration. Lab cold start: the INIT phase of the lab's execution environments during the throughput runs (worker thread start + bundle load, several at once).",
  ].join('\n');
}

/** `92 % · 40 % · 5 %; 1.6`: main, SQS and DynamoDB thread, then CPU cores. */
function busyCell(busy: ThreadBusy | undefined): string {
  if (busy === undefined) return '—';
  const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;
  const threads = [percent(busy.mainThread), percent(busy.sqsThread), percent(busy.dynamodbThread)];
  return `${threads.join(' · ')}; ${busy.processCores.toFixed(1)}`;
}

/** CPU per message by kind of thread, in µs: `functions 88 · V8 54 · main 50 · SQS 43` (— without /proc). */
function cpuCell(cpu: ThreadCpuMs | undefined, messages: number): string {
  if (cpu === undefined) return '—';
  const us = (ms: number): string => ((ms * 1000) / messages).toFixed(0);
  return `functions ${us(cpu.functions)} · V8 ${us(cpu.v8)} · main ${us(cpu.main)} · SQS ${us(cpu.sqsEmulator)} · DynamoDB ${us(cpu.dynamodbEmulator)}`;
}

/** `20 000 messages (batch path) or 1 000 messages (guard path)`: the rows' warm-ups, as the runs recorded them. */
function warmUpText(rows: readonly ThroughputRow[]): string {
  return (['batch', 'guard'] as const)
    .flatMap((path) => {
      const messages = rows.find((row) => row.path === path)?.lab.warmUpMessages;
      return messages === undefined
        ? []
        : [`${messages.toLocaleString('en-US').replace(/,/g, ' ')} messages (${path} path)`];
    })
    .join(' or ');
}

function throughputTable(results: BenchResults): string | undefined {
  const rows = results.throughput;
  if (rows === undefined) return undefined;
  const body = rows.map((row) => [
    row.path === 'batch'
      ? 'producer → SQS → ESM → batch worker (batch 10)'
      : 'producer → SQS → ESM → guarded worker (batch 1) → DynamoDB',
    String(row.messages),
    row.lab.messagesPerSecond.toFixed(0),
    row.ceilingMessagesPerSecond.toFixed(0),
    `${(row.ratio * 100).toFixed(0)} %`,
    row.sameWorkCeiling !== undefined && row.sameWorkRatio !== undefined
      ? `${row.sameWorkCeiling.messagesPerSecond.toFixed(0)} msg/s (lab: ${(row.sameWorkRatio * 100).toFixed(0)} %)`
      : row.pathMixCeiling !== undefined
        ? `${row.fairCeilingMessagesPerSecond.toFixed(0)} msg/s (lab: ${(row.fairRatio * 100).toFixed(0)} %)`
        : '—',
    busyCell(row.lab.busy),
    `lab: ${cpuCell(row.lab.threadCpuMs, row.messages)}; fair ceiling: ${cpuCell((row.sameWorkCeiling ?? row.pathMixCeiling?.[0])?.threadCpuMs, row.messages)}`,
  ]);
  return [
    '### Lab throughput',
    '',
    markdownTable(
      [
        'Path',
        'Messages',
        'Lab msg/s',
        'Emulator ceiling msg/s',
        'Lab / ceiling',
        'Same requests, no Lambda',
        'Lab run: busy main · SQS · DynamoDB thread; CPU cores',
        'CPU per message by thread, µs (Linux)',
      ],
      body,
    ),
    '',
    `First send to last delete, in the steady state: before each row's timed runs, its path sends ${warmUpText(rows)} through the lab and through each ceiling untimed, since every function environment and emulator thread is a V8 isolate of its own whose optimizing compilers take the path's code over only after some hundreds of calls (cold starts are in the bundle table); lab start-up (bundling, provisioning) is not counted. Producers invoked directly (\`lab.stack(...).invoke\`, count 100 per call on the batch path), not through the throttled local API; 5 pollers. Ceiling: SendMessageBatch + ReceiveMessage(10) + DeleteMessageBatch loops on the same emulator with no Lambda, median of the runs before and after the lab run; batch-path runs of up to 2 000 messages are done seven times, longer batch-path runs and guard-path runs of up to 2 000 messages three times (lab and ceilings), and their medians compared. Same requests, no Lambda (the fair ceiling): the batch path's own mix, with receives sized as the lab's mapping sizes them (its AWS-like batch formation: 1 to 10 messages, seeded) and every attribute asked for, as Lambda's pollers do, one DeleteMessageBatch per receive; the guard path's SendMessage, ReceiveMessage(1), the guard's claim and completion on dynalite, DeleteMessageBatch, 5 loops. Emulators: fauxqs and dynalite each in a worker thread. Busy: the share of the lab run each thread's event loop was busy (a share near 100 % sets the pace), and the process's CPU time over wall time in cores. CPU per message: each kind of thread's CPU time (from /proc, 10 ms ticks) over the run, divided by its messages: the function environments, V8's helper threads (garbage collection, compilation), the main thread and the emulators' threads; what a machine of few cores runs out of ` +
      `(this machine has ${results.machine.cpus}).`,
  ].join('\n');
}

function guardTable(results: BenchResults): string | undefined {
  const rows = results.guardThroughput;
  if (rows === undefined) return undefined;
  const body = rows.map((row) => [
    row.name,
    row.firstDeliveriesPerSecond.toFixed(0),
    row.requestsPerSecond.toFixed(0),
    row.duplicatesPerSecond.toFixed(0),
    `${row.writesPerFirstDelivery} W, ${row.readsPerFirstDelivery} R`,
    `${row.doubleEffects} of ${row.racedKeys}`,
  ]);
  const first = rows[0];
  return [
    `### Guard throughput (dynalite, ${first?.concurrency ?? 8} in flight, ${first?.deliveries ?? 0} deliveries, best of 2 rounds)`,
    '',
    markdownTable(
      [
        'Guard',
        'First deliveries/s',
        'DynamoDB requests/s',
        'Duplicates/s',
        'Per first delivery',
        'Effect applied twice (two copies at once)',
      ],
      body,
    ),
  ].join('\n');
}

function deployTable(results: BenchResults): string | undefined {
  const deploy = results.deploy;
  if (deploy === undefined) return undefined;
  const stacks = Object.entries(deploy.stackMs).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`);
  return [
    '### cdk deploy to the lab',
    '',
    markdownTable(
      ['Measure', 'Figure'],
      [
        [
          'Both stacks, synth excluded (median)',
          `${(deploy.medianDeployMs / 1000).toFixed(2)} s over ${deploy.deployMs.length}`,
        ],
        ['Per stack, first event to CREATE_COMPLETE', stacks.join(', ')],
        ['Batch path with IAM (msg/s, per pass)', deploy.withIam.map((rate) => rate.toFixed(0)).join(', ')],
        ['Batch path without IAM (msg/s, per pass)', deploy.withoutIam.map((rate) => rate.toFixed(0)).join(', ')],
        ['Throughput IAM costs', `${(deploy.iamCost * 100).toFixed(1)} %`],
      ],
    ),
  ].join('\n');
}

function memoryTable(results: BenchResults): string | undefined {
  const memory = results.memory;
  if (memory === undefined) return undefined;
  const rows = [
    ['idle', String(memory.idleRssMb), '', ''],
    ...memory.rssMbAfter.map((row) => [
      `after ${row.messages} messages`,
      String(row.rssMb),
      String(row.heapMb),
      String(row.emulatorHeapMb ?? 0),
    ]),
  ];
  return [
    '### Lab memory (both stacks, batch path, emulators in their own threads)',
    '',
    markdownTable(
      ['Point', 'RSS (MB, every thread)', 'Main heap after GC (MB)', 'Emulator threads heap after GC (MB)'],
      rows,
    ),
    '',
    `Heap growth after the warm-up (main thread + emulator threads): ${memory.heapBytesPerMessage} bytes per message.`,
  ].join('\n');
}

function statusMark(results: BenchResults, id: string): string {
  const target = results.targets.find((candidate) => candidate.id === id);
  if (target === undefined || target.status === 'not-run') return '';
  return target.status === 'pass' ? '✅' : '❌';
}

/** One row per headline figure, project beside the naive version and Powertools. */
/** Every measure beside the naive tutorial code and Powertools, with its target's mark. */
export function summaryTable(results: BenchResults): string {
  const rows: string[][] = [];
  const requests = results.requests;
  if (requests !== undefined) {
    const hundred =
      requests.producer.find((row) => row.messages === 100) ?? requests.producer[requests.producer.length - 1];
    if (hundred !== undefined) {
      rows.push([
        `SQS send requests per message (${hundred.messages} per POST)`,
        `${Number(hundred.batchRequestsPerMessage.toFixed(3))} SendMessageBatch`,
        `${Number(hundred.naiveRequestsPerMessage.toFixed(3))} SendMessage`,
        '—',
        `≤ 0.1 ${statusMark(results, 'producer-batching')}`,
      ]);
    }
    const hb = requests.heartbeat;
    const ticks = hb.nominalTicksPerMinute;
    rows.push([
      'Heartbeat requests per message per minute of work, 1 message',
      `${ticks} ChangeMessageVisibility`,
      `${ticks}`,
      'no heartbeat',
      '',
    ]);
    rows.push([
      `Heartbeat requests per message per minute of work, batch of ${hb.batch.project.messages}`,
      `${ticks / hb.batch.project.messages} ChangeMessageVisibilityBatch`,
      `${ticks} ChangeMessageVisibility`,
      'no heartbeat',
      '',
    ]);
    const g = requests.guard;
    const wr = (row: GuardScenarioResult): string => `${row.writes} W, ${row.reads} R`;
    rows.push([
      'Guard, first delivery (DynamoDB writes, reads)',
      wr(g.aws.project['first-delivery']),
      wr(g.aws.naive['first-delivery']),
      wr(g.aws.powertools['first-delivery']),
      `≤ 2 W ${statusMark(results, 'guard-writes')}`,
    ]);
    rows.push([
      'Guard, duplicate of a completed message',
      `${wr(g.aws.project['duplicate-after-completion'])} (dynalite: ${wr(g.lab.project['duplicate-after-completion'])})`,
      wr(g.aws.naive['duplicate-after-completion']),
      `${wr(g.aws.powertools['duplicate-after-completion'])} (dynalite: ${wr(g.lab.powertools['duplicate-after-completion'])})`,
      `1 W, no read ${statusMark(results, 'guard-writes')}`,
    ]);
    const twice = (name: 'project' | 'naive' | 'powertools'): string => {
      const atOnce = results.guardThroughput?.find((row) => row.name === name);
      const lapsed = g.aws[name]['lapsed-owner-completes'].effects > 1 ? 'twice' : 'once';
      return `${atOnce === undefined ? '' : `${atOnce.doubleEffects} of ${atOnce.racedKeys} at once; `}${lapsed} after a lapsed claim`;
    };
    rows.push([
      'Guard, effect applied twice (two copies at once; a copy whose claim lapsed)',
      twice('project'),
      twice('naive'),
      twice('powertools'),
      '',
    ]);
    const { batch, naiveConsumer } = requests.pipeline;
    rows.push([
      'Receives + deletes per message (event source mapping, batch 10)',
      perMessage(batch.mapping, 2),
      `hand-written consumer: ${perMessage(naiveConsumer.perMessage, 2)}`,
      '—',
      '',
    ]);
  }
  const cost = results.cost;
  if (cost !== undefined) {
    for (const scenario of [...new Set(cost.lines.map((line) => line.scenario))].slice(0, 2)) {
      const total = (variant: 'project' | 'naive'): string => {
        const line = cost.lines.find((candidate) => candidate.scenario === scenario && candidate.variant === variant);
        return line === undefined ? '—' : dollars(line.total);
      };
      rows.push([`Cost per million messages, ${scenario}`, total('project'), total('naive'), '—', '']);
    }
  }
  const bundles = results.bundles;
  if (bundles !== undefined) {
    const worker = (variant: 'project' | 'powertools', stackName: string): string => {
      const row = bundles.find(
        (candidate) =>
          candidate.variant === variant && candidate.stackName === stackName && candidate.functionId === 'Worker',
      );
      return row === undefined
        ? '—'
        : `${(row.bytes / 1024).toFixed(1)} KB (SDK external: ${(row.sdkExternalBytes / 1024).toFixed(1)} KB), loads in ${row.loadMs.toFixed(0)} ms`;
    };
    const largest = bundles
      .filter((row) => row.variant === 'project')
      .reduce((a, b) => (b.sdkExternalBytes > a.sdkExternalBytes ? b : a));
    rows.push([
      'Step 7 worker bundle (minified, SDK bundled), load time',
      worker('project', 'VisibilityDupStack'),
      '—',
      worker('powertools', 'VisibilityDupStack'),
      `own code ≤ 100 KB ${statusMark(results, 'bundle-size')} (largest ${(largest.sdkExternalBytes / 1024).toFixed(1)} KB)`,
    ]);
    rows.push([
      'Step 8 worker bundle, load time',
      worker('project', 'BatchPartialStack'),
      '—',
      worker('powertools', 'BatchPartialStack'),
      '',
    ]);
  }
  for (const path of ['batch', 'guard'] as const) {
    const list = throughputRows(results, path);
    if (list.length === 0) continue;
    const cell = list
      .map(
        (row) =>
          `${row.messages}: ${row.lab.messagesPerSecond.toFixed(0)} msg/s = ${(row.fairRatio * 100).toFixed(0)} % of ${row.fairCeilingMessagesPerSecond.toFixed(0)}`,
      )
      .join('; ');
    rows.push([
      `Lab throughput, ${path === 'batch' ? 'batch path' : 'guard path'} (lab / fair ceiling: the path's own requests, no Lambda)`,
      cell,
      '—',
      '—',
      `≥ ${MIN_FAIR_RATIO[path] * 100} % ${statusMark(results, `${path}-throughput-ratio`)}, falls ≤ ⅕ ${statusMark(results, `${path}-throughput-scaling`)}`,
    ]);
  }
  const guards = results.guardThroughput;
  if (guards !== undefined) {
    const rate = (name: string): string => {
      const row = guards.find((candidate) => candidate.name === name);
      return row === undefined
        ? '—'
        : `${row.firstDeliveriesPerSecond.toFixed(0)} first deliveries/s, ${row.duplicatesPerSecond.toFixed(0)} duplicates/s`;
    };
    rows.push(['Guard throughput on dynalite', rate('project'), rate('naive'), rate('powertools'), '']);
  }
  return [
    '### Summary',
    '',
    markdownTable(['Measure', 'This project', 'Naive (tutorial)', 'Powertools', 'Target'], rows),
  ].join('\n');
}

/** The chaos sample one run after the other and side by side. */
function chaosTable(results: BenchResults): string | undefined {
  const chaos = results.chaos;
  if (chaos === undefined) return undefined;
  const row = (name: string, timing: typeof chaos.sequential): string[] => [
    name,
    timing.wallSeconds.toFixed(0),
    timing.cpuSeconds.toFixed(0),
    `${((timing.cpuSeconds / timing.wallSeconds) * 100).toFixed(0)} %`,
    timing.invariantHolds ? 'yes' : 'NO',
  ];
  return [
    `### Chaos wall time (${chaos.mixes.join(', ')}; ${chaos.runs} runs of ${chaos.messages} messages, seed ${chaos.seed})`,
    '',
    markdownTable(
      ['Runs', 'Wall (s)', 'CPU, every thread (s)', 'CPU / wall (100 % = one core)', 'Invariant holds'],
      [
        row('one after the other (before issue 13)', chaos.sequential),
        row(`${chaos.parallel.parallel} at a time, each in its own lab (now the default)`, chaos.parallel),
      ],
    ),
    '',
    `Side by side: ${(chaos.wallRatio * 100).toFixed(0)} % of the wall time. A run mostly waits — for its simulated work (0.3–1.8 s per job), for visibility timeouts to expire and for lapsed claims — so its CPU stays far below one core.`,
  ].join('\n');
}

/** `npm start`'s wall time beside its longest experiment. */
function cdkTable(results: BenchResults): string | undefined {
  const cdk = results.cdk;
  if (cdk === undefined) return undefined;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '### The real CDK CLI on the lab (npm run cdk:lab)',
    '',
    markdownTable(
      ['Step', 'Wall time'],
      [
        ['cdk bootstrap', seconds(cdk.bootstrapMs)],
        ['cdk synth --all (bundling included)', seconds(cdk.synthMs)],
        ["cdk deploy --all: asset build and publish to S3, the CLI's start", seconds(cdk.publishMs)],
        [
          'cdk deploy --all: change sets created and executed (the CLI\'s "Deployment time", summed)',
          seconds(cdk.executionMs),
        ],
        ['cdk deploy --hotswap of one handler (synth excluded)', seconds(cdk.hotswapMs)],
        ['of which the hotswap itself (the CLI\'s "hotswap-deployment time")', seconds(cdk.hotswapDeploymentMs)],
      ],
    ),
    '',
    "The change-set steps include the CLI's own polling of the stack (every few seconds), which the lab cannot shorten.",
  ].join('\n');
}

function tourTable(results: BenchResults): string | undefined {
  const tour = results.tour;
  if (tour === undefined) return undefined;
  return [
    '### Tour wall time (`npm start`)',
    '',
    markdownTable(
      ['Measure', 'Seconds'],
      [
        ['`npm start`, spawn to exit', tour.wallSeconds.toFixed(1)],
        [`longest experiment (${tour.longest?.name ?? '?'})`, tour.longest?.seconds.toFixed(1) ?? '?'],
        [`exit code`, String(tour.exitCode)],
      ],
    ),
  ].join('\n');
}

/** Every table of the run, in markdown. */
/** When, where and how long: the line under a report. */
export function measuredLine(results: BenchResults): string {
  const { machine } = results;
  return (
    `_${results.mode === 'quick' ? 'Quick run (small sizes). ' : ''}Measured ${results.generatedAt.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ` +
    `load average ${machine.loadAverageAtStart.toFixed(1)} → ${machine.loadAverageAtEnd.toFixed(1)}; \`npm run bench\` took ${results.wallSeconds.toFixed(0)} s._`
  );
}

/** The whole report: the summary, each section's table, the targets and the measured line. */
export function renderReport(results: BenchResults): string {
  return [
    summaryTable(results),
    requestsTable(results),
    costTable(results),
    bundleTable(results),
    throughputTable(results),
    guardTable(results),
    deployTable(results),
    results.endpoint === undefined ? undefined : endpointTable(results.endpoint),
    results.insights === undefined ? undefined : insightsTable(results.insights),
    results.backlog === undefined ? undefined : backlogTable(results.backlog),
    memoryTable(results),
    chaosTable(results),
    tourTable(results),
    cdkTable(results),
    targetsTable(results.targets),
    measuredLine(results),
  ]
    .filter((part): part is string => part !== undefined)
    .join('\n\n');
}
