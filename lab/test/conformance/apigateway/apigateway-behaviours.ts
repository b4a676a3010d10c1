/**
 * API Gateway REST APIs (Lambda proxy integrations, AWS integrations to SQS), behaviour by
 * behaviour, from AWS's documentation. apigateway.test.ts asserts each one on the lab's local API.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/apigateway/latest/developerguide';
const service = 'API Gateway' as const;

/** Every API Gateway behaviour, by stable id. */
export const APIGATEWAY_BEHAVIOURS = [
  {
    id: 'apigw.proxy-event.fields',
    service,
    source: `${DOCS}/set-up-lambda-proxy-integrations.html#api-gateway-simple-proxy-for-lambda-input-format`,
    verdict: 'same',
    en: {
      title: 'The proxy event’s fields',
      aws: 'The function receives resource, path (without the stage), httpMethod, headers, multiValueHeaders, queryStringParameters, pathParameters, stageVariables, requestContext (with stage, requestId, path with the stage, identity.sourceIp), body and isBase64Encoded.',
    },
    ja: {
      title: 'プロキシイベントのフィールド',
      aws: '関数は resource、path（ステージなし）、httpMethod、headers、multiValueHeaders、queryStringParameters、pathParameters、stageVariables、requestContext（stage、requestId、ステージ付きの path、identity.sourceIp を含む）、body、isBase64Encoded を受け取ります。',
    },
  },
  {
    id: 'apigw.proxy-event.null-when-absent',
    service,
    source: `${DOCS}/set-up-lambda-proxy-integrations.html#api-gateway-simple-proxy-for-lambda-input-format`,
    verdict: 'same',
    en: {
      title: 'Absent query string, path parameters and body are null',
      aws: 'queryStringParameters, multiValueQueryStringParameters, pathParameters, stageVariables and an empty body arrive as null, not as empty objects or strings.',
    },
    ja: {
      title: 'ないクエリ文字列・パスパラメータ・本文は null',
      aws: 'queryStringParameters、multiValueQueryStringParameters、pathParameters、stageVariables、空の body は、空のオブジェクトや文字列ではなく null で届きます。',
    },
  },
  {
    id: 'apigw.stage-url.trailing-slash',
    service,
    source: `${DOCS}/how-to-call-api.html`,
    verdict: 'same',
    en: {
      title: 'The stage URL ends with the stage name and a slash',
      aws: 'The invoke URL is https://{api-id}.execute-api.{region}.amazonaws.com/{stage}/, so `${API}enqueue` reaches the /enqueue resource.',
    },
    ja: {
      title: 'ステージ URL はステージ名とスラッシュで終わる',
      aws: '呼び出し URL は https://{api-id}.execute-api.{region}.amazonaws.com/{stage}/ なので、`${API}enqueue` で /enqueue リソースに届きます。',
    },
  },
  {
    id: 'apigw.unknown-path.403',
    service,
    source: 'https://repost.aws/knowledge-center/api-gateway-authentication-token-errors',
    verdict: 'same',
    en: {
      title: 'A path the REST API does not have answers 403 Missing Authentication Token',
      aws: 'HTTP 403 with {"message":"Missing Authentication Token"} and x-amzn-ErrorType MissingAuthenticationTokenException; the function is not invoked.',
    },
    ja: {
      title: 'REST API にないパスは 403 Missing Authentication Token',
      aws: 'HTTP 403 と {"message":"Missing Authentication Token"}、x-amzn-ErrorType MissingAuthenticationTokenException が返り、関数は呼ばれません。',
    },
  },
  {
    id: 'apigw.unknown-method.403',
    service,
    source: 'https://repost.aws/knowledge-center/api-gateway-authentication-token-errors',
    verdict: 'same',
    en: {
      title: 'A method the resource does not have answers the same 403',
      aws: 'GET on a resource that only has POST is answered 403 {"message":"Missing Authentication Token"}, not 405.',
    },
    ja: {
      title: 'リソースにないメソッドも同じ 403',
      aws: 'POST しかないリソースへの GET は、405 ではなく 403 {"message":"Missing Authentication Token"} になります。',
    },
  },
  {
    id: 'apigw.malformed-response.502',
    service,
    source: 'https://repost.aws/knowledge-center/malformed-502-api-gateway',
    verdict: 'same',
    en: {
      title: 'A malformed proxy response answers 502',
      aws: 'A response without a valid statusCode (or with a non-string body) is answered 502 {"message": "Internal server error"}.',
    },
    ja: {
      title: '不正なプロキシ応答は 502',
      aws: '有効な statusCode がない（または body が文字列でない）応答には 502 {"message": "Internal server error"} が返ります。',
    },
  },
  {
    id: 'apigw.function-error.502',
    service,
    source: `${DOCS}/handle-errors-in-lambda-integration.html`,
    verdict: 'same',
    en: {
      title: 'A function that throws answers 502',
      aws: 'With a proxy integration, an unhandled function error becomes 502 {"message": "Internal server error"}; the error text does not reach the client.',
    },
    ja: {
      title: '例外を投げた関数は 502',
      aws: 'プロキシ統合では、処理されない関数エラーは 502 {"message": "Internal server error"} になり、エラーの文面はクライアントに届きません。',
    },
  },
  {
    id: 'apigw.throttle.429',
    service,
    source: `${DOCS}/api-gateway-request-throttling.html`,
    verdict: 'same',
    en: {
      title: 'Past the stage’s burst and rate, requests answer 429',
      aws: 'Token-bucket throttling: once the burst is spent, requests beyond the rate get 429 {"message":"Too Many Requests"} without reaching the function.',
    },
    ja: {
      title: 'ステージのバーストとレートを超えると 429',
      aws: 'トークンバケット方式のスロットリングで、バーストを使い切った後レートを超えるリクエストは、関数に届かずに 429 {"message":"Too Many Requests"} を受け取ります。',
    },
  },
  {
    id: 'apigw.integration-timeout.504',
    service,
    source: `${DOCS}/limits.html`,
    verdict: 'same',
    en: {
      title: 'An integration slower than 29 s answers 504',
      aws: 'The default integration timeout is 29 seconds; a slower function gets 504 {"message": "Endpoint request timed out"}.',
    },
    ja: {
      title: '29 秒より遅い統合は 504',
      aws: '統合タイムアウトの既定値は 29 秒で、それより遅い関数には 504 {"message": "Endpoint request timed out"} が返ります。',
    },
  },
  {
    id: 'apigw.headers.multi-value',
    service,
    source: `${DOCS}/set-up-lambda-proxy-integrations.html#api-gateway-simple-proxy-for-lambda-output-format`,
    verdict: 'same',
    en: {
      title: 'Repeated headers: multiValueHeaders in, merged headers out',
      aws: 'A header sent twice arrives with both values in multiValueHeaders and the last one in headers; a response’s headers and multiValueHeaders are merged, so a header can be returned several times.',
    },
    ja: {
      title: '繰り返しヘッダー：入力は multiValueHeaders、出力は統合',
      aws: '2 回送ったヘッダーは multiValueHeaders に両方の値、headers に最後の値が入ります。応答の headers と multiValueHeaders は統合されるので、同じヘッダーを複数回返せます。',
    },
  },
  {
    id: 'apigw.body.not-base64',
    service,
    source: `${DOCS}/api-gateway-payload-encodings.html`,
    verdict: 'same',
    en: {
      title: 'Without binary media types a body arrives as text, isBase64Encoded false',
      aws: 'The stacks configure no binary media types, so a JSON body reaches the function as the same text with isBase64Encoded false.',
    },
    ja: {
      title: 'バイナリメディアタイプがなければ本文はテキストで、isBase64Encoded は false',
      aws: 'スタックはバイナリメディアタイプを設定していないので、JSON 本文は同じテキストのまま isBase64Encoded false で関数に届きます。',
    },
  },
  {
    id: 'apigw.path-parameters',
    service,
    source: `${DOCS}/set-up-lambda-proxy-integrations.html#api-gateway-simple-proxy-for-lambda-input-format`,
    verdict: 'same',
    en: {
      title: 'A {name} path part matches one segment and arrives in pathParameters',
      aws: 'A resource /items/{id} matches /items/42; the proxy event has resource /items/{id} and pathParameters {"id": "42"}.',
    },
    ja: {
      title: '{name} のパス部分は 1 セグメントに一致し、pathParameters で届く',
      aws: 'リソース /items/{id} は /items/42 に一致し、プロキシイベントは resource が /items/{id}、pathParameters が {"id": "42"} になります。',
    },
  },
  {
    id: 'apigw.sqs-integration.send-message',
    service,
    source: `${DOCS}/integrating-api-with-aws-services-sqs.html`,
    verdict: 'same',
    en: {
      title: 'An AWS integration to SQS sends what its mapping template writes',
      aws: 'The request template (Action=SendMessage&MessageBody=$util.urlEncode($input.body)) becomes SQS query parameters, sent as the integration role; SQS answers SendMessageResponse in JSON, which the default integration response passes through.',
      lab: 'The lab runs the template subset the SQS patterns use ($input, $util, $context; no directives) and refuses the rest by name when the method is created.',
    },
    ja: {
      title: 'SQS への AWS 統合は、マッピングテンプレートが書いたものを送る',
      aws: 'リクエストテンプレート（Action=SendMessage&MessageBody=$util.urlEncode($input.body)）は SQS のクエリパラメータになり、統合ロールで送られます。SQS は SendMessageResponse を JSON で返し、既定の統合レスポンスがそのまま通します。',
      lab: 'ラボは SQS のパターンが使うテンプレートの範囲（$input、$util、$context。ディレクティブなし）を実行し、それ以外はメソッドの作成時に名前を挙げて拒否します。',
    },
  },
  {
    id: 'apigw.integration-response.selection',
    service,
    source: `${DOCS}/api-gateway-integration-settings-integration-response.html`,
    verdict: 'same',
    en: {
      title: "Integration responses are chosen by the back end's status code",
      aws: 'The integration response whose selection pattern matches the back end’s status code is used, else the one without a pattern; its status code and response template make the answer. With neither, the client gets 500 Internal server error.',
    },
    ja: {
      title: '統合レスポンスはバックエンドのステータスコードで選ばれる',
      aws: 'バックエンドのステータスコードに選択パターンが一致する統合レスポンスが使われ、なければパターンのないものが使われます。そのステータスコードとレスポンステンプレートが応答になります。どちらもなければクライアントには 500 Internal server error が返ります。',
    },
  },
  {
    id: 'apigw.passthrough.never.415',
    service,
    source: `${DOCS}/integration-passthrough-behaviors.html`,
    verdict: 'same',
    en: {
      title: 'Passthrough NEVER answers 415 for a content type with no template',
      aws: 'With passthrough behaviour NEVER, a request whose Content-Type has no request template is refused with 415 Unsupported Media Type, and the back end is not called.',
    },
    ja: {
      title: 'パススルー NEVER はテンプレートのない Content-Type に 415 を返す',
      aws: 'パススルー動作が NEVER のとき、リクエストテンプレートのない Content-Type のリクエストは 415 Unsupported Media Type で拒否され、バックエンドは呼ばれません。',
    },
  },
] as const satisfies readonly Behaviour[];
