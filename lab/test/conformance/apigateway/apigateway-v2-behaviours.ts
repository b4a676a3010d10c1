/**
 * API Gateway's request validation, mapping templates and HTTP APIs (#32), behaviour by behaviour,
 * from AWS's documentation; apigateway-v2.test.ts asserts each one on the lab's own code for it.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/apigateway/latest/developerguide';
const service = 'API Gateway' as const;

export const APIGATEWAY_V2_BEHAVIOURS = [
  {
    id: 'apigw.request-validation.parameters',
    service,
    source: `${DOCS}/api-gateway-method-request-validation.html`,
    verdict: 'same',
    en: {
      title: 'A validator refuses a request without a required parameter, naming it',
      aws: 'With validateRequestParameters, a request missing a required path, query string or header parameter is answered 400 "Missing required request parameters: [<names>]" before the integration is called.',
    },
    ja: {
      title: 'バリデーターは必須パラメータのないリクエストを、その名前を挙げて拒否する',
      aws: 'validateRequestParameters のとき、必須のパス、クエリ文字列、ヘッダーのパラメータがないリクエストは、統合を呼ぶ前に 400 "Missing required request parameters: [<名前>]" で答えられます。',
    },
  },
  {
    id: 'apigw.request-validation.body',
    service,
    source: `${DOCS}/api-gateway-method-request-validation.html`,
    verdict: 'same',
    en: {
      title: 'A validator refuses a body its model does not describe',
      aws: 'With validateRequestBody, a body that does not satisfy the method’s model (JSON Schema draft 4) for its content type is answered 400 "Invalid request body".',
    },
    ja: {
      title: 'バリデーターはモデルに合わない本文を拒否する',
      aws: 'validateRequestBody のとき、その Content-Type のメソッドのモデル（JSON Schema draft 4）を満たさない本文は 400 "Invalid request body" で答えられます。',
    },
  },
  {
    id: 'apigw.mapping-template.util',
    service,
    source: `${DOCS}/api-gateway-mapping-template-reference.html`,
    verdict: 'same',
    en: {
      title: 'A mapping template writes $input, $util and $context into the integration request',
      aws: '$input.body is the raw body, $input.params(name) a path, query string or header parameter, $util.urlEncode URL-encodes, $util.escapeJavaScript escapes, $context.requestId is the request’s id.',
    },
    ja: {
      title: 'マッピングテンプレートは $input、$util、$context を統合リクエストに書く',
      aws: '$input.body は本文そのもの、$input.params(name) はパス、クエリ文字列、ヘッダーのパラメータ、$util.urlEncode は URL エンコード、$util.escapeJavaScript はエスケープ、$context.requestId はリクエストの ID です。',
    },
  },
  {
    id: 'apigw.http-api.response-2.0',
    service,
    source: `${DOCS}/http-api-develop-integrations-lambda.html`,
    verdict: 'same',
    en: {
      title: 'HTTP API, payload 2.0: a result without statusCode is a 200 JSON answer',
      aws: 'If the function returns valid JSON without a statusCode, API Gateway assumes statusCode 200, content-type application/json and the result as the body; with a statusCode, headers, cookies and body are taken from it.',
    },
    ja: {
      title: 'HTTP API、ペイロード 2.0: statusCode のない結果は 200 の JSON の答えになる',
      aws: '関数が statusCode のない正しい JSON を返すと、API Gateway は statusCode 200、content-type application/json、結果を本文とみなします。statusCode があれば、ヘッダー、クッキー、本文はそこから取られます。',
    },
  },
  {
    id: 'apigw.http-api.route-precedence',
    service,
    source: `${DOCS}/http-api-develop-routes.html#http-api-develop-routes.evaluation`,
    verdict: 'same',
    en: {
      title: 'HTTP API: the most specific route wins, $default last',
      aws: 'A full match of route and method comes first, then a match with a greedy path variable ({proxy+}), then $default; an ANY route matches every method after a route of the exact method.',
    },
    ja: {
      title: 'HTTP API: もっとも具体的なルートが選ばれ、$default は最後',
      aws: 'ルートとメソッドが完全に一致するものが先、次に貪欲なパス変数（{proxy+}）での一致、最後に $default です。ANY のルートは、メソッドが完全に一致するルートの後に、すべてのメソッドに一致します。',
    },
  },
] as const satisfies readonly Behaviour[];
