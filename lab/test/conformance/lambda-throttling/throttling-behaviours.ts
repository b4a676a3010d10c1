/**
 * What Lambda does with an invocation the account's concurrency cannot take, for each caller,
 * each with its source, as the lab is measured against it in `account-concurrency.test.ts`.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

export const THROTTLING_BEHAVIOURS = [
  {
    id: 'lambda.throttle.invoke',
    service: 'Lambda runtime',
    source: 'https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html#API_Invoke_Errors',
    verdict: 'same',
    en: {
      title: 'Invoke beyond the account concurrency quota',
      aws: 'The invocation does not run: Invoke answers 429 TooManyRequestsException, "Rate Exceeded.", with Reason ConcurrentInvocationLimitExceeded. A new account may have a quota of 10.',
      lab: 'The same, with the quota a lab is started with (10 by default; 1 in the test).',
    },
    ja: {
      title: 'アカウントの同時実行クォータを超える Invoke',
      aws: '呼び出しは実行されず、Invoke は 429 TooManyRequestsException（"Rate Exceeded."、Reason は ConcurrentInvocationLimitExceeded）を返します。新しいアカウントのクォータは 10 のことがあります。',
      lab: '同じです。クォータはラボの起動時の値です（既定 10、テストでは 1）。',
    },
  },
  {
    id: 'apigateway.lambda-throttled',
    service: 'API Gateway',
    source: 'https://repost.aws/knowledge-center/api-gateway-internal-server-error',
    verdict: 'same',
    en: {
      title: 'A Lambda proxy integration whose function is throttled',
      aws: 'The function never runs, so there is no proxy response: API Gateway answers 500 {"message":"Internal server error"}.',
    },
    ja: {
      title: '関数がスロットリングされた Lambda プロキシ統合',
      aws: '関数は実行されないのでプロキシのレスポンスがなく、API Gateway は 500 {"message":"Internal server error"} を返します。',
    },
  },
  {
    id: 'esm.throttled-batch-returns',
    service: 'Lambda event source mapping',
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html',
    verdict: 'same',
    en: {
      title: 'An SQS batch the account concurrency throttles',
      aws: 'Lambda backs off and retries; the batch is not deleted, its messages become visible again when their visibility timeout ends and come back with a higher receive count (so throttling alone can show a "duplicate", or send a message to the DLQ).',
    },
    ja: {
      title: 'アカウントの同時実行数でスロットリングされた SQS のバッチ',
      aws: 'Lambda は間隔を空けて再試行します。バッチは削除されず、メッセージは可視性タイムアウトが切れると再び見えるようになり、受信回数が増えて戻ってきます（スロットリングだけで「重複」が見えたり、メッセージが DLQ に移ったりします）。',
    },
  },
] as const satisfies readonly Behaviour[];

/** A behaviour of the catalog by id (throws on a typo, so a test cannot silently lose its record). */
export function throttlingBehaviour(id: (typeof THROTTLING_BEHAVIOURS)[number]['id']): Behaviour {
  const behaviour = THROTTLING_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (behaviour === undefined) throw new Error(`no throttling behaviour ${id}`);
  return behaviour;
}
