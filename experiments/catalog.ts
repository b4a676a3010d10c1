/**
 * The experiments: what each one sends, what the tutorial predicts, and how a run's
 * observation is judged against that prediction. Shared by `npm start` (the tour),
 * `npm run experiment` (one, locally or on AWS) and the tests.
 */
import { VISIBILITY_DUP } from '../lib/settings';
import type { Language } from '@sqs-lab/lab';
import { DEFAULT_BATCH_PARTIAL_OPTIONS } from '../lib/topology';
import { FIFO_AND_POLLING_EXPERIMENTS } from './catalog-fifo-polling';
import { MESSAGES } from './locales/messages';
import { EVENT_FILTER_EXPERIMENTS } from './catalog-event-filter';
import { PRODUCER_EXPERIMENTS } from './catalog-producer';
import { VISIBILITY_MANAGEMENT_EXPERIMENTS } from './catalog-visibility-management';
import type { Experiment } from './experiment';
import type { BatchObservation, SweepJobObservation, VisibilityObservation } from './observation';
import {
  reservedConcurrency,
  throttledCompletion,
  workerAssumesVisibilityTimeout,
  variantSummary,
  workerTimeout,
} from './variants';

/** Why `experiment` runs on the lab only (one sentence in `language`), or undefined when `--target aws` can run it. */
export function labOnlyReason(experiment: Experiment, language: Language = 'en'): string | undefined {
  if (experiment.stack === 'SQS') return experiment.labOnly?.[language];
  // A variant a deploy-time switch can give the deployed stack runs on AWS (the probe checks the switch).
  if (experiment.variant === undefined || experiment.variant.deployedWith !== undefined) return undefined;
  return variantSummary(experiment.variant, language);
}

const duplicates = (o: VisibilityObservation): number => o.skipped + o.inProgress;

/** failEvery 3 over 10 messages: these fail, the rest succeed. */
const FAILING = [3, 6, 9];
const SUCCEEDING = [1, 2, 4, 5, 7, 8, 10];

/** Every experiment, in the tour's order. */
export const EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'heartbeat',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: an 8 s job on a 5 s queue, heartbeat on',
      ja: 'Step 7: 5 秒のキューで 8 秒のジョブ、ハートビートあり',
    },
    body: { sleep: 8 },
    prediction: {
      en: '1 delivery, no duplicate, 1 effect: the heartbeat keeps the message hidden',
      ja: '配信 1 回、重複なし、効果 1 回: ハートビートがメッセージを不可視のまま保つ',
    },
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 2,
  },
  {
    name: 'no-heartbeat',
    stack: 'VisibilityDupStack',
    title: { en: 'Step 7: the same job, heartbeat off', ja: 'Step 7: 同じジョブ、ハートビートなし' },
    body: { sleep: 8, heartbeat: false },
    prediction: {
      en: 'the message reappears after 5 s and is delivered again; the guard detects the duplicate; 1 effect',
      ja: '5 秒後にメッセージが再び見えるようになり、もう一度配信される。ガードが重複を検出し、効果は 1 回',
    },
    timeoutSeconds: 60,
    judge: (o) => o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'failing-heartbeat',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: heartbeat on, but every ChangeMessageVisibility fails',
      ja: 'Step 7: ハートビートはあるが ChangeMessageVisibility が毎回失敗する',
    },
    body: { sleep: 8, failHeartbeat: true },
    prediction: {
      en: 'the failed extension is logged and the worker carries on; the message reappears; duplicate detected; 1 effect',
      ja: '延長の失敗がログに出て、ワーカーは処理を続ける。メッセージは再び見えるようになり、重複が検出される。効果は 1 回',
    },
    timeoutSeconds: 60,
    judge: (o) => o.heartbeatFailures >= 1 && o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1,
  },
  {
    name: 'no-idempotency',
    stack: 'VisibilityDupStack',
    title: { en: 'Step 7: heartbeat off and the guard off', ja: 'Step 7: ハートビートなし、ガードもなし' },
    body: { sleep: 8, heartbeat: false, idempotency: false },
    prediction: {
      en: 'the duplicate is not caught: the second delivery runs the effect again, 2 effects for 1 message (the lab stops watching there; left alone, every further delivery would add one)',
      ja: '重複は検出されない: 2 回目の配信でも効果が実行され、1 メッセージに効果 2 回(ラボはそこで観察をやめる。放っておけば配信のたびに 1 回ずつ増える)',
    },
    timeoutSeconds: 120,
    // Two effects for one id can only come from two deliveries that both ran it: no later line
    // can undo that, so the run need not wait for the message to reach the DLQ (about 50 s).
    decidedWhen: (o) => o.effects >= 2,
    judge: (o) => o.deliveries >= 2 && o.effects >= 2 && o.effects <= o.deliveries,
  },
  {
    name: 'long-job',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: a 15 s job, three times the visibility timeout, heartbeat on',
      ja: 'Step 7: 可視性タイムアウトの 3 倍、15 秒のジョブ、ハートビートあり',
    },
    body: { sleep: 15 },
    prediction: {
      en: 'heartbeat on: 1 delivery, 1 effect, about one extension every 3 s keeps it hidden for 15 s (the tutorial runs this job without a heartbeat and predicts a duplicate: no-heartbeat shows that)',
      ja: 'ハートビートあり: 配信 1 回、効果 1 回。約 3 秒ごとの延長で 15 秒間不可視を保つ(チュートリアルはこのジョブをハートビートなしで実行し重複を予想する: それは no-heartbeat で見られる)',
    },
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 4,
  },
  {
    name: 'partial-batch',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: 10 messages, every 3rd fails, reportBatchItemFailures on',
      ja: 'Step 8: 10 メッセージ、3 件ごとに失敗、reportBatchItemFailures あり',
    },
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    prediction: {
      en: '1,2,4,5,7,8,10 processed once and deleted; 3,6,9 received twice, then in the DLQ',
      ja: '1,2,4,5,7,8,10 は 1 回処理されて削除される。3,6,9 は 2 回受信され、その後 DLQ へ',
    },
    timeoutSeconds: 60,
    judge: (o) =>
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      FAILING.every((i) => o.failByIndex.get(i) === 2 && !o.okByIndex.has(i)) &&
      sameList(o.dlqIndexes, FAILING),
  },
  {
    name: 'no-partial-report',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: the same run, reportBatchItemFailures off',
      ja: 'Step 8: 同じ実行、reportBatchItemFailures なし',
    },
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, reportBatchItemFailures: false },
    prediction: {
      en: 'a failure fails its whole batch: successes that shared a batch with 3, 6 or 9 are processed again, and end in the DLQ with them if their second batch fails too (how many depends on how SQS splits the receives)',
      ja: '失敗はバッチ全体を失敗させる: 3・6・9 とバッチを共にした成功メッセージは再処理され、2 回目のバッチも失敗すれば一緒に DLQ へ(何件になるかは SQS の受信の分け方次第)',
    },
    timeoutSeconds: 60,
    judge: (o) =>
      FAILING.every((i) => o.failByIndex.get(i) === 2 && o.dlqIndexes.includes(i)) &&
      SUCCEEDING.every((i) => successFollowsItsBatches(o, i)),
    details: (o, language) => describeSharedBatches(o, language),
  },
  {
    name: 'batch-size-1',
    stack: 'BatchPartialStack',
    title: { en: 'Step 8: the same run with batch size 1', ja: 'Step 8: 同じ実行をバッチサイズ 1 で' },
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, batchSize: 1 },
    prediction: {
      en: 'one record per invocation: 10, then 3 retries (13); each failure retries only itself; 3,6,9 in the DLQ',
      ja: '1 回の呼び出しに 1 レコード: 10 回、さらに再試行 3 回(計 13 回)。失敗は自分だけが再試行される。3,6,9 は DLQ へ',
    },
    timeoutSeconds: 60,
    judge: (o) =>
      o.batchSizes.length === 13 &&
      o.batchSizes.every((size) => size === 1) &&
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1) &&
      sameList(o.dlqIndexes, FAILING),
  },
  // The experiment guide (docs/experiments.md) adds these; the tour skips them.
  {
    name: 'visibility-sweep',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: jobs of 1, 2, 7 and 9 s on the 5 s queue, heartbeat off',
      ja: 'Step 7: 5 秒のキューで 1・2・7・9 秒のジョブ、ハートビートなし',
    },
    body: { sleep: 0, heartbeat: false },
    sleeps: [1, 2, 7, 9],
    prediction: {
      en: 'jobs shorter than the 5 s visibility timeout are delivered once; longer ones are delivered again and the guard skips the copies; 1 effect each',
      ja: '可視性タイムアウト 5 秒より短いジョブは 1 回だけ配信される。長いジョブは再配信され、ガードがコピーをスキップする。効果は各 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      o.jobs?.length === 4 &&
      o.jobs.every(
        (job) =>
          job.effects === 1 &&
          (job.sleep < VISIBILITY_DUP.queueVisibilityTimeoutSeconds ? job.deliveries === 1 : job.deliveries >= 2),
      ),
    details: (o, language) => (o.jobs ?? []).map((job) => describeSweepJob(job, language)),
  },
  {
    name: 'long-job-no-heartbeat',
    stack: 'VisibilityDupStack',
    title: {
      en: "Step 7: the tutorial's long job, 15 s on the 5 s queue, heartbeat off",
      ja: 'Step 7: チュートリアルの長いジョブ、5 秒のキューで 15 秒、ハートビートなし',
    },
    body: { sleep: 15, heartbeat: false },
    prediction: {
      en: 'the message reappears every 5 s while the first delivery works: each copy is refused as in progress, not acknowledged, and comes back; once the first completes, the next copy is skipped; 1 effect',
      ja: '最初の配信が処理している間、メッセージは 5 秒ごとに再び現れる: コピーはそのたびに「処理中」として拒否され、確認応答されずに戻る。最初の配信が完了すると次のコピーはスキップされる。効果は 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries >= 3 && o.inProgress >= 2 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'heartbeat-frequent',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: the 8 s job with a heartbeat every 1.2 s (to 4 s) instead of every 3 s (to 10 s)',
      ja: 'Step 7: 8 秒のジョブ、ハートビートを 3 秒ごと(10 秒へ)ではなく 1.2 秒ごと(4 秒へ)',
    },
    body: { sleep: 8 },
    variant: workerAssumesVisibilityTimeout(2),
    prediction: {
      en: '1 delivery, 1 effect, as with the 3 s heartbeat, but about 6 extensions instead of 2: the extra calls buy nothing',
      ja: '3 秒ごとのハートビートと同じく配信 1 回、効果 1 回。ただし延長は 2 回ではなく約 6 回: 余分な呼び出しは何も生まない',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 5,
    details: (o, language) => [MESSAGES[language].catalog.extensionCalls(o.heartbeats + o.heartbeatFailures)],
  },
  {
    name: 'heartbeat-late',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: the 8 s job with a heartbeat every 6 s: its first extension is due after the 5 s timeout',
      ja: 'Step 7: 8 秒のジョブ、ハートビートは 6 秒ごと: 最初の延長は 5 秒のタイムアウトより後',
    },
    body: { sleep: 8 },
    variant: workerAssumesVisibilityTimeout(10),
    prediction: {
      en: 'the message reappears at 5 s, before the first extension at 6 s: delivered again despite the heartbeat; the guard catches it; 1 effect',
      ja: '6 秒の最初の延長より前、5 秒でメッセージが再び現れる: ハートビートがあっても再配信される。ガードが捕まえ、効果は 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1,
    details: (o, language) => [MESSAGES[language].catalog.extensionOutcomes(o.heartbeats, o.heartbeatFailures)],
  },
  {
    name: 'in-progress-crash',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: heartbeat off, and the first delivery crashes after its duplicate was refused as in progress',
      ja: 'Step 7: ハートビートなし。重複が「処理中」として拒否された後、最初の配信がクラッシュする',
    },
    body: { sleep: 8, heartbeat: false },
    variant: workerTimeout(12, {
      en: 'the lab kills the first delivery mid-job, which nothing can do on demand on AWS',
      ja: 'ラボが最初の配信を処理の途中で強制終了する。AWS ではこれを思いどおりに起こす手段がない',
    }),
    duringRun: 'crash-worker-after-in-progress-duplicate',
    prediction: {
      en: 'the refused duplicate was not acknowledged, so the message outlives the crash; once the dead claim lapses (12 s), a later delivery takes over and completes: 1 effect',
      ja: '拒否された重複は確認応答されていないので、メッセージはクラッシュ後も残る。死んだクレームが失効すると(12 秒)、後の配信が引き継いで完了する: 効果は 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.inProgress >= 2 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'throttled-completion',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: a 2 s job whose DynamoDB completion write is throttled (a transient downstream failure)',
      ja: 'Step 7: 2 秒のジョブ、DynamoDB の完了書き込みがスロットリングされる(一時的な下流の障害)',
    },
    body: { sleep: 2 },
    variant: throttledCompletion(0.5, 17),
    prediction: {
      en: 'the SDK retries the throttled write (up to 4 attempts, seconds of backoff) while the heartbeat keeps the message hidden; then the delivery releases its claim and is not acknowledged, the message comes back once its visibility runs out, and the retry completes: 2 deliveries, 1 effect',
      ja: 'SDK がスロットリングされた書き込みを再試行する(最大 4 回の試行、数秒のバックオフ)間、ハートビートがメッセージを隠し続ける。その後、配信はクレームを解放して確認応答せず、可視性が切れるとメッセージが戻り、再試行が完了する: 配信 2 回、効果 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.workFailures >= 1 && o.deliveries === o.workFailures + 1 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'reserved-concurrency',
    stack: 'VisibilityDupStack',
    title: {
      en: 'Step 7: jobs of 6, 7 and 8 s on a worker with reserved concurrency 1',
      ja: 'Step 7: 予約同時実行数 1 のワーカーで 6・7・8 秒のジョブ',
    },
    body: { sleep: 0 },
    sleeps: [6, 7, 8],
    variant: reservedConcurrency(1),
    prediction: {
      en: 'one job runs at a time; the others are throttled until their 5 s visibility timeout runs out and go back to the queue: a job first runs on receive 2 or later, 1 effect each (with maxReceiveCount 2 it would have gone to the DLQ without running: why AWS advises at least 5)',
      ja: '一度に動くのは 1 ジョブだけ。ほかはスロットリングされ、5 秒の可視性タイムアウトが切れるとキューに戻る: ジョブが最初に動くのは 2 回目以降の受信、効果は各 1 回(maxReceiveCount が 2 なら動く前に DLQ へ行っていた: AWS が 5 以上を勧める理由)',
    },
    timeoutSeconds: 90,
    inTour: false,
    judge: (o) =>
      o.jobs?.length === 3 &&
      o.jobs.every((job) => job.effects === 1 && job.deliveries >= 1) &&
      o.jobs.some((job) => (job.firstReceiveCount ?? 1) >= 2) &&
      o.dlq === 0,
    details: (o, language) => (o.jobs ?? []).map((job) => describeThrottledJob(job, language)),
  },
  {
    name: 'no-partial-report-batch-1',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: reportBatchItemFailures off, but batch size 1',
      ja: 'Step 8: reportBatchItemFailures なし、ただしバッチサイズ 1',
    },
    body: { count: 10, failEvery: 3 },
    options: { batchSize: 1, reportBatchItemFailures: false },
    prediction: {
      en: 'a failed batch holds only the failed record: no success is processed again even without partial responses; 3,6,9 in the DLQ',
      ja: '失敗したバッチには失敗したレコードしかない: 部分応答がなくても成功メッセージは再処理されない。3,6,9 は DLQ へ',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      o.reprocessed === 0 &&
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1) &&
      FAILING.every((i) => o.failByIndex.get(i) === 2) &&
      sameList(o.dlqIndexes, FAILING),
  },
  {
    name: 'poison-message',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: 10 good messages and 1 the producer would never send (a validation error)',
      ja: 'Step 8: 正常な 10 メッセージと、プロデューサーなら決して送らない 1 メッセージ(検証エラー)',
    },
    body: { count: 10, failEvery: 0 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    rawMessages: (runId) => [JSON.stringify({ id: `${runId}-11`, runId, index: 11, shouldFail: 'yes' })],
    prediction: {
      en: 'the invalid message fails validation on both of its receives and ends in the DLQ; the 10 good ones are processed once',
      ja: '不正なメッセージは 2 回の受信とも検証に失敗して DLQ へ。正常な 10 件は 1 回ずつ処理される',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      range(1, 10).every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      o.invalid === 2 &&
      sameList(o.dlqIndexes, [11]),
  },
  {
    name: 'dlq-redrive',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: partial-batch, then the DLQ redriven to the source queue',
      ja: 'Step 8: partial-batch の後、DLQ を元のキューへ再ドライブ',
    },
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    afterSettle: 'redrive-dlq',
    prediction: {
      en: '3,6,9 reach the DLQ; redriven, they return as new messages, fail twice more (nothing was fixed) and go back to the DLQ; the 7 successes are untouched',
      ja: '3,6,9 が DLQ に入る。再ドライブされると新しいメッセージとして戻り、(何も直していないので)さらに 2 回失敗して DLQ に戻る。成功した 7 件には触れない',
    },
    timeoutSeconds: 100,
    inTour: false,
    judge: (o) =>
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      FAILING.every((i) => o.failByIndex.get(i) === 4 && o.messageIdsByIndex.get(i) === 2) &&
      sameList(o.dlqIndexes, FAILING),
    details: (o, language) =>
      FAILING.map((i) =>
        MESSAGES[language].catalog.redriveFailures(i, o.failByIndex.get(i) ?? 0, o.messageIdsByIndex.get(i) ?? 0),
      ),
  },
  {
    name: 'throughput-batch-10',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: 100 messages, none failing, batch size 10',
      ja: 'Step 8: 100 メッセージ、失敗なし、バッチサイズ 10',
    },
    body: { count: 100, failEvery: 0 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    prediction: {
      en: 'every message processed once in fewer invocations than messages: batches of up to 10 (how many invocations depends on how SQS splits the receives; 10 with full batches)',
      ja: 'すべてのメッセージが 1 回ずつ、メッセージ数より少ない呼び出しで処理される: 最大 10 件のバッチ(呼び出し回数は SQS の受信の分け方次第。フルバッチなら 10 回)',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => everyOnce(o, 100) && o.batchSizes.every((size) => size <= 10) && o.batchSizes.length < 100,
    details: (o, language) => [describeBatches(o, language)],
  },
  {
    name: 'throughput-batch-1',
    stack: 'BatchPartialStack',
    title: {
      en: 'Step 8: 100 messages, none failing, batch size 1',
      ja: 'Step 8: 100 メッセージ、失敗なし、バッチサイズ 1',
    },
    body: { count: 100, failEvery: 0 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, batchSize: 1 },
    prediction: {
      en: 'every message processed once, in 100 invocations: one per message',
      ja: 'すべてのメッセージが 1 回ずつ、100 回の呼び出しで処理される: 1 メッセージに 1 回',
    },
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => everyOnce(o, 100) && o.batchSizes.length === 100,
    details: (o, language) => [describeBatches(o, language)],
  },
  ...PRODUCER_EXPERIMENTS,
  ...VISIBILITY_MANAGEMENT_EXPERIMENTS,
  ...EVENT_FILTER_EXPERIMENTS,
  ...FIFO_AND_POLLING_EXPERIMENTS,
];

/** 1..last. */
function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

/** Every index 1..count processed exactly once, nothing failed, nothing in the DLQ. */
function everyOnce(o: BatchObservation, count: number): boolean {
  return (
    range(1, count).every((i) => o.okByIndex.get(i) === 1) && o.failByIndex.size === 0 && o.dlqIndexes.length === 0
  );
}

function describeSweepJob(job: SweepJobObservation, language: Language): string {
  return MESSAGES[language].catalog.sweepJob(job.sleep, job.deliveries, job.skipped + job.inProgress, job.effects);
}

/**
 * Without partial batch responses a success is processed once per batch it rides in: once if
 * its first batch held no failure; otherwise again, and into the DLQ when its second batch
 * failed too. This holds for any split of the receives.
 */
function successFollowsItsBatches(o: BatchObservation, index: number): boolean {
  const rides = (o.batches ?? []).filter((batch) => batch.indexes.includes(index));
  const [first, second] = rides;
  if (first === undefined) return false;
  const expectedRides = first.failed ? 2 : 1;
  const inDlq = first.failed && second?.failed === true;
  return (
    rides.length === expectedRides && o.okByIndex.get(index) === expectedRides && o.dlqIndexes.includes(index) === inDlq
  );
}

function describeSharedBatches(o: BatchObservation, language: Language): string[] {
  const say = MESSAGES[language].catalog;
  const batches = o.batches ?? [];
  const shared = SUCCEEDING.filter((i) => batches.find((batch) => batch.indexes.includes(i))?.failed === true);
  const split = batches.map((batch) => `[${batch.indexes.join(',')}]${batch.failed ? '✗' : ''}`).join(' ');
  return [say.batchesThisRun(split), say.sharedBatches(shared.length, o.deliveries)];
}

function describeThrottledJob(job: SweepJobObservation, language: Language): string {
  return MESSAGES[language].catalog.throttledJob(job.sleep, job.firstReceiveCount ?? 0, job.deliveries, job.effects);
}

function describeBatches(o: BatchObservation, language: Language): string {
  const sizes = new Map<number, number>();
  for (const size of o.batchSizes) sizes.set(size, (sizes.get(size) ?? 0) + 1);
  const histogram = [...sizes]
    .sort(([a], [b]) => b - a)
    .map(([size, n]) => `${n}×${size}`)
    .join(', ');
  return MESSAGES[language].catalog.invocations(o.batchSizes.length, histogram, o.processingSeconds);
}

function sameList(actual: readonly number[], expected: readonly number[]): boolean {
  return actual.length === expected.length && actual.every((value, index) => value === expected[index]);
}

/** Raised for a name that is not in the catalog. */
export class UnknownExperimentError extends Error {
  override readonly name = 'UnknownExperimentError';
}

/** The experiment called `name`, or an error listing the valid names. */
export function findExperiment(name: string): Experiment {
  const experiment = EXPERIMENTS.find((candidate) => candidate.name === name);
  if (!experiment) {
    throw new UnknownExperimentError(
      `unknown experiment "${name}"; choose one of: ${EXPERIMENTS.map((e) => e.name).join(', ')}`,
    );
  }
  return experiment;
}
