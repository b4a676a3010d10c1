/** What `npm run experiment` says, in English and Japanese. */
import type { Language } from '../common/language';
import { BATCH_FORMATION_MESSAGES } from './batch-formation-args';

/** One line of the help's experiment list. */
export interface ListedExperiment {
  readonly name: string;
  readonly title: string;
  readonly labOnly: boolean;
}

const list = (experiments: readonly ListedExperiment[]): string =>
  experiments.map((e) => `  ${`${e.name}${e.labOnly ? ' *' : ''}`.padEnd(27)} ${e.title}`).join('\n');

/** Every text of the command, per language. */
export const EXPERIMENT_MESSAGES = {
  en: {
    usage: (
      experiments: readonly ListedExperiment[],
    ) => `Usage: npm run experiment -- <name> [--target local|aws] [--outputs cdk-outputs.json] [--report <dir>]
                              [--batch-formation aws|full] [--batch-seed N] [--lang en|ja]

Runs one experiment and judges its outcome against the tutorial's prediction: on a fresh
local lab (--target local, the default) or on the stacks in cdk-outputs.json (--target aws).

Options:
  --target local|aws                      where to run it (default: local)
  --outputs <file>                        the stacks' outputs for --target aws (default: cdk-outputs.json)
  --report <dir>                          write the run's timeline (HTML, Mermaid, JSON) to <dir>/index.html
${BATCH_FORMATION_MESSAGES.en.usage}
  --lang en|ja                            the language of this command and its report (default: from LANG)
  --help                                  show this help

Experiments (* = lab only):
${list(experiments)}
`,
    error: (message: string) => `error: ${message} (npm run experiment -- --help lists the options)\n`,
    badTarget: (value: string | undefined) => `--target must be local or aws, got ${value ?? 'nothing'}`,
    outputsNeedsFile: '--outputs needs a file name',
    reportNeedsDir: '--report needs a directory',
    unknownOption: (option: string) => `unknown option ${option}`,
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
  ja: {
    usage: (
      experiments: readonly ListedExperiment[],
    ) => `使い方: npm run experiment -- <名前> [--target local|aws] [--outputs cdk-outputs.json] [--report <dir>]
                              [--batch-formation aws|full] [--batch-seed N] [--lang en|ja]

実験を 1 つ実行し、その結果をチュートリアルの予測と照らして判定します。新しいローカルのラボ
（--target local、既定）か、cdk-outputs.json のスタック（--target aws）で実行します。

オプション:
  --target local|aws                      実行先（既定: local）
  --outputs <file>                        --target aws で使うスタックの出力（既定: cdk-outputs.json）
  --report <dir>                          実行のタイムライン（HTML、Mermaid、JSON）を <dir>/index.html に書き出す
${BATCH_FORMATION_MESSAGES.ja.usage}
  --lang en|ja                            このコマンドとレポートの言語（既定: LANG から）
  --help                                  このヘルプを表示

実験（* = ラボ専用）:
${list(experiments)}
`,
    error: (message: string) => `エラー: ${message}（npm run experiment -- --help でオプションを表示）\n`,
    badTarget: (value: string | undefined) => `--target は local か aws です（指定: ${value ?? 'なし'}）`,
    outputsNeedsFile: '--outputs にはファイル名を指定してください',
    reportNeedsDir: '--report にはディレクトリを指定してください',
    unknownOption: (option: string) => `不明なオプション ${option} です`,
    oneAtATime: (first: string, second: string) =>
      `実験は 1 回に 1 つです（${first} と ${second} が指定されました）。すべて実行するなら npm start`,
    whichExperiment: '実験の名前を 1 つ指定してください',
    unknownExperiment: (name: string, names: readonly string[]) =>
      `"${name}" という実験はありません。次から選んでください: ${names.join(', ')}`,
    labOnly: (name: string, summary: string) =>
      `${name} はラボ専用です: ${summary}。デプロイしたスタックはそのように構成されていないので、--target aws を付けずに実行してください。`,
    header: (name: string, title: string, target: string) => `${name}: ${title}（ターゲット: ${target}）\n`,
    needsContext: (stack: string, flags: string) =>
      `この実験には、次のようにデプロイした ${stack} が必要です: npx cdk deploy ${stack} ${flags}\n`,
    pollsDlq: (stack: string) =>
      `この実験は ${stack} の DLQ(どのワーカーも読まない)をポーリングします。DLQ は空でなければならず、削除するのはこの実行が送ったメッセージだけです。\n`,
    timeline: (path: string) => `\nタイムライン: ${path}\n`,
    failed: (why: string) => `実験が失敗しました: ${why}\n`,
  },
} as const satisfies Record<Language, unknown>;
