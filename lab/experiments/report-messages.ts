/**
 * What the experiment report says, in English and Japanese: the verdict table, the per-run
 * block, the progress lines and the HTML report page. Shared by `npm start` and
 * `npm run experiment`. The log lines quoted in a report keep the tutorials' own words.
 */
import type { Language } from '../common/language';

/** A run's verdict, as the table and the progress lines show it. */
export type Outcome = 'matched' | 'NOT matched' | 'timed out';

/** `1 delivery`, `2 deliveries`: a count that agrees with its noun (English). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The report's words in one language. */
export interface ReportMessages {
  readonly outcome: Readonly<Record<Outcome, string>>;
  /** The plain-text verdict table's columns. */
  readonly columns: readonly [string, string, string, string, string, string, string, string];
  /** The HTML table's columns (room for longer names). */
  readonly pageColumns: readonly [string, string, string, string, string, string, string, string];
  readonly deliveries: (n: number) => string;
  readonly duplicatesCaught: (n: number) => string;
  readonly reprocessed: (n: number) => string;
  readonly effects: (n: number) => string;
  readonly predicted: (prediction: string) => string;
  readonly seconds: (seconds: number) => string;
  readonly summaryVisibility: (deliveries: number, caught: number, effects: number, queued: number) => string;
  readonly summaryBatch: (deliveries: number, dlq: number, queued: number) => string;
  /** The counts of `short-vs-long-polling`: one consumer's calls, empty responses and messages. */
  readonly pollingConsumer: (
    waitTimeSeconds: number,
    calls: number,
    empty: number,
    received: number,
    sent: number,
  ) => string;
  readonly starting: string;
  readonly done: (outcome: string, took: string) => string;
  readonly finished: (name: string, outcome: string, took: string) => string;
  readonly took: (seconds: number) => string;
  readonly pageTitle: string;
  readonly pageSummary: (matched: number, total: number, target: string, seconds: number, generated: string) => string;
  readonly pageIntro: string;
  readonly pagePredicted: (prediction: string, seconds: number, decidedEarly: boolean) => string;
  readonly pageLogLines: string;
  readonly pageMermaid: string;
}

/** The report's words, per language. */
export const REPORT_MESSAGES: Readonly<Record<Language, ReportMessages>> = {
  en: {
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
    deliveries: (n) => count(n, 'delivery', 'deliveries'),
    duplicatesCaught: (n) => `${count(n, 'duplicate')} caught`,
    reprocessed: (n) => `${n} reprocessed`,
    effects: (n) => count(n, 'effect'),
    predicted: (prediction) => `predicted: ${prediction}`,
    seconds: (seconds) => `${seconds.toFixed(1)} s`,
    summaryVisibility: (deliveries, caught, effects, queued) =>
      `${count(deliveries, 'delivery', 'deliveries')}, ${count(caught, 'duplicate')} caught, ${count(effects, 'effect')}, ${queued} in queue`,
    summaryBatch: (deliveries, dlq, queued) =>
      `${count(deliveries, 'delivery', 'deliveries')}, ${dlq} in DLQ, ${queued} in queue`,
    pollingConsumer: (wait, calls, empty, received, sent) =>
      `WaitTimeSeconds ${wait}: ${count(calls, 'call')}, ${empty} empty, ${received} of ${sent} messages`,
    starting: 'starting',
    done: (outcome, took) => `done  ${outcome}${took}`,
    finished: (name, outcome, took) => `${name} finished: ${outcome}${took}`,
    took: (seconds) => ` (${seconds.toFixed(1)} s)`,
    pageTitle: 'sqs-lab report',
    pageSummary: (matched, total, target, seconds, generated) =>
      `${matched} of ${total} outcomes matched their predictions · target: ${target} · ${seconds.toFixed(1)} s · ${generated} UTC`,
    pageIntro:
      "Each run below has one lane per message. Times are seconds from the first send. The blue bar is the time the message is invisible after a receive: it ends at the deadline in force (the queue's visibility timeout from the receive, or what the last heartbeat set), or at the delete. The grey bar under it is the invocation working. Hover any bar or mark for what happened. Everything is drawn from the workers' log lines and from what the runner read from SQS, so a run on AWS draws the same way.",
    pagePredicted: (prediction, seconds, decidedEarly) =>
      `Predicted: ${prediction} (${seconds.toFixed(1)} s${decidedEarly ? ', stopped once the verdict was certain' : ''})`,
    pageLogLines: 'log lines and counts',
    pageMermaid: 'Mermaid (for Markdown)',
  },
  ja: {
    outcome: { matched: '予測どおり', 'NOT matched': '予測と不一致', 'timed out': '時間切れ' },
    columns: ['実験', '配信', '捕捉した重複 (7)', '再処理 (8)', '効果', 'DLQ', '結果', '予測'],
    pageColumns: ['実験', '配信', '捕捉した重複(Step 7)', '再処理(Step 8)', '効果', 'DLQ', '結果', '予測'],
    deliveries: (n) => `配信 ${n} 回`,
    duplicatesCaught: (n) => `捕捉した重複 ${n} 件`,
    reprocessed: (n) => `再処理 ${n} 件`,
    effects: (n) => `効果 ${n} 回`,
    predicted: (prediction) => `予測: ${prediction}`,
    seconds: (seconds) => `${seconds.toFixed(1)} 秒`,
    summaryVisibility: (deliveries, caught, effects, queued) =>
      `配信 ${deliveries} 回、捕捉した重複 ${caught} 件、効果 ${effects} 回、キューに ${queued} 件`,
    summaryBatch: (deliveries, dlq, queued) => `配信 ${deliveries} 回、DLQ に ${dlq} 件、キューに ${queued} 件`,
    pollingConsumer: (wait, calls, empty, received, sent) =>
      `WaitTimeSeconds ${wait}: 呼び出し ${calls} 回、うち空 ${empty} 回、受信 ${received}/${sent} 件`,
    starting: '開始中',
    done: (outcome, took) => `完了  ${outcome}${took}`,
    finished: (name, outcome, took) => `${name} 終了: ${outcome}${took}`,
    took: (seconds) => `（${seconds.toFixed(1)} 秒）`,
    pageTitle: 'sqs-lab レポート',
    pageSummary: (matched, total, target, seconds, generated) =>
      `${total} 件中 ${matched} 件の結果が予測どおり · ターゲット: ${target} · ${seconds.toFixed(1)} 秒 · ${generated} UTC`,
    pageIntro:
      '以下の各実行は、メッセージごとに 1 本のレーンで描かれます。時刻は最初の送信からの秒数です。青い帯は受信後にメッセージが不可視の時間で、有効な期限(受信時点からのキューの可視性タイムアウト、または最後のハートビートが設定した値)か削除で終わります。その下の灰色の帯は呼び出しが処理している時間です。帯や印にポインターを置くと何が起きたかが表示されます。すべてワーカーのログ行とランナーが SQS から読んだ内容だけから描いているので、AWS での実行も同じように描けます。',
    pagePredicted: (prediction, seconds, decidedEarly) =>
      `予測: ${prediction}(${seconds.toFixed(1)} 秒${decidedEarly ? '、判定が確定した時点で停止' : ''})`,
    pageLogLines: 'ログ行と集計',
    pageMermaid: 'Mermaid(Markdown 用)',
  },
};
