/** How `npm run chaos` prints: progress lines, one block per run, and the Reliability table. */
import { markdownTable } from '@sqs-lab/lab';
import { invariantViolations } from './invariant';
import type { ChaosProgress, ChaosResult } from './run-chaos';

/** One progress line: `[  12.0 s] crash/guard on  sent 1000 · delivered 640 · effects 590 · in queue 410 · faults 31 · kills 12`. */
export function progressLine(progress: ChaosProgress): string {
  return (
    `[${progress.elapsedSeconds.toFixed(1).padStart(6)} s] ${progress.mix}/guard ${progress.guard}  ` +
    `sent ${progress.sent} · delivered ${progress.deliveries} · effects ${progress.effects} · in queue ${progress.inQueue} · ` +
    `faults ${progress.faults} · kills ${progress.kills}`
  );
}

/** The figures of one run, and its verdict. */
export function resultBlock(result: ChaosResult): string {
  const problems = invariantViolations(result);
  const verdict = problems.length === 0 ? 'invariant holds' : `INVARIANT BROKEN: ${problems.join('; ')}`;
  const w = result.worker;
  return [
    `── ${result.mix} (guard ${result.guard}, seed ${result.seed}, time scale ${result.timeScale}): ${result.description}`,
    `   sent ${result.sent} · deliveries ${result.deliveries} · duplicates seen ${result.duplicatesSeen} · effects applied ${result.effectsApplied} · ` +
      `in DLQ ${result.inDlq} · lost ${result.lost} · ids with effects > 1: ${result.doubleEffects} · wall ${result.wallSeconds.toFixed(1)} s`,
    `   worker: ${w.completed} completed, ${w.duplicateSkipped} duplicates skipped, ${w.duplicateInProgress} in progress elsewhere, ` +
      `${w.claimLost} claims lost, ${w.workFailed} failed, ${w.heartbeatFailures} heartbeat failures, ${w.invalidMessages} poison, ${w.intentionalFailures} shouldFail · ` +
      `invocations ${result.mapping.invocations} (${result.mapping.timeouts} timeouts, ${result.mapping.functionErrors} errors, ${result.kills} kills)`,
    `   → ${verdict}`,
  ].join('\n');
}

/** The README's Reliability table: one row per run. */
export function reliabilityTable(results: readonly ChaosResult[]): string {
  const header = [
    'mix',
    'guard',
    'sent',
    'deliveries',
    'duplicates seen',
    'effects applied',
    'in DLQ',
    'lost',
    'ids with effects > 1',
    'wall time',
    'invariant',
  ];
  const rows = results.map((r) => [
    r.mix,
    r.guard,
    r.sent,
    r.deliveries,
    r.duplicatesSeen,
    r.effectsApplied,
    r.inDlq,
    r.lost,
    r.doubleEffects,
    `${r.wallSeconds.toFixed(1)} s`,
    invariantViolations(r).length === 0 ? 'holds' : 'BROKEN',
  ]);
  return markdownTable(header, rows);
}
