/**
 * The detail lines experiments print under their log lines (per-job rows of a sweep, how a
 * run's batches were split, …), in English and Japanese. Titles and predictions live in the
 * catalog itself as `Localized` text.
 */
import type { Language } from '../common/language';
import { count } from './report-messages';

/** The detail lines' words in one language. */
export interface CatalogMessages {
  readonly sweepJob: (sleep: number, deliveries: number, caught: number, effects: number) => string;
  readonly throttledJob: (sleep: number, firstReceive: number, deliveries: number, effects: number) => string;
  readonly batchesThisRun: (split: string) => string;
  readonly sharedBatches: (shared: number, deliveries: number) => string;
  readonly invocations: (invocations: number, histogram: string, seconds: number) => string;
  readonly redriveFailures: (index: number, failures: number, messageIds: number) => string;
  readonly extensionCalls: (calls: number) => string;
  readonly extensionOutcomes: (succeeded: number, failed: number) => string;
  readonly filteredOut: (
    sent: number,
    processed: readonly number[],
    unseen: readonly number[],
    leftInQueue: number | undefined,
    dlq: readonly number[],
  ) => string;
}

const listed = (indexes: readonly number[], none: string): string => (indexes.length === 0 ? none : indexes.join(', '));

/** The detail lines, per language. */
export const CATALOG_MESSAGES: Readonly<Record<Language, CatalogMessages>> = {
  en: {
    sweepJob: (sleep, deliveries, caught, effects) =>
      `sleep ${String(sleep).padStart(2)} s: ${count(deliveries, 'delivery', 'deliveries')}, ${count(caught, 'duplicate')} caught, ${count(effects, 'effect')}`,
    throttledJob: (sleep, firstReceive, deliveries, effects) =>
      `sleep ${sleep} s: first invoked on receive ${firstReceive} (${Math.max(0, firstReceive - 1)} receive(s) throttled back to the queue before), ${count(deliveries, 'delivery', 'deliveries')}, ${count(effects, 'effect')}`,
    batchesThisRun: (split) => `batches this run (✗ = failed as a whole): ${split}`,
    sharedBatches: (shared, deliveries) =>
      `${shared} of 7 successes shared a first batch with a failure and were processed again; ${deliveries} deliveries (20 when all 10 arrive in one batch: --batch-formation full)`,
    invocations: (invocations, histogram, seconds) =>
      `${invocations} invocations (records per invocation: ${histogram}); first to last record ${seconds.toFixed(2)} s`,
    redriveFailures: (index, failures, messageIds) =>
      `message ${index}: ${failures} failures over ${messageIds} SQS message ids`,
    extensionCalls: (calls) => `ChangeMessageVisibility calls: ${calls} for one 8 s job`,
    extensionOutcomes: (succeeded, failed) => `ChangeMessageVisibility calls: ${succeeded} succeeded, ${failed} failed`,
    filteredOut: (sent, processed, unseen, leftInQueue, dlq) =>
      `sent ${sent}; processed by the worker: ${listed(processed, 'none')}; never reached the worker: ${listed(unseen, 'none')}; left in the queue: ${leftInQueue ?? '?'}; in the DLQ: ${listed(dlq, 'none')}`,
  },
  ja: {
    sweepJob: (sleep, deliveries, caught, effects) =>
      `sleep ${String(sleep).padStart(2)} 秒: 配信 ${deliveries} 回、捕捉した重複 ${caught} 件、効果 ${effects} 回`,
    throttledJob: (sleep, firstReceive, deliveries, effects) =>
      `sleep ${sleep} 秒: 初めて呼び出されたのは ${firstReceive} 回目の受信(それまでの ${Math.max(0, firstReceive - 1)} 回はスロットリングされてキューに戻った)、配信 ${deliveries} 回、効果 ${effects} 回`,
    batchesThisRun: (split) => `今回のバッチ(✗ = 全体が失敗): ${split}`,
    sharedBatches: (shared, deliveries) =>
      `成功 7 件のうち ${shared} 件が最初のバッチを失敗と共にし、再処理された。配信 ${deliveries} 回(10 件が 1 バッチで届けば 20 回: --batch-formation full)`,
    invocations: (invocations, histogram, seconds) =>
      `呼び出し ${invocations} 回(呼び出しあたりのレコード数: ${histogram})。最初から最後のレコードまで ${seconds.toFixed(2)} 秒`,
    redriveFailures: (index, failures, messageIds) =>
      `メッセージ ${index}: SQS メッセージ ID ${messageIds} 個にわたって失敗 ${failures} 回`,
    extensionCalls: (calls) => `ChangeMessageVisibility の呼び出し: 8 秒のジョブ 1 件で ${calls} 回`,
    extensionOutcomes: (succeeded, failed) =>
      `ChangeMessageVisibility の呼び出し: 成功 ${succeeded} 回、失敗 ${failed} 回`,
    filteredOut: (sent, processed, unseen, leftInQueue, dlq) =>
      `送信 ${sent} 件。ワーカーが処理: ${listed(processed, 'なし')}。ワーカーに届かなかった: ${listed(unseen, 'なし')}。キューに残った: ${leftInQueue ?? '?'} 件。DLQ: ${listed(dlq, 'なし')}`,
  },
};
