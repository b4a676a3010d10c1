/**
 * The tutorial's send form for the console: a field for each body field of `POST /enqueue`
 * (Step 7: lambda/visibility-dup/job.ts; Step 8: lambda/batch-partial/run.ts), with the limits
 * of lib/settings.ts, registered with `startConsole(lab, { sendForm: TUTORIAL_SEND_FORM })`.
 */
import type { SendForm } from '@sqs-lab/lab';
import { BATCH_PARTIAL, SQS_MAX_DELAY_SECONDS, VISIBILITY_DUP } from '../lib/settings';

/** Both stacks' fields, Step 7's first. */
export const TUTORIAL_SEND_FORM: SendForm = {
  route: 'enqueue',
  body: '{"id":"msg-1","sleep":8}',
  stacks: [
    {
      stackName: 'VisibilityDupStack',
      fields: [
        {
          name: 'id',
          input: 'text',
          value: 'msg-1',
          hint: { en: 'idempotency key, in every log line', ja: '冪等性キー。すべてのログ行に出る' },
        },
        {
          name: 'sleep',
          input: 'number',
          value: 8,
          min: 0,
          max: VISIBILITY_DUP.maxSleepSeconds,
          step: 'any',
          hint: { en: 'seconds of work', ja: '処理にかかる秒数' },
        },
        {
          name: 'heartbeat',
          input: 'checkbox',
          value: true,
          hint: { en: 'extend the visibility timeout while working', ja: '処理中に可視性タイムアウトを延長する' },
        },
        {
          name: 'failHeartbeat',
          input: 'checkbox',
          hint: { en: 'every extension fails', ja: '延長が毎回失敗する' },
        },
        {
          name: 'idempotency',
          input: 'checkbox',
          value: true,
          hint: { en: 'the DynamoDB guard against duplicates', ja: '重複を防ぐ DynamoDB のガード' },
        },
        {
          name: 'delaySeconds',
          input: 'number',
          min: 0,
          max: SQS_MAX_DELAY_SECONDS,
          step: 1,
          hint: {
            en: 'message timer, 0 to 900 s (empty: the queue’s delay)',
            ja: 'メッセージタイマー、0〜900 秒 (空欄ならキューの遅延)',
          },
        },
        {
          name: 'sendTwice',
          input: 'checkbox',
          hint: {
            en: 'the producer sends the job twice, as a retry would',
            ja: 'リトライしたときのように、プロデューサーがジョブを 2 回送る',
          },
        },
      ],
    },
    {
      stackName: 'BatchPartialStack',
      fields: [
        {
          name: 'count',
          input: 'number',
          value: 10,
          min: 1,
          max: BATCH_PARTIAL.maxCount,
          step: 1,
          hint: { en: 'messages in the run', ja: '送るメッセージの数' },
        },
        {
          name: 'failEvery',
          input: 'number',
          value: 3,
          min: 0,
          max: BATCH_PARTIAL.maxCount,
          step: 1,
          hint: { en: 'every n-th message fails (0: none)', ja: 'n 件ごとに失敗させる (0 なら失敗なし)' },
        },
      ],
    },
  ],
};
