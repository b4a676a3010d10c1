/** What `npm run lab` and `npm run lab:deploy` say, in English and Japanese. */
import type { Language } from '../common/language';
import { LOCAL_OUTPUTS_FILE } from '../outputs';
import { BATCH_FORMATION_MESSAGES } from './batch-formation-args';

/** The ready text's inputs. */
export interface ReadyFacts {
  readonly startupMs: number;
  readonly outputsPath: string;
  readonly visibilityApi: string;
  readonly batchApi: string;
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
  readonly logsEndpoint: string;
  readonly consoleUrl: string;
  readonly awsCliExample: string;
  readonly awsCliEnvironment: string;
  readonly workerLogGroup: string;
}

const commands = (facts: ReadyFacts): string => `  API=$(jq -r '.VisibilityDupStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"id":"msg-1","sleep":8}'

  API=$(jq -r '.BatchPartialStack.ApiEndpoint' ${LOCAL_OUTPUTS_FILE})
  curl -X POST "\${API}enqueue" -H "Content-Type: application/json" -d '{"count":10,"failEvery":3}'

  ${facts.awsCliExample}`;

const tail = (facts: ReadyFacts): string =>
  `  ${facts.awsCliEnvironment} aws logs tail ${facts.workerLogGroup} --follow --endpoint-url ${facts.logsEndpoint}`;

/** Every text of the two commands, per language. */
export const LAB_MESSAGES = {
  en: {
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
${BATCH_FORMATION_MESSAGES.en.usage}
  --lang en|ja                            the language of this command (default: from LANG)
  --quiet                                 do not print function logs
  --help                                  show this help
`,
    error: (message: string) => `error: ${message}`,
    unknownOption: (option: string) => `unknown option ${option}`,
    needsValue: (option: string) => `${option} needs a value`,
    noValue: (option: string) => `${option} is a switch and takes no value`,
    noPositional: (argument: string) => `unexpected argument "${argument}": this command takes only options`,
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
${commands(facts)}

  # the functions' lines, as CloudWatch Logs holds them (the local twin of aws logs tail):
${tail(facts)}

  # edit the CDK code or a handler, then apply it to the running lab (as cdk deploy):
  npm run lab:deploy

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
    labNote: (properties: readonly string[], text: string) => `lab note: ${properties.join(', ')}: ${text}\n`,
    deployError: (what: string) => `\n ❌  Deployment failed: ${what}\n`,
    alarm: (name: string, state: string, reason: string) => `[CloudWatch] alarm ${name} is now ${state}: ${reason}\n`,
    alarmActionFailed: (name: string, summary: string) =>
      `[CloudWatch] alarm ${name}: no notification was sent. ${summary} (the topic policy must let cloudwatch.amazonaws.com publish; aws cloudwatch describe-alarm-history --history-item-type Action shows it on AWS)\n`,
  },
  ja: {
    usage: `使い方: npm run lab -- [オプション]

CDK アプリを合成し、VisibilityDupStack と BatchPartialStack をこのマシンにデプロイして
（CloudFormation の代役、IAM、SQS と DynamoDB のエミュレーター、本物のハンドラー、Lambda の
イベントソースマッピングの規則）、Ctrl-C まで提供し、cdk deploy --outputs-file と同じ形の
${LOCAL_OUTPUTS_FILE} を書き出します。

オプション（BatchPartialStack の CDK コンテキストのスイッチと同じ名前）:
  --batch-size N                          ワーカー 1 回の呼び出しのレコード数、1〜10（既定 10）
  --report-batch-item-failures true|false 部分バッチレスポンス（既定 true）
  -c batchSize=N -c reportBatchItemFailures=true|false
                                          同じものを cdk deploy のコンテキストの書き方で
  -c eventFilter=true|false               BatchPartialStack のマッピングが shouldFail の付いた
                                          メッセージをフィルターで除く: Lambda が処理せずに削除
                                          （既定 false）
  -c visibilityManager=true|false         VisibilityDupStack のワーカー: 10 件ずつのバッチごとに
                                          可視性マネージャー 1 つ（既定 false）
  -c name=value                           そのほかの CDK コンテキスト（cdk synth に渡します）
  --watch                                 bin/、lib/、lambda/ を保存するたびに再デプロイ（cdk watch と
                                          同じ）。1 回だけなら npm run lab:deploy
  --log-format pretty|json                関数のログ行の表示: 時刻・関数・レベル・メッセージ（pretty、
                                          既定）か、CloudWatch Logs にあるとおりの JSON 行（json）
${BATCH_FORMATION_MESSAGES.ja.usage}
  --lang en|ja                            このコマンドの言語（既定: LANG から）
  --quiet                                 関数のログを表示しない
  --help                                  このヘルプを表示
`,
    error: (message: string) => `エラー: ${message}`,
    unknownOption: (option: string) => `不明なオプション ${option} です`,
    needsValue: (option: string) => `${option} には値が必要です`,
    noValue: (option: string) => `${option} はスイッチなので値を取りません`,
    noPositional: (argument: string) => `このコマンドはオプションしか取りません（余分な引数「${argument}」）`,
    badLogFormat: (formats: readonly string[], got: string) =>
      `--log-format には ${formats.join(' か ')} を指定してください（指定された値: "${got}"）`,
    contextNeedsPair: (pair: string) =>
      `-c は name=value の形で指定してください（例: -c batchSize=1。指定された値: "${pair}"）`,
    contextCase: (name: string, meant: string) =>
      `-c ${name}: コンテキスト名は大文字と小文字を区別します。${meant} のことですか？`,
    badBatchSize: (max: number, got: string) =>
      `batchSize は 1〜${max} の整数にしてください（バッチウィンドウのない SQS マッピングでの Lambda の上限）。指定された値: ${got}`,
    badReportBatchItemFailures: (got: string) =>
      `reportBatchItemFailures は true か false にしてください。指定された値: ${got}`,
    badVisibilityManager: (got: string) => `visibilityManager は true か false にしてください。指定された値: ${got}`,
    badEventFilter: (got: string) => `eventFilter は true か false にしてください。指定された値: ${got}`,
    ready: (facts: ReadyFacts) => `
ラボの準備ができました（${facts.startupMs} ms）。出力: ${facts.outputsPath}
  VisibilityDupStack  API ${facts.visibilityApi}
  BatchPartialStack   API ${facts.batchApi}  (batchSize ${facts.batchSize}, reportBatchItemFailures ${facts.reportBatchItemFailures})
  CloudWatch Logs     ${facts.logsEndpoint}  （スタックのロググループ: …LogGroup 出力）
  コンソール          ${facts.consoleUrl}  （キュー、処理中のメッセージ、DLQ、テーブル、実験、ログ）

別のターミナルで:
${commands(facts)}

  # 関数のログ行を CloudWatch Logs と同じ形で（aws logs tail のローカル版）:
${tail(facts)}

  # CDK のコードやハンドラーを編集したら、動いているラボに適用（cdk deploy と同じ）:
  npm run lab:deploy

Ctrl-C でラボを止めます。
`,
    stopping: (signal: string) =>
      `\n${signal}: ラボを止めています（処理中のバッチを先に終わらせます。すぐ止めるにはもう一度 Ctrl-C）\n`,
    stopped: 'ラボを止めました。\n',
    failed: (why: string) => `ラボが失敗しました: ${why}\n`,
    watching: (folders: string) => `${folders} の変更を監視しています。\n`,
    changeDetected: '\n変更を検出しました: 合成してラボにデプロイします...\n',
    deployed: 'デプロイしました。ラボは新しいコードで動いています。\n',
    deployFailed: (why: string) => `デプロイに失敗しました。ラボは前のバージョンのままです（${why}）。\n`,
    deployUsage: `使い方: npm run lab:deploy -- [-c name=value]... [--outputs FILE] [--lang en|ja]

CDK アプリをもう一度合成し、動いているラボ（先に npm run lab で起動）に差分をデプロイします。
cdk deploy と同じく、スタックごとの変更セット、CloudFormation の順序での更新、失敗したら
ロールバック。キューとテーブル、その中のメッセージと項目は残ります。動いているラボは出力ファイル
（既定 ${LOCAL_OUTPUTS_FILE}）から見つけます。
`,
    noLab: (file: string) =>
      `動いているラボが見つかりません（${file} にデプロイ用エンドポイントがありません）。npm run lab で起動してください。\n`,
    notAnswering: (url: string) => `${url} のラボが応答しません。npm run lab で起動してください。\n`,
    refused: (why: string) => `ラボがデプロイを断りました: ${why}。\n`,
    stackDone: (stack: string, status: string) => `\n ✅  ${stack}（${status}）\n`,
    labNote: (properties: readonly string[], text: string) => `ラボの注記: ${properties.join('、')}: ${text}\n`,
    deployError: (what: string) => `\n ❌  デプロイに失敗しました: ${what}\n`,
    alarm: (name: string, state: string, reason: string) =>
      `[CloudWatch] アラーム ${name} が ${state} になりました: ${reason}\n`,
    alarmActionFailed: (name: string, summary: string) =>
      `[CloudWatch] アラーム ${name}: 通知は送られませんでした。${summary}（トピックポリシーが cloudwatch.amazonaws.com の発行を許す必要があります。AWS では aws cloudwatch describe-alarm-history --history-item-type Action で見えます）\n`,
  },
} as const satisfies Record<Language, unknown>;
