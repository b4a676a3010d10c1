/**
 * Every text of en.ts, in Japanese: the same keys (test/unit/lab/locales/messages.test.ts checks it). Log
 * lines keep the tutorials' own words.
 */
import { LAB_MESSAGES, LOCAL_OUTPUTS_FILE } from '@sqs-lab/lab';
import { experimentList, listed, readyCommands, readyTail } from './common-text';
import type { Messages } from './en';
import { jaExperiments } from './experiments-ja';

/** The help lines of `--inspect`, in the help of `npm run lab` and `npm run experiment`. */
const INSPECT_USAGE = `  --inspect[=[host:]port]                 Node のインスペクターをループバックで開き（既定
                                          127.0.0.1:9229）、VS Code か Chrome DevTools を関数の
                                          ワーカースレッドにアタッチできるようにする。開いている
                                          あいだ関数のタイムアウトは止める`;

/** Every text, in Japanese. */
export const ja: Messages = {
  lab: {
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
${LAB_MESSAGES.ja.batchFormation.usage}
  --lang en|ja                            このコマンドの言語（既定: LANG から）
  --empty                                 スタックをデプロイせずに起動する。AWS と同じく
                                          npm run cdk:lab -- bootstrap と
                                          npm run cdk:lab -- deploy --all で自分でデプロイする
  --app <dir>                             チュートリアルの代わりに自分の CDK アプリを動かす。
                                          ラボのパッケージのコマンド（sqs-lab --help）が引き継ぐ
  --quiet                                 関数のログを表示しない
  --outputs FILE                          出力を ${LOCAL_OUTPUTS_FILE} の代わりにここへ書く
                                          （npm run cdk:lab と lab:deploy はこれでラボを見つけるので、
                                          それぞれに --lab-outputs / --outputs FILE も渡す）
${INSPECT_USAGE}
  --help                                  このヘルプを表示
`,
    error: (message) => `エラー: ${message}`,
    badLogFormat: (formats, got) =>
      `--log-format には ${formats.join(' か ')} を指定してください（指定された値: "${got}"）`,
    contextNeedsPair: (pair) =>
      `-c は name=value の形で指定してください（例: -c batchSize=1。指定された値: "${pair}"）`,
    contextCase: (name, meant) => `-c ${name}: コンテキスト名は大文字と小文字を区別します。${meant} のことですか？`,
    badBatchSize: (max, got) =>
      `batchSize は 1〜${max} の整数にしてください（バッチウィンドウのない SQS マッピングでの Lambda の上限）。指定された値: ${got}`,
    badReportBatchItemFailures: (got) =>
      `reportBatchItemFailures は true か false にしてください。指定された値: ${got}`,
    badVisibilityManager: (got) => `visibilityManager は true か false にしてください。指定された値: ${got}`,
    badEventFilter: (got) => `eventFilter は true か false にしてください。指定された値: ${got}`,
    ready: (facts) => `
ラボの準備ができました（${facts.startupMs} ms）。出力: ${facts.outputsPath}
  VisibilityDupStack  API ${facts.visibilityApi}
  BatchPartialStack   API ${facts.batchApi}  (batchSize ${facts.batchSize}, reportBatchItemFailures ${facts.reportBatchItemFailures})
  CloudWatch Logs     ${facts.logsEndpoint}  （スタックのロググループ: …LogGroup 出力）
  コンソール          ${facts.consoleUrl}  （キュー、処理中のメッセージ、DLQ、テーブル、実験、ログ）

別のターミナルで:
${readyCommands(facts)}

  # 関数のログ行を CloudWatch Logs と同じ形で（aws logs tail のローカル版）:
${readyTail(facts)}

  # CDK のコードやハンドラーを編集したら、動いているラボに適用（cdk deploy と同じ）:
  npm run lab:deploy
  # または本物の CDK CLI で、ラボの AWS エンドポイント（${facts.endpointUrl}）経由で:
  npm run cdk:lab -- bootstrap && npm run cdk:lab -- diff

Ctrl-C でラボを止めます。
`,
    readyEmpty: (facts) => `
ラボの準備ができました（${facts.startupMs} ms、スタックはまだデプロイしていません）。出力: ${facts.outputsPath}
  AWS エンドポイント  ${facts.endpointUrl}  （CloudFormation、S3、STS、SSM、Lambda、SQS、SNS、DynamoDB、Logs）
  コンソール          ${facts.consoleUrl}

別のターミナルで、AWS と同じく本物の CDK CLI をラボに向けてデプロイします:
  npm run cdk:lab -- bootstrap
  npm run cdk:lab -- deploy --all --outputs-file cdk-outputs.json --require-approval never

Ctrl-C でラボを止めます。
`,
    stopping: (signal) =>
      `\n${signal}: ラボを止めています（処理中のバッチを先に終わらせます。すぐ止めるにはもう一度 Ctrl-C）\n`,
    stopped: 'ラボを止めました。\n',
    failed: (why) => `ラボが失敗しました: ${why}\n`,
    watching: (folders) => `${folders} の変更を監視しています。\n`,
    changeDetected: '\n変更を検出しました: 合成してラボにデプロイします...\n',
    deployed: 'デプロイしました。ラボは新しいコードで動いています。\n',
    deployFailed: (why) => `デプロイに失敗しました。ラボは前のバージョンのままです（${why}）。\n`,
    deployUsage: `使い方: npm run lab:deploy -- [-c name=value]... [--outputs FILE] [--lang en|ja]

CDK アプリをもう一度合成し、動いているラボ（先に npm run lab で起動）に差分をデプロイします。
cdk deploy と同じく、スタックごとの変更セット、CloudFormation の順序での更新、失敗したら
ロールバック。キューとテーブル、その中のメッセージと項目は残ります。動いているラボは出力ファイル
（既定 ${LOCAL_OUTPUTS_FILE}）から見つけます。
`,
    noLab: (file) =>
      `動いているラボが見つかりません（${file} にデプロイ用エンドポイントがありません）。npm run lab で起動してください。\n`,
    notAnswering: (url) => `${url} のラボが応答しません。npm run lab で起動してください。\n`,
    refused: (why) => `ラボがデプロイを断りました: ${why}。\n`,
    stackDone: (stack, status) => `\n ✅  ${stack}（${status}）\n`,
    stackUnchanged: (stack) => `\n ✅  ${stack}（変更なし）\n`,
    labNote: (properties, text) => `ラボの注記: ${properties.join('、')}: ${text}\n`,
    threadLost: (kind, why) =>
      `\n ❌  ラボの ${kind} エミュレーターが予期せず終了しました（${why}）。その状態は失われたため、ラボは中途半端に動き続けずに停止します。npm run lab でもう一度起動してください。\n`,
    deployError: (what) => `\n ❌  デプロイに失敗しました: ${what}\n`,
    alarm: (name, state, reason) => `[CloudWatch] アラーム ${name} が ${state} になりました: ${reason}\n`,
    alarmActionFailed: (name, summary) =>
      `[CloudWatch] アラーム ${name}: 通知は送られませんでした。${summary}（トピックポリシーが cloudwatch.amazonaws.com の発行を許す必要があります。AWS では aws cloudwatch describe-alarm-history --history-item-type Action で見えます）\n`,
  },
  tour: {
    usage: (facts) => `使い方: npm start [-- --only <名前,名前,...>] [--report <dir>] [--batch-formation aws|full]
                 [--batch-seed N] [--lang en|ja]

チュートリアルの実験をローカルのラボで実行し、判定表を表示して、すべての実行のタイムラインを
載せたレポートを <dir>/index.html に書き出します（既定: ${facts.reportDir}）。
実験: ${facts.tour.join(', ')}
--only で実行できるもの（docs/experiments.ja.md を参照）: ${facts.others.join(', ')}

オプション:
  --only <名前,名前,...>                  これらの実験だけを実行
  --report <dir>                          レポートの書き出し先（既定: ${facts.reportDir}）
${LAB_MESSAGES.ja.batchFormation.usage}
  --lang en|ja                            このコマンドとレポートの言語（既定: LANG から）
  --help                                  このヘルプを表示
`,
    error: (message) => `エラー: ${message}（npm start -- --help でオプションを表示）\n`,
    onlyNeedsList: '--only には実験名をカンマ区切りで指定してください',
    reportNeedsDir: '--report にはディレクトリを指定してください',
    unknownArgument: (argument) => `不明な引数 "${argument}" です`,
    unknownExperiment: (name, names) => `"${name}" という実験はありません。次から選んでください: ${names.join(', ')}`,
    header: (count) => `sqs-lab ツアー: ローカルのラボで ${count} 個の実験（SQS: fauxqs、DynamoDB: dynalite）\n`,
    sideBySide:
      '実験は並行して動きます。Step 8 の再試行は 10 秒の可視性タイムアウトを待つので、30 秒ほどかかります。\n\n',
    matched: (matched, total, seconds) => `\n${total} 件中 ${matched} 件の結果が予測どおりでした（${seconds} 秒）。\n`,
    reportWritten: (path) => `すべての実行のタイムラインを載せたレポート: ${path}\n`,
    failed: (why) => `ツアーが失敗しました: ${why}\n`,
  },
  experiment: {
    usage: (
      experiments,
    ) => `使い方: npm run experiment -- <名前> [--target local|aws] [--outputs cdk-outputs.json] [--report <dir>]
                              [--batch-formation aws|full] [--batch-seed N] [--lang en|ja] [--inspect]

実験を 1 つ実行し、その結果をチュートリアルの予測と照らして判定します。新しいローカルのラボ
（--target local、既定）か、cdk-outputs.json のスタック（--target aws）で実行します。

オプション:
  --target local|aws                      実行先（既定: local）
  --outputs <file>                        --target aws で使うスタックの出力（既定: cdk-outputs.json）
  --report <dir>                          実行のタイムライン（HTML、Mermaid、JSON）を <dir>/index.html に書き出す
${LAB_MESSAGES.ja.batchFormation.usage}
  --lang en|ja                            このコマンドとレポートの言語（既定: LANG から）
${INSPECT_USAGE}
  --help                                  このヘルプを表示

実験（* = ラボ専用）:
${experimentList(experiments)}
`,
    error: (message) => `エラー: ${message}（npm run experiment -- --help でオプションを表示）\n`,
    badTarget: (value) => `--target は local か aws です（指定: ${value ?? 'なし'}）`,
    inspectLocalOnly:
      '--inspect はラボで動くハンドラーをデバッグします。AWS ではハンドラーは Lambda で動くため、--target aws は付けないでください',
    outputsNeedsFile: '--outputs にはファイル名を指定してください',
    reportNeedsDir: '--report にはディレクトリを指定してください',
    oneAtATime: (first, second) =>
      `実験は 1 回に 1 つです（${first} と ${second} が指定されました）。すべて実行するなら npm start`,
    whichExperiment: '実験の名前を 1 つ指定してください',
    unknownExperiment: (name, names) => `"${name}" という実験はありません。次から選んでください: ${names.join(', ')}`,
    labOnly: (name, summary) =>
      `${name} はラボ専用です: ${summary}。デプロイしたスタックはそのように構成されていないので、--target aws を付けずに実行してください。`,
    header: (name, title, target) => `${name}: ${title}（ターゲット: ${target}）\n`,
    needsContext: (stack, flags) =>
      `この実験には、次のようにデプロイした ${stack} が必要です: npx cdk deploy ${stack} ${flags}\n`,
    pollsDlq: (stack) =>
      `この実験は ${stack} の DLQ(どのワーカーも読まない)をポーリングします。DLQ は空でなければならず、削除するのはこの実行が送ったメッセージだけです。\n`,
    timeline: (path) => `\nタイムライン: ${path}\n`,
    failed: (why) => `実験が失敗しました: ${why}\n`,
  },
  chaos: {
    usage: (facts) => `使い方: npm run chaos -- [オプション]

ローカルのラボの時間を縮めたスタックに、障害を注入しながら N 件のメッセージを流し、不変条件を
確かめます: ガードありでは何も失われず、効果が 2 回適用されることもない。ガードなしでは二重の効果が出る。

オプション:
  --messages N          1 回の実行のメッセージ数（既定 1000）
  --seed S              ワークロード、障害のくじ、強制終了のシード（既定 ${facts.seed}）
  --mix a,b,…           実行する組み合わせ（既定: すべて）: ${facts.mixes.join(', ')}
  --guard on|off|both   Step 7 の実行の冪等性ガード（既定 both）
  --time-scale K        すべての時間を K 倍にする（1〜10、既定 1）。1 秒のタイムアウトに追いつけない忙しいマシン向け
  --parallel N          同時に流す実行の数。それぞれ専用のラボで動く（既定 ${facts.parallel}。1 なら 1 本ずつ）
  --pollers N           ワーカーのマッピングの同時ポーラー数（既定は Step 7 が 32、Step 8 が 4）
  --out FILE            JSON の結果（既定 ${facts.out}）
  --lang en|ja          このヘルプとエラーの言語（既定: LANG から）
  --help                このヘルプを表示
`,
    error: (message) => `エラー: ${message}（npm run chaos -- --help でオプションを表示）\n`,
    badSeed: (value) => `--seed は整数です（指定: "${value}"）`,
    badGuard: (value) => `--guard は on、off、both のどれかです（指定: "${value}"）`,
    notPositive: (flag, value) => `${flag} は正の整数です（指定: "${value}"）`,
    badTimeScale: (value) =>
      `--time-scale は 1 から 10 までの整数です（SQS のタイムアウトは秒単位の整数のため。指定: "${value}"）`,
    unknownMix: (name, mixes) => `"${name}" という組み合わせはありません。次から選んでください: ${mixes.join(', ')}`,
  },
  awsProbe: {
    cannotRead: (file, why) =>
      `${file} を読めません (${why})。先にデプロイしてください: npx cdk deploy --all --outputs-file ${file}`,
    missingOutputs: (file, missing, stack) =>
      `${file} に ${stack} の ${missing.join(', ')} がありません。--outputs-file ${file} を付けてデプロイし直してください`,
    labOnly: (name, reason) => `${name} はラボでしか実行できません: ${reason}`,
    noDeployedQueue: (name) => `${name} が使えるデプロイ済みのキューはありません`,
    needsSwitch: (name, stack, context, output, actual, file) =>
      `${name} には -c ${context} を付けてデプロイした ${stack} が必要です (出力 ${output} は ${actual ?? 'なし'})。次のコマンドでデプロイしてください: npx cdk deploy --all -c ${context} --outputs-file ${file}`,
    cannotCrash:
      '実行中の Lambda 呼び出しを好きなときにクラッシュさせることはできません。この実験はラボでしか実行できません',
    cannotSetAttributes: (stack, attributes) =>
      `${stack} のデプロイ済みのキューには ${attributes.join(', ')} を設定できません`,
    queueNotLowered: (stack, actual, expected, fix) =>
      `${stack} のキューの VisibilityTimeout が ${expected} 秒ではなく ${actual ?? '不明'} 秒のままなので（ロールバックや「変更なし」のデプロイで上げたまま残ることがあります）、先に次のコマンドで戻してください: ${fix}`,
  },
  report: {
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
  catalog: {
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
    noSentTimestamp: '最初の受信までの時間: start 行に SentTimestamp がない',
    firstReceiveAfter: (wait, delay) => `送信から最初の受信まで ${wait.toFixed(1)} 秒(SQS の時計。遅延は ${delay} 秒)`,
    highestDelayed: (seen) => `実行中に読んだ ApproximateNumberOfMessagesDelayed の最大値: ${seen}`,
    copies: (messages, deliveries, inProgress, skipped, effects) =>
      `同じ id の SQS メッセージ ${messages} 件、配信 ${deliveries} 回: 処理中として拒否 ${inProgress} 回、完了済みとしてスキップ ${skipped} 回、効果 ${effects} 回`,
    fifoWithinInterval: (sends, deliveries, sameMessageId) =>
      `フェーズ 1(5 分以内): 同じジョブを ${sends} 回送信、配信 ${deliveries} 回(2 回目の送信も${sameMessageId ? '同じ' : '別の'} MessageId で受け付けられた)`,
    fifoGroup: (sent, received, receivedWhileLocked) =>
      `フェーズ 2(1 つのメッセージグループ): 送信順 ${sent} / 受信順 ${received}(先頭の処理中に同じグループから受信できたのは ${receivedWhileLocked} 件)`,
    fifoAfterInterval: (deliveries, newMessageId) =>
      `フェーズ 3(ラボの SQS 時計を 5 分進めた後): 同じジョブを再送、配信 ${deliveries} 回(${newMessageId ? '新しい' : '同じ'} MessageId)`,
    fifoSlowConsumer: (receives, sameMessageId, sameDeduplicationId, receiveCount) =>
      `フェーズ 4(可視性タイムアウトより長く処理): 同じジョブを ${receives} 回受信、MessageId は${sameMessageId ? '同じ' : '別'}、MessageDeduplicationId も${sameDeduplicationId ? '同じ' : '別'}、ApproximateReceiveCount ${receiveCount}: 重複排除では防げない`,
    pollingConsumer: (waitTimeSeconds, calls, empty, received, sent, cost, medianWait) =>
      `${waitTimeSeconds === 0 ? 'ショートポーリング' : 'ロングポーリング'}(WaitTimeSeconds ${waitTimeSeconds}): ReceiveMessage ${calls} 回、うち空 ${empty} 回、受信 ${received}/${sent} 件、${cost}${medianWait ? `、送信から受信まで中央値 ${medianWait} 秒` : ''}`,
    pollingMonth: (perMillion, shortMillions, shortCost, longMillions, longCost) =>
      `100 万リクエストあたり $${perMillion.toFixed(2)}(cost/prices.ts、us-east-1、無料枠は考慮しない)で、空のキューを 30 日間ポーリングし続けるコンシューマー 1 つ: ショートは今回のペースで約 ${shortMillions} 百万回 ≈ ${shortCost}、ロングは 20 秒に 1 回で約 ${longMillions} 百万回 ≈ ${longCost}`,
    duration: (ms) => `${(ms / 1000).toFixed(1)} 秒`,
    noManagerRequest: '可視性マネージャーのリクエストなし',
    recordsPerInvocation: (sizes) => `呼び出しごとのレコード数: ${sizes}`,
    managerRequests: (requests, extended, released) =>
      `ChangeMessageVisibilityBatch ${requests} 回で延長 ${extended} 件・解放 ${released} 件(メッセージごとに呼べば ChangeMessageVisibility ${extended + released} 回)`,
    workerCalls: (batch, single) =>
      `ラボが数えたワーカーの呼び出し: ChangeMessageVisibilityBatch ${batch} 回、ChangeMessageVisibility ${single} 回`,
    letGo: (id, keptSeconds, again) =>
      `${id}: 最大寿命を過ぎた ${keptSeconds.toFixed(1)} 秒で解放${again === undefined ? '(再受信なし)' : `、${again}後に再受信`}`,
    noCrash: 'クラッシュは起きなかった',
    queueTimeoutBasis: (queueSeconds) => `受信から ${queueSeconds} 秒のキューのタイムアウト`,
    heartbeatBasis: (beforeCrash, deadlineSeconds) =>
      `クラッシュ ${beforeCrash}前の最後のハートビート(${deadlineSeconds} 秒へ)`,
    crashedJob: (label, deadline, basis, retry) =>
      `${label}: 期限は ${basis} によりクラッシュの ${deadline}後、再試行はクラッシュの ${retry ?? '—'}${retry === undefined ? '(なし)' : '後'}`,
    alarmStates: (name, states) => `アラーム ${name}: ${states}`,
    alarmNotificationsUnread: 'SNS トピックへの通知はここからは読めない(メールを購読していればそこに届く)',
    alarmNotifications: (notifications) =>
      `SNS トピックへの通知: ${notifications.length === 0 ? 'なし' : notifications.join(' / ')}`,
  },
  timeline: {
    laneJob: (sleep) => `ジョブ、sleep ${sleep} 秒`,
    laneNamedJob: (name, sleep) => `${name}、sleep ${sleep} 秒`,
    laneAlarm: 'DLQ アラーム',
    alarmLabel: (state) => `アラーム ${state}`,
    alarmTitle: (alarmName, state, at) =>
      `${at} 秒に ${alarmName} を ${state} と読んだ${state === 'ALARM' ? ': DLQ にメッセージが待っている' : ''}`,
    releasedLabel: '解放: 可視性 0 秒',
    releasedTitle: (at) =>
      `${at} 秒に解放: 最大寿命を過ぎたので可視性マネージャーが可視性を 0 秒にした。この呼び出しがまだ処理していても、メッセージは再び受信されうる`,
    crashedLabel: 'クラッシュ',
    crashedTitle: (at, deadline) =>
      `${at} 秒にラボがこの呼び出しをクラッシュさせた: 以後そのコードは動かず、メッセージを削除するものもない。期限(${deadline} 秒)を過ぎると戻ってくる`,
    laneMessage: (index) => `メッセージ ${index}`,
    rowLabel: (receive) => `受信 ${receive}`,
    dlqLabel: 'DLQ 内',
    dlqTitle: (lane, at) =>
      `${lane} を ${at} 秒に DLQ で確認(ランナーのポーリング。SQS は許された最後の受信の次の受信でこれを移した)`,
    redriveLabel: '再ドライブ',
    redriveTitle: (lane, at) => `${lane} は ${at} 秒に DLQ を出た: 新しいメッセージとして元のキューへ再ドライブ`,
    receiveLabel: (n) => `受信 ${n}`,
    receiveTitle: (n, messageId, at, vt) =>
      `メッセージ ${messageId} の ${n} 回目の受信(ApproximateReceiveCount ${n})、${at} 秒: ${vt} 秒間不可視`,
    heartbeatLabel: (seconds) => `ハートビート +${seconds} 秒`,
    heartbeatTitle: (at, seconds, from, to) =>
      `${at} 秒のハートビート: ChangeMessageVisibility で可視性タイムアウトを今から ${seconds} 秒に設定。期限は ${from} 秒から ${to} 秒へ移る`,
    heartbeatFailedLabel: 'ハートビート失敗',
    heartbeatFailedTitle: (at, error, deadline) =>
      `${at} 秒にハートビートが失敗(${error}): 期限は ${deadline} 秒のまま`,
    claimedLabel: 'クレーム',
    claimedTitle: (at) =>
      `${at} 秒にガードがこの配信のために id をクレーム(推定: ワーカーはクレームそのものではなく、その結果をログに出す)`,
    inProgressLabel: '処理中: 確認応答しない',
    inProgressWord: '処理中',
    inProgressTitle: (at) =>
      `${at} 秒に重複: 別の配信がクレームを持っているので、この配信は失敗として報告され、メッセージは残る`,
    skippedLabel: '重複: スキップ',
    skippedWord: 'スキップ',
    skippedTitle: (at, effects) => `${at} 秒に重複: この id は完了済み(効果 #${effects})。スキップして確認応答`,
    completedLabel: (effects) => `完了: 効果 ${effects}`,
    completedWord: (effects) => `効果 ${effects}`,
    completedUnguardedTitle: (at, effects) => `${at} 秒に完了、ガードなし: 効果が実行され、これで ${effects} 回`,
    completedTitle: (at, effects) => `${at} 秒に完了: ガードが効果を記録(#${effects})`,
    claimLostLabel: 'クレーム喪失',
    claimLostTitle: (at) => `${at} 秒にクレーム喪失: 期限が切れて別の配信が引き継いだ。完了しない`,
    workFailedLabel: '失敗',
    workFailedTitle: (at, error) => `${at} 秒に処理が失敗(${error}): 確認応答せず、メッセージは残る`,
    okLabel: 'OK',
    okTitle: (at) => `${at} 秒に OK: 処理済み`,
    failLabel: 'FAIL',
    failTitle: (at) => `${at} 秒に FAIL: バッチアイテムの失敗として報告、メッセージは残る`,
    batchFailedLabel: 'バッチごと失敗',
    batchFailedWord: 'バッチ失敗',
    batchFailedTitle: (at) =>
      `${at} 秒に呼び出しが失敗(reportBatchItemFailures なし): この成功は削除されずに戻ってくる`,
    workInvocation: (n) => `呼び出し ${n}`,
    workGuarded: (n) => `処理中、受信 ${n}`,
    workUnguarded: (n) => `ガードなしで処理中、受信 ${n}`,
    workTitle: (n, from, to) =>
      `受信 ${n}: 呼び出しは ${from} 秒から${to === undefined ? '実行の終わりまで' : ` ${to} 秒まで`}処理する`,
    staleDeleteLabel: '古い受信ハンドルで削除',
    staleDeleteWord: '古いハンドル',
    staleDeleteTitle: (at, n) =>
      `${at} 秒にマッピングが受信 ${n} の受信ハンドルで削除するが、メッセージはその後また受信されている: SQS は削除しないことがある(エミュレーターは削除しない)`,
    deletedLabel: '削除',
    deletedTitle: (at) => `${at} 秒にイベントソースマッピングが削除(レコードは成功)`,
    invisibleLabel: (n) => `不可視、受信 ${n}`,
    invisibleTitle: (n, from, to, moved, deletedAt) =>
      `受信 ${n}: ${from} 秒から ${to} 秒まで不可視` +
      (moved > 0 ? `(ハートビートが期限を ${moved} 回動かした)` : '') +
      (deletedAt !== undefined ? `。${deletedAt} 秒に削除` : ''),
    visibleAgainLabel: '再び可視',
    visibleAgainWord: '可視',
    visibleAgainTitle: (at, n) => `${at} 秒に再び可視: 受信 ${n} の可視性タイムアウトが削除より先に切れた`,
    supersededTitle: (deadline) => `ハートビートが置き換えた以前の期限、${deadline} 秒`,
    mermaidInvisible: (n) => `r${n} 不可視`,
    mermaidWorking: (n) => `r${n} 処理中`,
    sentLabel: '送信',
    sentTitle: (messageId, at, delay, source) =>
      `メッセージ ${messageId} を ${at} 秒に送信(SQS の SentTimestamp)` +
      (delay > 0 ? `。${source === 'timer' ? 'メッセージタイマー' : 'キューの DelaySeconds'}で ${delay} 秒遅延` : ''),
    delayedLabel: (delay) => `遅延 ${delay} 秒`,
    delayedTitle: (from, to, source) =>
      `${from} 秒から ${to} 秒まで${source === 'timer' ? 'メッセージタイマー(送信時の DelaySeconds)' : 'キューの DelaySeconds'}で遅延: どのコンシューマーも受信できず、SQS は ApproximateNumberOfMessagesDelayed に数える`,
    legendDelayed: '遅延中: まだどのコンシューマーも受信できない',
    legendLabel: '凡例',
    legendInvisible: '有効な期限まで不可視',
    legendWork: '呼び出しが処理中',
    legendSuperseded: 'ハートビートが置き換えた期限',
    legend: {
      sent: '送信(SQS の SentTimestamp)',
      receive: '受信 n(ApproximateReceiveCount)',
      heartbeat: 'ハートビート: 期限を今 + N 秒へ',
      'heartbeat-failed': 'ハートビート失敗: 期限は変わらない',
      'visible-again': '再び可視(タイムアウト切れ)',
      claimed: 'ガード: クレーム',
      'in-progress': 'ガード: 処理中、確認応答しない',
      skipped: 'ガード: 重複をスキップ(確認応答)',
      completed: '完了: 効果 n',
      ok: 'OK(処理済み)',
      failed: '失敗 / FAIL: 確認応答しない',
      'batch-failed': 'バッチ全体が失敗',
      'claim-lost': 'ガード: クレーム喪失',
      deleted: '削除',
      'stale-delete': '古い受信ハンドルで削除',
      dlq: 'DLQ で確認',
      redrive: 'DLQ から再ドライブ',
      released: '最大寿命で解放: 可視性 0 秒',
      crashed: 'ラボがクラッシュさせた(以後コードは動かない)',
      alarm: 'DLQ アラームが ALARM',
      'alarm-ok': 'DLQ アラームが OK',
    },
  },
  /** Each experiment's title and prediction, by name (experiments-ja.ts). */
  experiments: jaExperiments,
  /** What each lab variant changes from the deployed stack, by the function that makes it (experiments/variants.ts). */
  variants: {
    workerAssumesVisibilityTimeout: (seconds, intervalMs, extensionSeconds, queueVisibilityTimeoutSeconds) =>
      `ワーカーの VISIBILITY_TIMEOUT_SECONDS が ${seconds}（ハートビートは ${intervalMs / 1000} 秒ごとに ${extensionSeconds} 秒へ）、キューは ${queueVisibilityTimeoutSeconds} 秒のまま`,
    workerTimeout: (seconds, workerTimeoutSeconds, why) =>
      `ワーカーのタイムアウトが ${seconds} 秒（デプロイ時は ${workerTimeoutSeconds} 秒）。${why}`,
    throttledCompletion: (probability, seed) =>
      `ラボがワーカーの完了の UpdateItem をスロットリングする（ProvisionedThroughputExceededException、確率 ${probability}、シード ${seed}）`,
    reservedConcurrency: (limit) => `ワーカーの予約同時実行数が ${limit}（デプロイ時はなし）`,
    visibilityManagerWorker: (batchSize, timerIntervalMs, minimalLifeMs, maxLifeSeconds, workerBatchSize) =>
      `ワーカーが ${batchSize} 件ずつのバッチを受け取り、バッチごとに可視性マネージャーを 1 つ動かす（${timerIntervalMs / 1000} 秒ごとにチェック、最小寿命 ${minimalLifeMs / 1000} 秒、最大寿命 ${maxLifeSeconds} 秒）。デプロイ時はバッチサイズ ${workerBatchSize}、メッセージごとのハートビート`,
    longQueueTimeout: (
      queueSeconds,
      queueVisibilityTimeoutSeconds,
      extensionSeconds,
      intervalMs,
      workerTimeoutSeconds,
    ) =>
      `キューの可視性タイムアウトが ${queueSeconds} 秒（デプロイ時は ${queueVisibilityTimeoutSeconds} 秒）、ワーカーのハートビートは ${intervalMs / 1000} 秒ごとに ${extensionSeconds} 秒へ延長し、タイムアウトは ${workerTimeoutSeconds} 秒。さらにラボが処理中のワーカーをクラッシュさせるが、AWS ではそれを任意の時点で起こす手段がない`,
    queueDelay: (seconds) =>
      `キューの DelaySeconds が ${seconds}（デプロイ済みは 0）。デプロイ済みのキューに付けると、Step 7 のすべてのジョブとチュートリアル自身のコマンドが待たされる`,
    batchEventFilter: (pattern) =>
      `ワーカーのイベントソースマッピングに FilterCriteria ${pattern} がある: shouldFail の付いたメッセージはワーカーに届かない。デプロイ時はフィルターなし`,
  },
  /** The console send form's hint under each body field, by stack (experiments/console-send-form.ts). */
  sendForm: {
    VisibilityDupStack: {
      id: '冪等性キー。すべてのログ行に出る',
      sleep: '処理にかかる秒数',
      heartbeat: '処理中に可視性タイムアウトを延長する',
      failHeartbeat: '延長が毎回失敗する',
      idempotency: '重複を防ぐ DynamoDB のガード',
      delaySeconds: 'メッセージタイマー、0〜900 秒 (空欄ならキューの遅延)',
      sendTwice: 'リトライしたときのように、プロデューサーがジョブを 2 回送る',
    },
    BatchPartialStack: {
      count: '送るメッセージの数',
      failEvery: 'n 件ごとに失敗させる (0 なら失敗なし)',
    },
  },
};
