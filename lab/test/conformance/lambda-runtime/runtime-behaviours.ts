/**
 * What Lambda's Node.js runtime gives a function (environment variables, context) and how it
 * writes the function's lines to CloudWatch Logs, each with its source, as the lab is measured
 * against it in `runtime.test.ts`.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const ENV_DOC = 'https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime';
const RIC = 'https://github.com/aws/aws-lambda-nodejs-runtime-interface-client/blob/main/src';
const LOG_FORMAT_DOC = 'https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-logformat.html';
const LOG_LEVEL_DOC = 'https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html';

export const RUNTIME_BEHAVIOURS = [
  {
    id: 'lambda.runtime.env.reserved',
    service: 'Lambda runtime',
    source: ENV_DOC,
    verdict: 'same',
    en: {
      title: 'The reserved variables of a Node.js function',
      aws: 'Lambda sets _HANDLER, AWS_EXECUTION_ENV (AWS_Lambda_nodejs24.x), AWS_LAMBDA_FUNCTION_NAME, _VERSION and _MEMORY_SIZE, AWS_LAMBDA_INITIALIZATION_TYPE (on-demand), AWS_LAMBDA_RUNTIME_API, LAMBDA_TASK_ROOT, LAMBDA_RUNTIME_DIR, AWS_REGION and TZ (:UTC).',
    },
    ja: {
      title: 'Node.js 関数の予約済み環境変数',
      aws: 'Lambda は _HANDLER、AWS_EXECUTION_ENV（AWS_Lambda_nodejs24.x）、AWS_LAMBDA_FUNCTION_NAME・_VERSION・_MEMORY_SIZE、AWS_LAMBDA_INITIALIZATION_TYPE（on-demand）、AWS_LAMBDA_RUNTIME_API、LAMBDA_TASK_ROOT、LAMBDA_RUNTIME_DIR、AWS_REGION、TZ（:UTC）を設定します。',
    },
  },
  {
    id: 'lambda.runtime.env.reserved-refused',
    service: 'Lambda runtime',
    source: ENV_DOC,
    verdict: 'same',
    en: {
      title: 'A function cannot set a reserved variable',
      aws: 'A function configuration whose environment sets a reserved key (AWS_REGION, _HANDLER, …) is refused with "Lambda was unable to configure your environment variables because the environment variables you have provided contains reserved keys …", naming the keys.',
    },
    ja: {
      title: '関数は予約済みの環境変数を設定できない',
      aws: '環境変数に予約済みのキー（AWS_REGION、_HANDLER など）を含む関数設定は、"Lambda was unable to configure your environment variables because the environment variables you have provided contains reserved keys …" というメッセージでキー名を挙げて拒否されます。',
    },
  },
  {
    id: 'lambda.runtime.env.not-set',
    service: 'Lambda runtime',
    source: ENV_DOC,
    verdict: 'same',
    en: {
      title: 'No timeout variable; the context tells the time left',
      aws: 'Lambda sets no variable with the function timeout (nor AWS_NODEJS_CONNECTION_REUSE_ENABLED, which CDK adds only for SDK v2 runtimes); a handler asks context.getRemainingTimeInMillis().',
    },
    ja: {
      title: 'タイムアウトの環境変数はなく、残り時間はコンテキストが教える',
      aws: 'Lambda は関数のタイムアウトを表す環境変数を設定しません（CDK が SDK v2 のランタイムにだけ加える AWS_NODEJS_CONNECTION_REUSE_ENABLED もありません）。ハンドラーは context.getRemainingTimeInMillis() で残り時間を知ります。',
    },
  },
  {
    id: 'lambda.runtime.env.log-stream',
    service: 'Lambda runtime',
    source: ENV_DOC,
    verdict: 'same',
    en: {
      title: 'One log stream per execution environment',
      aws: 'AWS_LAMBDA_LOG_GROUP_NAME and AWS_LAMBDA_LOG_STREAM_NAME name where the lines go; the stream is YYYY/MM/DD/[$LATEST] and 32 hex digits, the same as context.logStreamName, the same for every invocation of one environment and new for a new one.',
    },
    ja: {
      title: '実行環境ごとに 1 つのログストリーム',
      aws: 'AWS_LAMBDA_LOG_GROUP_NAME と AWS_LAMBDA_LOG_STREAM_NAME が書き込み先を示します。ストリーム名は YYYY/MM/DD/[$LATEST] と 16 進 32 桁で、context.logStreamName と同じです。同じ実行環境の呼び出しでは変わらず、新しい実行環境では新しくなります。',
    },
  },
  {
    id: 'lambda.runtime.env.trace-id',
    service: 'Lambda runtime',
    source: `${RIC}/utils/env.ts`,
    verdict: 'same',
    en: {
      title: '_X_AMZN_TRACE_ID changes with every invocation',
      aws: 'The runtime puts the invocation’s X-Ray header (Root=1-…;Parent=…;Sampled=…) in _X_AMZN_TRACE_ID before each invocation, even with tracing off.',
    },
    ja: {
      title: '_X_AMZN_TRACE_ID は呼び出しごとに変わる',
      aws: 'ランタイムは呼び出しのたびに、その呼び出しの X-Ray ヘッダー（Root=1-…;Parent=…;Sampled=…）を _X_AMZN_TRACE_ID に入れます。トレースを無効にしていても同じです。',
    },
  },
  {
    id: 'lambda.runtime.env.utc',
    service: 'Lambda runtime',
    source: ENV_DOC,
    verdict: 'same',
    en: { title: 'The clock is in UTC', aws: 'TZ is :UTC, so Date reports a UTC offset of 0.' },
    ja: { title: '時計は UTC', aws: 'TZ は :UTC なので、Date の UTC オフセットは 0 です。' },
  },
  {
    id: 'lambda.runtime.log.json-string-kept',
    service: 'Lambda runtime',
    source: `${RIC}/logging/formatter.ts`,
    verdict: 'same',
    en: {
      title: 'JSON format: a single string stays a string, even when it is JSON',
      aws: 'console.log(JSON.stringify(x)) is written as {"timestamp","level":"INFO","requestId","message":"<that JSON as a string>"}: the runtime does not parse it.',
    },
    ja: {
      title: 'JSON 形式: 引数が文字列 1 つなら、JSON の文字列でも文字列のまま',
      aws: 'console.log(JSON.stringify(x)) は {"timestamp","level":"INFO","requestId","message":"<その JSON を文字列として>"} と書かれます。ランタイムは中身を解析しません。',
    },
  },
  {
    id: 'lambda.runtime.log.json-object-kept',
    service: 'Lambda runtime',
    source: `${RIC}/logging/formatter.ts`,
    verdict: 'same',
    en: {
      title: 'JSON format: a single object stays an object in message',
      aws: 'console.info({…}) is written with the object itself as message, not util.format text.',
    },
    ja: {
      title: 'JSON 形式: 引数がオブジェクト 1 つなら message もオブジェクト',
      aws: 'console.info({…}) は util.format の文字列ではなく、そのオブジェクト自体を message として書きます。',
    },
  },
  {
    id: 'lambda.runtime.log.json-error',
    service: 'Lambda runtime',
    source: `${RIC}/logging/formatter.ts`,
    verdict: 'same',
    en: {
      title: 'JSON format: an Error becomes errorType, errorMessage and stackTrace',
      aws: 'console.error(new TypeError("…")) writes message {"errorType":"TypeError","errorMessage":"…","stackTrace":[lines]}; with several arguments the text is util.format and the first Error adds errorType, errorMessage and stackTrace beside it.',
    },
    ja: {
      title: 'JSON 形式: Error は errorType・errorMessage・stackTrace になる',
      aws: 'console.error(new TypeError("…")) は message を {"errorType":"TypeError","errorMessage":"…","stackTrace":[行の配列]} として書きます。引数が複数なら本文は util.format の結果で、最初の Error の errorType・errorMessage・stackTrace がその横に加わります。',
    },
  },
  {
    id: 'lambda.runtime.log.invoke-error',
    service: 'Lambda runtime',
    source: `${RIC}/logging/log-patch.ts`,
    verdict: 'same',
    en: {
      title: 'JSON format: a thrown error is logged as an ERROR line whose message is the error',
      aws: 'When the handler throws, the runtime logs console.error(error): level ERROR, the request id, and message {errorType, errorMessage, stackTrace}.',
    },
    ja: {
      title: 'JSON 形式: 投げられたエラーは、そのエラーを message とする ERROR 行になる',
      aws: 'ハンドラーが例外を投げると、ランタイムは console.error(error) を記録します。レベルは ERROR、リクエスト ID 付きで、message は {errorType, errorMessage, stackTrace} です。',
    },
  },
  {
    id: 'lambda.runtime.log.level-filter',
    service: 'Lambda runtime',
    source: LOG_LEVEL_DOC,
    verdict: 'same',
    en: {
      title: 'Application log level INFO drops TRACE and DEBUG lines',
      aws: 'With AWS_LAMBDA_LOG_LEVEL=INFO, console.trace and console.debug write nothing, and a JSON line written to stdout with "level":"DEBUG" is not sent to CloudWatch Logs; a JSON line without a level counts as INFO and is kept.',
    },
    ja: {
      title: 'アプリケーションログレベル INFO では TRACE と DEBUG の行が落ちる',
      aws: 'AWS_LAMBDA_LOG_LEVEL=INFO のとき、console.trace と console.debug は何も書かず、stdout に書かれた "level":"DEBUG" の JSON 行も CloudWatch Logs に送られません。level のない JSON 行は INFO とみなされ、残ります。',
    },
  },
  {
    id: 'lambda.runtime.log.stdout-json-untouched',
    service: 'Lambda runtime',
    source: LOG_FORMAT_DOC,
    verdict: 'same',
    en: {
      title: 'JSON written to stdout is not encoded again',
      aws: 'A logger that writes its own JSON lines to stdout (as this project’s Logger and Powertools do) keeps them as they are: Lambda does not double-encode logs that are already JSON.',
    },
    ja: {
      title: 'stdout に書いた JSON は二重にエンコードされない',
      aws: '自分で JSON 行を stdout に書くロガー（このプロジェクトの Logger や Powertools）の行はそのまま残ります。Lambda はすでに JSON のログを二重にエンコードしません。',
    },
  },
  {
    id: 'lambda.runtime.log.text-format',
    service: 'Lambda runtime',
    source: `${RIC}/logging/formatter.ts`,
    verdict: 'same',
    en: {
      title: 'Text format: time, request id, level and text on one line',
      aws: 'Without the JSON format, console.log writes <ISO time>\\t<request id>\\tINFO\\t<util.format text>, with newlines turned into carriage returns so one call stays one event.',
    },
    ja: {
      title: 'テキスト形式: 時刻・リクエスト ID・レベル・本文を 1 行に',
      aws: 'JSON 形式でないとき、console.log は <ISO 時刻>\\t<リクエスト ID>\\tINFO\\t<util.format の結果> と書きます。改行は復帰文字に置き換えられ、1 回の呼び出しは 1 つのイベントのままです。',
    },
  },
  {
    id: 'lambda.runtime.log.platform-json',
    service: 'Lambda runtime',
    source: LOG_FORMAT_DOC,
    verdict: 'same',
    en: {
      title: 'JSON format: START and REPORT are platform.start and platform.report records',
      aws: 'With the JSON format Lambda writes {"time","type":"platform.start","record":{"requestId","version"}} and {"type":"platform.report","record":{"requestId","metrics":{durationMs, billedDurationMs, memorySizeMB, maxMemoryUsedMB, initDurationMs after a cold start},"status"}}, plus platform.initStart for a new environment; platform.runtimeDone is a DEBUG event and is not sent at the default system log level INFO.',
    },
    ja: {
      title: 'JSON 形式: START と REPORT は platform.start と platform.report のレコード',
      aws: 'JSON 形式では、Lambda は {"time","type":"platform.start","record":{"requestId","version"}} と {"type":"platform.report","record":{"requestId","metrics":{durationMs、billedDurationMs、memorySizeMB、maxMemoryUsedMB、コールドスタート時は initDurationMs},"status"}} を書き、新しい実行環境では platform.initStart も書きます。platform.runtimeDone は DEBUG のイベントなので、既定のシステムログレベル INFO では送られません。',
    },
  },
  {
    id: 'lambda.runtime.log.platform-text',
    service: 'Lambda runtime',
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/nodejs-logging.html',
    verdict: 'same',
    en: {
      title: 'Text format: START, END and REPORT lines',
      aws: 'Without the JSON format, each invocation has START RequestId: … Version: $LATEST, END RequestId: … and REPORT RequestId: …\\tDuration: … ms\\tBilled Duration: … ms\\tMemory Size: … MB\\tMax Memory Used: … MB (with Init Duration after a cold start).',
    },
    ja: {
      title: 'テキスト形式: START・END・REPORT の行',
      aws: 'JSON 形式でないとき、呼び出しごとに START RequestId: … Version: $LATEST、END RequestId: …、REPORT RequestId: …\\tDuration: … ms\\tBilled Duration: … ms\\tMemory Size: … MB\\tMax Memory Used: … MB（コールドスタート時は Init Duration 付き）が書かれます。',
    },
  },
  {
    id: 'lambda.runtime.log.custom-group',
    service: 'Lambda runtime',
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-loggroups.html',
    verdict: 'same',
    en: {
      title: 'The log group of a function with its own LoggingConfig.LogGroup',
      aws: 'A function whose LoggingConfig names a log group (this project’s FunctionWithLogGroup creates one per function, named by CloudFormation) writes there, and AWS_LAMBDA_LOG_GROUP_NAME and context.logGroupName name that group.',
    },
    ja: {
      title: 'LoggingConfig.LogGroup を持つ関数のロググループ',
      aws: 'LoggingConfig でロググループを指定した関数（このプロジェクトの FunctionWithLogGroup は関数ごとに 1 つ作り、名前は CloudFormation が付けます）はそこに書き、AWS_LAMBDA_LOG_GROUP_NAME と context.logGroupName もそのグループを示します。',
    },
  },
] as const satisfies readonly Behaviour[];

/** A behaviour of the catalog by id (throws on a typo, so a test cannot silently lose its record). */
export function runtimeBehaviour(id: (typeof RUNTIME_BEHAVIOURS)[number]['id']): Behaviour {
  const behaviour = RUNTIME_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (behaviour === undefined) throw new Error(`no runtime behaviour ${id}`);
  return behaviour;
}
