/** What `npm start` (the tour) says, in English and Japanese. */
import type { Language } from '../common/language';
import { BATCH_FORMATION_MESSAGES } from './batch-formation-args';

/** Where `npm start` writes its report unless `--report <dir>` says otherwise (git-ignored). */
export const DEFAULT_REPORT_DIR = 'lab-report';

/** The experiments the help lists. */
export interface TourHelpFacts {
  readonly tour: readonly string[];
  readonly others: readonly string[];
}

/** Every text of the tour, per language. */
export const TOUR_MESSAGES = {
  en: {
    usage: (
      facts: TourHelpFacts,
    ) => `Usage: npm start [-- --only <name,name,...>] [--report <dir>] [--batch-formation aws|full]
                 [--batch-seed N] [--lang en|ja]

Runs the tutorial's experiments on the local lab, prints a verdict table and writes the
report with every run's timeline to <dir>/index.html (default: ${DEFAULT_REPORT_DIR}).
Experiments: ${facts.tour.join(', ')}
Also available with --only (see docs/experiments.md): ${facts.others.join(', ')}

Options:
  --only <name,name,...>                  run these experiments only
  --report <dir>                          where to write the report (default: ${DEFAULT_REPORT_DIR})
${BATCH_FORMATION_MESSAGES.en.usage}
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
  ja: {
    usage: (
      facts: TourHelpFacts,
    ) => `使い方: npm start [-- --only <名前,名前,...>] [--report <dir>] [--batch-formation aws|full]
                 [--batch-seed N] [--lang en|ja]

チュートリアルの実験をローカルのラボで実行し、判定表を表示して、すべての実行のタイムラインを
載せたレポートを <dir>/index.html に書き出します（既定: ${DEFAULT_REPORT_DIR}）。
実験: ${facts.tour.join(', ')}
--only で実行できるもの（docs/experiments.ja.md を参照）: ${facts.others.join(', ')}

オプション:
  --only <名前,名前,...>                  これらの実験だけを実行
  --report <dir>                          レポートの書き出し先（既定: ${DEFAULT_REPORT_DIR}）
${BATCH_FORMATION_MESSAGES.ja.usage}
  --lang en|ja                            このコマンドとレポートの言語（既定: LANG から）
  --help                                  このヘルプを表示
`,
    error: (message: string) => `エラー: ${message}（npm start -- --help でオプションを表示）\n`,
    onlyNeedsList: '--only には実験名をカンマ区切りで指定してください',
    reportNeedsDir: '--report にはディレクトリを指定してください',
    unknownArgument: (argument: string) => `不明な引数 "${argument}" です`,
    unknownExperiment: (name: string, names: readonly string[]) =>
      `"${name}" という実験はありません。次から選んでください: ${names.join(', ')}`,
    header: (count: number) =>
      `sqs-lab ツアー: ローカルのラボで ${count} 個の実験（SQS: fauxqs、DynamoDB: dynalite）\n`,
    sideBySide:
      '実験は並行して動きます。Step 8 の再試行は 10 秒の可視性タイムアウトを待つので、30 秒ほどかかります。\n\n',
    matched: (matched: number, total: number, seconds: string) =>
      `\n${total} 件中 ${matched} 件の結果が予測どおりでした（${seconds} 秒）。\n`,
    reportWritten: (path: string) => `すべての実行のタイムラインを載せたレポート: ${path}\n`,
    failed: (why: string) => `ツアーが失敗しました: ${why}\n`,
  },
} as const satisfies Record<Language, unknown>;
