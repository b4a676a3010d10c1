/**
 * Every text of en.ts, in Japanese: the same keys (test/unit/lab/locales/messages.test.ts checks it). Log
 * lines keep the tutorials' own words.
 */
import { EXTRA_ORIGINS_VARIABLE } from '../common/lab-origins';
import { LANGUAGES } from '../common/language';
import { LOCAL_OUTPUTS_FILE } from '../outputs';
import type { Messages } from './en';
import { jaProviderNotes } from './provider-notes-ja';

/** The help lines of `--batch-formation` and `--batch-seed`, in every help that takes them. */
const BATCH_FORMATION_USAGE = `  --batch-formation aws|full              aws（既定）: SQS と同じく、受信でバッチサイズより少ない
                                          メッセージが返ることがある。full: 常に満杯のバッチ
  --batch-seed N                          AWS 風の分け方のシード（既定: 新しいものを表示）`;

/** Every text, in Japanese. */
export const ja: Messages = {
  commandLine: {
    unknownOption: (option) => `不明なオプション ${option} です`,
    needsValue: (option) => `${option} には値が必要です`,
    noValue: (option) => `${option} はスイッチなので値を取りません`,
    noPositional: (argument) => `このコマンドはオプションしか取りません（余分な引数「${argument}」）`,
    unknownLanguage: (value) => `--lang には ${LANGUAGES.join(' か ')} を指定してください（指定: "${value}"）`,
    invalidOrigin: (value) =>
      `${EXTRA_ORIGINS_VARIABLE} の ${JSON.stringify(value)} はオリジンではありません (例: http://localhost:5173)`,
  },
  batchFormation: {
    usage: BATCH_FORMATION_USAGE,
    badMode: (mode) => `--batch-formation は aws か full です（指定: "${mode}"）`,
    badSeed: (seed) => `--batch-seed は 0 以上の整数です（指定: "${seed}"）`,
    seedWithFull: '--batch-seed は --batch-formation aws のときだけ使えます',
    line: (formation) =>
      formation.mode === 'full'
        ? 'バッチの組み方: 常に満杯（--batch-formation full: 受信のたびに取れるだけのメッセージを取る）。'
        : `バッチの組み方: AWS 風（シード ${formation.seed}: 受信でバッチサイズより少ないメッセージが返ることがある）。この分け方は --batch-seed ${formation.seed} で再現でき、--batch-formation full なら常に満杯のバッチになります。`,
  },
  inspect: {
    badValue: (value) =>
      `--inspect は [host:]port の形で指定してください（例: --inspect=9229、--inspect=127.0.0.1:9230。指定された値: "${value}"）`,
    notLoopback: (host) =>
      `--inspect はループバック（127.0.0.1 か ::1）でだけ待ち受けます。インスペクターは送られたコードを何でも実行するため、${host} は受け付けません。\n`,
    notListening: (address) =>
      `インスペクターが ${address} で待ち受けられませんでした。別のデバッガーかラボがそのポートを使っているかもしれません。--inspect=<port> で別のポートを選んでください。\n`,
    open: (address) =>
      `インスペクターを ${address} で開きました（URL は Node が表示します）。VS Code（「実行とデバッグ」で .vscode/launch.json の "Attach to the lab"。127.0.0.1:9229 にアタッチします）か Chrome DevTools（chrome://inspect の Configure に ${address}）をアタッチしてください。
  開いているあいだ、sam local invoke -d と同じく関数のタイムアウトは止めます。ブレークポイントで止まったハンドラーはタイムアウトで終わらず、キューの時計は進み続けます。
`,
  },
  cdkLab: {
    noLab: (file) =>
      `動いているラボが見つかりません（${file} に LocalLab.EndpointUrl がありません）。npm run lab で起動してから、もう一度 npm run cdk:lab を実行してください。\n`,
    notLoopback: (url, file) =>
      `${file} はラボのエンドポイントとして ${url} を挙げていますが、ループバックではありません。ラッパーが CDK CLI を向けるのは http://127.0.0.1 だけです。\n`,
    notAnswering: (url) => `${url} のラボが応答しません。npm run lab で起動してください。\n`,
    missingOutputsFile: `--lab-outputs にはファイル名（動いているラボの ${LOCAL_OUTPUTS_FILE}）が要ります。\n`,
    cliFailed: (why) => `CDK CLI が起動しませんでした: ${why}。\n`,
  },
  bench: {
    usage: `使い方: npm run bench -w @sqs-lab/lab -- [--quick] [--out FILE] [--lang en|ja]

このマシンでラボ自身を測ります（AWS には接続しません）。バッチのループ（SendMessageBatch、
ReceiveMessage、DeleteMessageBatch。Lambda なし）に対する SQS エミュレーターの上限、ラボの 1 つの
エンドポイントがそのループにかけるコスト（エミュレーター自身のポートとの比較）、ログが増えたときの
Logs Insights のクエリ時間、キューのバックログが増えたときの SQS エミュレーターの 1 メッセージあたりの
CPU 時間です。表と目標を Markdown で出力します。アプリ自身のベンチ（チュートリアルの
npm run bench）は、これらの項目を自分の項目と並べて実行します。

  --quick             小さいサイズで。数秒で終わる動作確認
  --out FILE          数字を JSON で FILE にも書く
  --lang en|ja        このヘルプ、進み具合、誤りの言語（表は英語のまま）
  --help, -h          このヘルプを表示
`,
    error: (why: string) => `エラー: ${why}（オプションの一覧: npm run bench -w @sqs-lab/lab -- --help）\n`,
    outNeedsFile: '--out にはファイル名が必要です',
    progress: (section: 'ceiling' | 'endpoint' | 'insights' | 'backlog', seconds: number) =>
      `[ラボのベンチ ${seconds.toFixed(1).padStart(6)} 秒] ` +
      {
        ceiling: 'SQS エミュレーターの上限: ウォームアップのあと、バッチのループ',
        endpoint: '1 つのエンドポイント: 同じループをエミュレーターへ直接とエンドポイント経由で交互に',
        insights: 'Logs Insights: 増えていくログに 4 つのクエリ',
        backlog: '長いバックログの SQS エミュレーター: 半分を受信し（4 分の 1 は処理中のまま）、残りを期限切れにする',
      }[section] +
      '\n',
    written: (file: string) => `数字を ${file} に書きました\n`,
    failed: (why: string) => `ラボのベンチが失敗しました: ${why}\n`,
  },
  serve: {
    usage: `使い方: sqs-lab [--app <dir>] [-c name=value]... [--outputs FILE] [--quiet] [--lang en|ja]

このマシンでローカルラボを起動し、Ctrl-C まで動かします: SQS、Lambda、DynamoDB、CloudFormation と
そのまわりのサービスを、127.0.0.1 の一つの AWS エンドポイントの後ろに置きます。

  --app <dir>         自分の cdk.json を持つ CDK アプリのディレクトリ。CDK CLI と同じくその app
                      コマンドで合成し、起動時にすべてのスタックをデプロイする。指定しなければ
                      ラボは空で起動し、エンドポイントに向けた本物の CDK CLI を待つ
  -c name=value       アプリの CDK コンテキスト。cdk.json のものより優先（繰り返し指定できる）
  --outputs FILE      出力の書き先（既定: アプリのディレクトリの ${LOCAL_OUTPUTS_FILE}、--app が
                      なければここ）
  --quiet             関数のログ行をターミナルに出さない
  --lang en|ja        このコマンドとコンソールの言語
`,
    error: (why) => `sqs-lab: ${why}`,
    contextNeedsPair: (pair) => `-c は name=value の形で指定してください（指定: "${pair}"）`,
    labNote: (properties, text) => `ラボの注記: ${properties.join(', ')}: ${text}\n`,
    ready: (facts) => `
ラボの準備ができました（${facts.startupMs} ms、${facts.stacks.length === 0 ? 'スタックはまだデプロイしていません' : `${facts.stacks.join('、')} をデプロイしました`}）。出力: ${facts.outputsPath}
  AWS エンドポイント  ${facts.endpointUrl}
  コンソール          ${facts.consoleUrl}

別のターミナルで${facts.appDir === undefined ? '、自分の CDK アプリの中で' : `（cd ${facts.appDir}）`}、CDK CLI と AWS CLI をラボに向けます:
  export ${facts.exports}
  npx cdk bootstrap && npx cdk deploy --all --require-approval never
  aws sqs list-queues

Ctrl-C でラボを止めます。
`,
    stopping: (signal) => `\n${signal}: ラボを止めています（すぐ止めるにはもう一度 Ctrl-C）\n`,
    stopped: 'ラボを止めました。\n',
    failed: (why) => `sqs-lab が失敗しました: ${why}\n`,
  },
  consoleApi: {
    noRoute: (route) => `${route} という API はありません。API は lab/console/console-server.ts にあります`,
    bodyNotObject: 'body は JSON オブジェクトにしてください',
    requestNotObject: 'リクエストの本文は JSON オブジェクトにしてください',
    notJsonType: 'コンソールの API には Content-Type: application/json で送ってください',
    refused: (kind, limit) =>
      ({
        host: 'コンソールは自分のポートの localhost と 127.0.0.1 にだけ応答します (DNS リバインディング対策)',
        origin: 'コンソールはほかのオリジンのページには応答しません',
        'cross-site': 'コンソールはほかのサイトから送られた書き込みを受け付けません',
        frame: 'コンソールはほかのサイトのフレームに表示できません',
        'body-too-large': `リクエストの本文が ${limit} バイトを超えています`,
        failure:
          'コンソールはこのリクエストに応答できませんでした (理由はラボのログにあります)。サービスは続いています',
      })[kind],
    unknownStack: (names, got) => `stack は ${names.join('、')} のどれかにしてください (指定された値: ${got})`,
    noDlq: (stack) => `${stack} には DLQ がありません`,
    badOffset: (offset) => `offset には 0 以上の整数を指定してください（指定: "${offset}"）`,
    unknownExperiment: (name, names) => `「${name}」という実験はありません。次から選んでください: ${names.join(', ')}`,
    failed: (why) => `コンソールが応答できませんでした: ${why}`,
    queryStringRequired: 'queryString には Logs Insights のクエリ（空でない文字列）を指定してください',
    logGroupNamesRequired: 'logGroupNames にはロググループ名を 1 つ以上並べてください',
    badQueryRange: (ranges, got) => `range は ${ranges.join('、')} のどれかにしてください (指定された値: ${got})`,
    malformedQuery: (message) => `クエリを解析できません。MalformedQueryException: ${message}`,
    logsRefused: (code, message) => `CloudWatch Logs がクエリを受け付けませんでした: ${code}: ${message}`,
  },
  consolePage: {
    title: 'sqs-lab コンソール',
    sendJob: 'ジョブを送る',
    stack: 'スタック',
    experiments: '実験',
    loading: '読み込み中…',
    logStream: 'ログ',
    filter: 'id、messageId、文字列で絞り込み',
    visible: '見えている',
    inFlight: '処理中',
    delayed: '遅延中',
    visibleAgain: '再び見える',
    inFlightTitle: '処理中（ハートビートのたびに期限が延びる）',
    receiveNo: '受信回数',
    heartbeats: 'ハートビート',
    visibleIn: '見えるまで',
    redrive: '元のキューへ redrive',
    dlqBody: '本文',
    dlqArrivalReceives: '届いたときの受信回数',
    dlqReceivesNow: '現在の受信回数',
    dlqShowing: '件目',
    dlqOf: '/ 全',
    dlqPrevious: '前へ',
    dlqNext: '次へ',
    table: '冪等性テーブル',
    notJson: '本文が JSON ではありません',
    running: ': 新しいラボで実行中…',
    matched: '予測どおり',
    notMatched: '予測と違う',
    predicted: '予測: ',
    alarm: 'DLQ アラーム',
    alarmActionFailed: '通知が送られていません（トピックポリシー）',
    timeline: 'タイムライン (メッセージごとに 1 レーン)',
    queueTimeline: 'タイムライン: キューの最近のメッセージ（SQS と Lambda が見たとおり）',
    topic: 'トピック',
    topicMessage: 'メッセージ',
    topicNoMessages: 'まだ何も発行されていません',
    topicRaw: 'raw',
    topicFilter: 'フィルター',
    topicDelivered: '配信済み',
    topicFiltered: 'フィルターで除外',
    topicFailed: '配信できず',
    topicPending: '配信中',
    bodyHint: 'ボタンで送る本文 (上の欄から作られます。直接書き換えることもできます):',
    queryTitle: 'Logs Insights',
    queryHint:
      'CloudWatch Logs Insights と同じクエリでラボのロググループを調べます（ラボの Logs エンドポイントが StartQuery と GetQueryResults で実行します）。',
    queryGroups: 'ロググループ',
    queryRefresh: '更新',
    queryRange: '期間',
    queryRange15m: '直近 15 分',
    queryRange1h: '直近 1 時間',
    queryRangeRun: 'ラボの起動から',
    queryRun: 'クエリを実行',
    queryRunning: '実行中…',
    querySaved: '保存済みクエリ',
    queryStatus: 'ステータス',
    queryStatistics: '一致したレコード %matched 件 · スキャンしたレコード %scanned 件 · スキャンしたバイト数 %bytes',
    queryNoRows: '該当する行はありません',
    queryNoGroup: 'ロググループを 1 つ以上選んでください',
    savedDuplicatesSkipped: 'ガードが読み飛ばした重複の数（id ごと）',
    savedDlqArrivals: 'DLQ に入ったメッセージと、それまでの受信回数',
    savedJobDurations: 'ジョブ時間の p50 と p99（REPORT レコードから）',
  },
  queueTimeline: {
    title: (queue: string) => `${queue}: 最近のメッセージ（SQS と Lambda が見たとおり）`,
    empty: 'このキューにはまだメッセージが送られていません。',
    laneLabel: (messageId: string, body: string | undefined) =>
      body === undefined || body.trim() === '' ? messageId.slice(0, 8) : body.slice(0, 14),
    rowLabel: (receive: number) => `受信 ${receive}`,
    supersededTitle: (deadline: number) => `ChangeMessageVisibility で置き換えられた前の期限（${deadline} 秒）`,
    legendLabel: '凡例',
    legendInvisible: '有効な期限まで不可視',
    legendWork: '呼び出しが処理中',
    legendSuperseded: '可視性の変更で置き換えられた期限',
    legendDelayed: '遅延中: まだどのコンシューマーも受信できない',
    legend: {
      sent: '送信',
      receive: '受信（ApproximateReceiveCount n）',
      visibility: 'ChangeMessageVisibility: 期限が動いた',
      'visible-again': '再び可視（タイムアウト切れ）',
      ok: '処理済み: マッピングが削除する',
      failed: '未処理: キューに残る',
      deleted: '削除',
      dlq: 'デッドレターキューへ移動',
    },
    sentLabel: '送信',
    sentTitle: (messageId: string, at: number) => `メッセージ ${messageId} を ${at} 秒に送信`,
    delayedLabel: (seconds: number) => `${seconds} 秒遅延`,
    delayedTitle: (from: number, to: number) => `${from} 秒から ${to} 秒まで遅延: どのコンシューマーも受信できない`,
    receiveTitle: (receive: number, at: number, seconds: number) =>
      `${at} 秒に受信 ${receive}（ApproximateReceiveCount ${receive}）: ${seconds} 秒間不可視`,
    visibilityLabel: (seconds: number) => `可視性 ${seconds} 秒`,
    visibilityTitle: (at: number, seconds: number, from: number, to: number) =>
      `${at} 秒に ChangeMessageVisibility で今から ${seconds} 秒に: 期限が ${from} 秒から ${to} 秒へ動く`,
    visibleAgainLabel: '再び可視',
    visibleAgainTitle: (at: number, receive: number) =>
      `${at} 秒に再び可視: 受信 ${receive} の可視性タイムアウトが削除の前に切れた`,
    okLabel: 'OK',
    okTitle: (at: number, functionName: string, requestId: string) =>
      `${functionName} が処理し（リクエスト ${requestId}）、${at} 秒にマッピングが削除した`,
    failedLabel: (reason: string | undefined) =>
      ({
        'function-error': '関数のエラー',
        timeout: 'タイムアウト',
        'batch-item-failures': 'batchItemFailures に記載',
        'invalid-response': '不正な応答',
        throttled: 'スロットリング',
      })[reason ?? ''] ?? '残った',
    failedTitle: (at: number, functionName: string, requestId: string, why: string) =>
      `${functionName} は処理しなかった（リクエスト ${requestId}: ${why}）。${at} 秒にマッピングはキューに残した`,
    deletedLabel: '削除',
    deletedTitle: (at: number) => `${at} 秒に削除`,
    dlqLabel: 'DLQ へ',
    dlqTitle: (at: number, queue: string) =>
      `${at} 秒に ${queue} へ移動: 受信の時点でリドライブポリシーの maxReceiveCount を超えていた`,
    invisibleLabel: (receive: number) => `不可視、受信 ${receive}`,
    invisibleTitle: (receive: number, from: number, to: number, deletedAt: number | undefined) =>
      `受信 ${receive}: ${from} 秒から ${to} 秒まで不可視` + (deletedAt === undefined ? '' : `。${deletedAt} 秒に削除`),
    workLabel: (functionName: string) => functionName,
    workTitle: (functionName: string, requestId: string, from: number, to: number) =>
      `${functionName}（リクエスト ${requestId}）が ${from} 秒から ${to} 秒まで処理`,
  },
  providerNotes: jaProviderNotes,
};
