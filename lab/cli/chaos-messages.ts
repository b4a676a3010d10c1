/**
 * What `npm run chaos` says about its command line, in English and Japanese. The figures and
 * the Reliability table it prints stay in English, as the README shows them.
 */
import type { Language } from '../common/language';

/** Default seed: any run can be replayed with `--seed`. */
export const DEFAULT_CHAOS_SEED = 20_261;

/**
 * Runs side by side by default: each run's wall time is mostly waiting (simulated work,
 * visibility timeouts, expiring claims), so four labs at once finish the mixes sooner on a
 * 2-core machine while every run keeps its own queues, table, workload and seed.
 */
export const DEFAULT_CHAOS_PARALLEL = 4;

/** Where results go by default, relative to the project root. */
export const DEFAULT_RESULTS_FILE = 'bench/chaos-results.json';

/** Every text of the command line, per language. */
export const CHAOS_MESSAGES = {
  en: {
    usage: (mixes: readonly string[]) => `Usage: npm run chaos -- [options]

Runs N messages through the local lab's time-scaled stacks under injected faults and checks
the invariant: nothing lost, no effect applied twice with the guard on; double effects with
it off.

Options:
  --messages N          messages per run (default 1000)
  --seed S              seed of the workload, the fault coin flips and the kills (default ${DEFAULT_CHAOS_SEED})
  --mix a,b,…           mixes to run (default: all): ${mixes.join(', ')}
  --guard on|off|both   idempotency guard of the Step 7 runs (default both)
  --time-scale K        multiply every duration by K (1-10, default 1) on a machine too busy for 1 s timeouts
  --parallel N          runs at once, each in its own lab (default ${DEFAULT_CHAOS_PARALLEL}; 1: one after the other)
  --pollers N           concurrent pollers of the worker's mapping (default 32 for Step 7, 4 for Step 8)
  --out FILE            JSON results (default ${DEFAULT_RESULTS_FILE})
  --lang en|ja          the language of this help and of errors (default: from LANG)
  --help                show this help
`,
    error: (message: string) => `error: ${message} (npm run chaos -- --help lists the options)\n`,
    unknownOption: (option: string) => `unknown option ${option}`,
    badSeed: (value: string) => `--seed must be an integer, got "${value}"`,
    badGuard: (value: string) => `--guard must be on, off or both, got "${value}"`,
    notPositive: (flag: string, value: string) => `${flag} must be a positive integer, got "${value}"`,
    badTimeScale: (value: string) =>
      `--time-scale must be a whole number from 1 to 10 (SQS timeouts are whole seconds), got "${value}"`,
    unknownMix: (name: string, mixes: readonly string[]) => `unknown mix "${name}"; choose from: ${mixes.join(', ')}`,
  },
  ja: {
    usage: (mixes: readonly string[]) => `使い方: npm run chaos -- [オプション]

ローカルのラボの時間を縮めたスタックに、障害を注入しながら N 件のメッセージを流し、不変条件を
確かめます: ガードありでは何も失われず、効果が 2 回適用されることもない。ガードなしでは二重の効果が出る。

オプション:
  --messages N          1 回の実行のメッセージ数（既定 1000）
  --seed S              ワークロード、障害のくじ、強制終了のシード（既定 ${DEFAULT_CHAOS_SEED}）
  --mix a,b,…           実行する組み合わせ（既定: すべて）: ${mixes.join(', ')}
  --guard on|off|both   Step 7 の実行の冪等性ガード（既定 both）
  --time-scale K        すべての時間を K 倍にする（1〜10、既定 1）。1 秒のタイムアウトに追いつけない忙しいマシン向け
  --parallel N          同時に流す実行の数。それぞれ専用のラボで動く（既定 ${DEFAULT_CHAOS_PARALLEL}。1 なら 1 本ずつ）
  --pollers N           ワーカーのマッピングの同時ポーラー数（既定は Step 7 が 32、Step 8 が 4）
  --out FILE            JSON の結果（既定 ${DEFAULT_RESULTS_FILE}）
  --lang en|ja          このヘルプとエラーの言語（既定: LANG から）
  --help                このヘルプを表示
`,
    error: (message: string) => `エラー: ${message}（npm run chaos -- --help でオプションを表示）\n`,
    unknownOption: (option: string) => `不明なオプション ${option} です`,
    badSeed: (value: string) => `--seed は整数です（指定: "${value}"）`,
    badGuard: (value: string) => `--guard は on、off、both のどれかです（指定: "${value}"）`,
    notPositive: (flag: string, value: string) => `${flag} は正の整数です（指定: "${value}"）`,
    badTimeScale: (value: string) =>
      `--time-scale は 1 から 10 までの整数です（SQS のタイムアウトは秒単位の整数のため。指定: "${value}"）`,
    unknownMix: (name: string, mixes: readonly string[]) =>
      `"${name}" という組み合わせはありません。次から選んでください: ${mixes.join(', ')}`,
  },
} as const satisfies Record<Language, unknown>;
