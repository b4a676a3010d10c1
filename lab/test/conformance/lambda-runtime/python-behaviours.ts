/**
 * What Lambda's Python runtime gives a function and writes for it, each with its source (the
 * runtime interface client Lambda's Python runtimes run, and the developer guide), as the lab is
 * measured against it in `python-runtime.test.ts`.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const RIC = 'https://github.com/aws/aws-lambda-python-runtime-interface-client/blob/main/awslambdaric';
const service = 'Lambda runtime' as const;

export const PYTHON_RUNTIME_BEHAVIOURS = [
  {
    id: 'lambda.runtime.python.log-text',
    service,
    source: `${RIC}/bootstrap.py (_setup_logging)`,
    verdict: 'same',
    en: {
      title: 'Python, text format: the root logger writes [LEVEL], time, request id and message',
      aws: 'The runtime gives the root logger a handler whose format is "[%(levelname)s]\\t%(asctime)s.%(msecs)03dZ\\t%(aws_request_id)s\\t%(message)s" in UTC; the root logger keeps Python’s default level, WARNING, unless an application log level is set, so logger.info() is dropped until the handler lowers it.',
    },
    ja: {
      title: 'Python、テキスト形式: ルートロガーは [レベル]・時刻・リクエスト ID・メッセージを書く',
      aws: 'ランタイムはルートロガーに "[%(levelname)s]\\t%(asctime)s.%(msecs)03dZ\\t%(aws_request_id)s\\t%(message)s"（UTC）の形式のハンドラーを付けます。アプリケーションのログレベルを設定しない限り、ルートロガーは Python の既定の WARNING のままなので、ハンドラーが下げるまで logger.info() は出ません。',
    },
  },
  {
    id: 'lambda.runtime.python.log-json',
    service,
    source: `${RIC}/lambda_runtime_log_utils.py (JsonFormatter)`,
    verdict: 'same',
    en: {
      title: 'Python, JSON format: one object per record, with the exception and the extra fields',
      aws: 'With LogFormat JSON each record is {"timestamp", "level", "message", "logger", "requestId"}, plus "errorType", "errorMessage", "stackTrace" and "location" when it carries an exception, and every field a logger’s extra= adds; the application log level (TRACE read as DEBUG) is the root logger’s level.',
    },
    ja: {
      title: 'Python、JSON 形式: レコードごとに 1 つのオブジェクト（例外と extra のフィールドも）',
      aws: 'LogFormat が JSON のとき、各レコードは {"timestamp", "level", "message", "logger", "requestId"} で、例外を持つときは "errorType"、"errorMessage"、"stackTrace"、"location" が加わり、ロガーの extra= で足したフィールドもすべて入ります。アプリケーションのログレベル（TRACE は DEBUG として読む）がルートロガーのレベルになります。',
    },
  },
  {
    id: 'lambda.runtime.python.error-log',
    service,
    source: `${RIC}/bootstrap.py (log_error)`,
    verdict: 'same',
    en: {
      title: 'Python: a failed invocation is logged as one [ERROR] event with its traceback',
      aws: 'In the text format the runtime writes "[ERROR] <type>: <message>", "Traceback (most recent call last):" and the frames from the handler’s own code on, joined by carriage returns (one event), their leading spaces as no-break spaces; in the JSON format one object {"timestamp", "level": "ERROR", "errorMessage", "errorType", "requestId", "stackTrace"}.',
    },
    ja: {
      title: 'Python: 失敗した呼び出しはトレースバック付きの [ERROR] 1 イベントとして記録される',
      aws: 'テキスト形式では "[ERROR] <型>: <メッセージ>"、"Traceback (most recent call last):"、ハンドラー自身のコードからのフレームを復帰文字でつないで（1 イベント）書き、行頭の空白はノーブレークスペースになります。JSON 形式では {"timestamp", "level": "ERROR", "errorMessage", "errorType", "requestId", "stackTrace"} の 1 オブジェクトです。',
    },
  },
  {
    id: 'lambda.runtime.python.error-document',
    service,
    source: `${RIC}/bootstrap.py (make_error)`,
    verdict: 'same',
    en: {
      title: 'Python: Invoke answers a failure with errorMessage, errorType, requestId and stackTrace',
      aws: 'The response of a failed invocation is {"errorMessage", "errorType", "requestId", "stackTrace"}: the exception’s str() and class name, the request id, and the formatted frames of the handler’s code.',
    },
    ja: {
      title: 'Python: Invoke は失敗を errorMessage・errorType・requestId・stackTrace で返す',
      aws: '失敗した呼び出しの応答は {"errorMessage", "errorType", "requestId", "stackTrace"} です。例外の str() とクラス名、リクエスト ID、ハンドラーのコードのフレームを整形したものです。',
    },
  },
  {
    id: 'lambda.runtime.python.init-errors',
    service,
    source: `${RIC}/bootstrap.py (_get_handler, run)`,
    verdict: 'same',
    en: {
      title: 'Python: a handler that cannot be loaded fails INIT with the runtime’s error type',
      aws: 'A module that cannot be imported is Runtime.ImportModuleError "Unable to import module \'<module>\': <reason>", a missing function Runtime.HandlerNotFound "Handler \'<name>\' missing on module \'<module>\'", a syntax error Runtime.UserCodeSyntaxError, any other exception its own class name; the runtime first logs a LAMBDA_WARNING "Unhandled exception" line, then the [ERROR] event.',
    },
    ja: {
      title: 'Python: 読み込めないハンドラーはランタイムのエラー型で INIT を失敗させる',
      aws: 'import できないモジュールは Runtime.ImportModuleError "Unable to import module \'<モジュール>\': <理由>"、関数がなければ Runtime.HandlerNotFound "Handler \'<名前>\' missing on module \'<モジュール>\'"、構文エラーは Runtime.UserCodeSyntaxError、その他の例外はそのクラス名です。ランタイムはまず LAMBDA_WARNING の "Unhandled exception" の行を書き、続けて [ERROR] のイベントを書きます。',
    },
  },
  {
    id: 'lambda.runtime.python.marshal',
    service,
    source: `${RIC}/lambda_runtime_marshaller.py`,
    verdict: 'same',
    en: {
      title: 'Python: Decimal results are numbers; a result JSON cannot hold is Runtime.MarshalError',
      aws: 'The runtime writes a Decimal (what boto3 gives for DynamoDB numbers) as a JSON number; a value it cannot encode (a set) fails the invocation with Runtime.MarshalError "Unable to marshal response: Object of type set is not JSON serializable".',
      lab: 'The same, except that a Decimal with more digits than a double holds is written as the nearest double (the runtime writes its digits as they are).',
    },
    ja: {
      title: 'Python: Decimal の結果は数値に、JSON にできない結果は Runtime.MarshalError に',
      aws: 'ランタイムは Decimal（boto3 が DynamoDB の数値に使う型）を JSON の数値として書きます。エンコードできない値（set）は Runtime.MarshalError "Unable to marshal response: Object of type set is not JSON serializable" で呼び出しを失敗させます。',
      lab: '同じです。ただし double に収まらない桁数の Decimal は最も近い double として書きます（ランタイムは桁をそのまま書きます）。',
    },
  },
  {
    id: 'lambda.runtime.python.context',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/python-context.html',
    verdict: 'same',
    en: {
      title: 'Python: the context object’s attributes and get_remaining_time_in_millis()',
      aws: 'context has function_name, function_version, invoked_function_arn, memory_limit_in_mb, aws_request_id, log_group_name, log_stream_name, identity and client_context (None for a plain invocation), and get_remaining_time_in_millis().',
    },
    ja: {
      title: 'Python: context オブジェクトの属性と get_remaining_time_in_millis()',
      aws: 'context には function_name、function_version、invoked_function_arn、memory_limit_in_mb、aws_request_id、log_group_name、log_stream_name、identity と client_context（通常の呼び出しでは None）、そして get_remaining_time_in_millis() があります。',
    },
  },
  {
    id: 'lambda.runtime.python.runtime-api',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html',
    verdict: 'same',
    en: {
      title: 'Python: the runtime takes its invocations from Lambda’s runtime API',
      aws: 'AWS_LAMBDA_RUNTIME_API names the runtime API’s host and port; the runtime asks GET /2018-06-01/runtime/invocation/next, gets the event with the Lambda-Runtime-Aws-Request-Id, -Deadline-Ms, -Invoked-Function-Arn and -Trace-Id headers (the trace id becomes _X_AMZN_TRACE_ID), and posts /invocation/<id>/response or /error, or /init/error; a post for a request id that is not running is 400 InvalidRequestID.',
      lab: 'The same API, served on 127.0.0.1 by the function’s execution environment, which the lab’s Python runtime loop (its own, not Lambda’s runtime interface client) speaks; a runtime’s output goes to the environment on a socket of its own, and each post waits for the output written before it.',
    },
    ja: {
      title: 'Python: ランタイムは Lambda のランタイム API から呼び出しを受け取る',
      aws: 'AWS_LAMBDA_RUNTIME_API がランタイム API のホストとポートを示します。ランタイムは GET /2018-06-01/runtime/invocation/next で尋ね、Lambda-Runtime-Aws-Request-Id、-Deadline-Ms、-Invoked-Function-Arn、-Trace-Id のヘッダー付きでイベントを受け取り（トレース ID は _X_AMZN_TRACE_ID になります）、/invocation/<id>/response か /error、または /init/error に POST します。実行中でないリクエスト ID への POST は 400 InvalidRequestID です。',
      lab: '同じ API を、関数の実行環境が 127.0.0.1 で提供し、ラボの Python ランタイムループ（Lambda のランタイムインターフェースクライアントではなくラボ自身のもの）がそれを話します。ランタイムの出力は専用のソケットで実行環境に届き、各 POST はそれより前に書かれた出力を待ちます。',
    },
  },
  {
    id: 'lambda.runtime.python.task-root',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime',
    verdict: 'different',
    en: {
      title: 'Python: the code’s folder is LAMBDA_TASK_ROOT and the working directory',
      aws: 'LAMBDA_TASK_ROOT is the path to the function’s code (/var/task), the Python runtime’s working directory, and first on sys.path: a handler opens the files packaged beside it by a relative path or through LAMBDA_TASK_ROOT.',
      lab: 'LAMBDA_TASK_ROOT and the working directory are the folder the lab unpacked the code into, first on sys.path; the lab’s own variables are not in the function’s environment.',
      why: 'The lab runs the function on the machine, where /var/task is not the code’s folder; the path differs, what a handler finds there does not.',
    },
    ja: {
      title: 'Python: コードのフォルダーは LAMBDA_TASK_ROOT で、作業ディレクトリでもある',
      aws: 'LAMBDA_TASK_ROOT は関数のコードのパス（/var/task）で、Python ランタイムの作業ディレクトリであり、sys.path の先頭です。ハンドラーは一緒にパッケージしたファイルを相対パスか LAMBDA_TASK_ROOT で開きます。',
      lab: 'LAMBDA_TASK_ROOT と作業ディレクトリは、ラボがコードを展開したフォルダーで、sys.path の先頭です。ラボ自身の変数は関数の環境にありません。',
      why: 'ラボは関数をマシンで動かすので、/var/task はコードのフォルダーではありません。パスは違っても、ハンドラーがそこで見つけるものは同じです。',
    },
  },
  {
    id: 'lambda.runtime.python.boto3',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/lambda-python.html',
    verdict: 'different',
    en: {
      title: 'Python: boto3 is there without packaging it',
      aws: 'Lambda’s Python runtimes include the AWS SDK for Python (boto3 and botocore) at a version Lambda chooses and updates.',
      lab: 'The function imports the machine’s boto3 (Debian’s python3-boto3, which .ci/run installs when it is missing), whatever its version.',
      why: 'The lab runs functions on the machine’s Python and does not download packages; a learner who needs a given boto3 version packages it with the function, as on Lambda.',
    },
    ja: {
      title: 'Python: boto3 は同梱しなくても使える',
      aws: 'Lambda の Python ランタイムには AWS SDK for Python（boto3 と botocore）が含まれ、そのバージョンは Lambda が選んで更新します。',
      lab: '関数はマシンの boto3（Debian の python3-boto3。なければ .ci/run が入れます）を、そのバージョンのまま import します。',
      why: 'ラボは関数をマシンの Python で動かし、パッケージをダウンロードしません。特定の boto3 のバージョンが要るなら、Lambda と同じく関数と一緒にパッケージします。',
    },
  },
] as const satisfies readonly Behaviour[];

/** A behaviour of this catalog by id (throws on a typo, so a test cannot silently lose its record). */
export function pythonBehaviour(id: (typeof PYTHON_RUNTIME_BEHAVIOURS)[number]['id']): Behaviour {
  const behaviour = PYTHON_RUNTIME_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (behaviour === undefined) throw new Error(`no Python runtime behaviour ${id}`);
  return behaviour;
}
