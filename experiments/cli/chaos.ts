/**
 * `npm run chaos`: every fault mix (or the ones asked for) through the local lab, several runs
 * at once (`--parallel`, each in its own lab) on one pair of emulators, with a progress line
 * every few seconds, a block of figures per run as it finishes, the Reliability table, and the
 * results as JSON. Exits 1 when the invariant breaks, 2 on a usage error.
 *
 *   npm run chaos -- --messages 1000 --seed 20261 --mix crash,timeout --guard on --parallel 1
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { readCommand, REPOSITORY_ROOT } from '@sqs-lab/lab';
import { MESSAGES } from '../locales/messages';
import { CHAOS_HELP_FACTS, CHAOS_OPTIONS, chaosCommand } from './chaos-args';
import type { ChaosResult } from '../chaos/run-chaos';
import { timeScaleText } from '../chaos/topologies';
import { NO_HEARTBEAT_SHARE } from '../chaos/workload';

async function main(): Promise<void> {
  const read = readCommand(process.argv.slice(2), CHAOS_OPTIONS, chaosCommand);
  const say = MESSAGES[read.language].chaos;
  if (read.mistake !== undefined) {
    process.stderr.write(say.error(read.mistake));
    process.exitCode = 2;
    return;
  }
  const { command } = read;
  if (command.help) {
    process.stdout.write(say.usage(CHAOS_HELP_FACTS));
    return;
  }
  // The lab loads only for a run: help and mistakes answer at once.
  const [
    { withSharedEmulators },
    { invariantViolations },
    { progressLine, reliabilityTable, resultBlock },
    { planChaosRuns, runChaosPlan },
  ] = await Promise.all([
    import('@sqs-lab/lab'),
    import('../chaos/invariant'),
    import('../chaos/report'),
    import('../chaos/run-chaos-plan'),
  ]);
  const print = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  const invocation = `npm run chaos -- ${process.argv.slice(2).join(' ')}`.trim();
  print(
    `${invocation}\n${timeScaleText(command.timeScale)}; ${NO_HEARTBEAT_SHARE * 100} % of Step 7 jobs without heartbeat\n`,
  );
  const plan = await withSharedEmulators((emulators) =>
    runChaosPlan({
      runs: planChaosRuns(command.mixes, command.guards),
      parallel: command.parallel,
      messages: command.messages,
      seed: command.seed,
      pollers: command.pollers,
      timeScale: command.timeScale,
      emulators,
      onProgress: (progress) => print(progressLine(progress)),
      onResult: (result) => print(`${resultBlock(result)}\n`),
    }),
  );
  const results: readonly ChaosResult[] = plan.results;
  const broken = results.filter((result) => invariantViolations(result).length > 0);
  print(`${reliabilityTable(results)}\n`);
  print(
    `${results.length} runs, ${plan.parallel} at a time: ${plan.wallSeconds.toFixed(0)} s wall, ${plan.cpuSeconds.toFixed(0)} s of CPU (every thread)`,
  );
  const out = resolve(REPOSITORY_ROOT, command.out);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        command: invocation,
        timeScale: timeScaleText(command.timeScale),
        noHeartbeatShare: NO_HEARTBEAT_SHARE,
        parallel: plan.parallel,
        totalSeconds: Math.round(plan.wallSeconds * 10) / 10,
        cpuSeconds: Math.round(plan.cpuSeconds * 10) / 10,
        results,
      },
      null,
      2,
    )}\n`,
  );
  print(`Results: ${out}`);
  if (broken.length > 0) {
    print(
      `Invariant broken in ${broken.length} run(s): ${broken.map((r) => `${r.mix}/guard ${r.guard}`).join(', ')} (replay with --seed ${command.seed})`,
    );
    process.exitCode = 1;
  } else {
    print(`Invariant holds in all ${results.length} runs (seed ${command.seed}).`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
});
