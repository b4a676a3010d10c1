/**
 * Lambda's SQS event source mapping, behaviour by behaviour: what AWS does (from the Lambda
 * guide and from responses LocalStack recorded against real AWS) and whether the lab does the
 * same. esm.test.ts asserts each one on the lab.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const GUIDE = 'https://docs.aws.amazon.com/lambda/latest/dg';
const RECORDED =
  'localstack/localstack tests/aws/services/lambda_/event_source_mapping/test_lambda_integration_sqs.snapshot.json';
const service = 'Lambda event source mapping' as const;

/** Every ESM behaviour, by stable id. */
export const ESM_BEHAVIOURS = [
  {
    id: 'esm.record.shape',
    service,
    source: `${RECORDED}#test_message_body_and_attributes_passed_correctly`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'The SQS record Lambda builds',
      aws: 'Each record has messageId, receiptHandle, body, attributes (ApproximateReceiveCount, SentTimestamp, SenderId, ApproximateFirstReceiveTimestamp), messageAttributes with camel-cased keys and base64 binaries, md5OfBody, eventSource "aws:sqs", eventSourceARN and awsRegion.',
    },
    ja: {
      title: 'Lambda が組み立てる SQS レコード',
      aws: '各レコードには messageId、receiptHandle、body、attributes（ApproximateReceiveCount、SentTimestamp、SenderId、ApproximateFirstReceiveTimestamp）、キーがキャメルケースでバイナリが base64 の messageAttributes、md5OfBody、eventSource "aws:sqs"、eventSourceARN、awsRegion が入ります。',
    },
  },
  {
    id: 'esm.batch.fewer-than-batch-size',
    service,
    source: 'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html',
    verdict: 'same',
    en: {
      title: 'A batch may hold fewer records than BatchSize',
      aws: 'ReceiveMessage may return fewer messages than requested even when more are waiting, so ten messages sent together can reach the function in several smaller batches.',
    },
    ja: {
      title: 'バッチのレコード数は BatchSize より少ないことがある',
      aws: 'ReceiveMessage は、キューにもっとメッセージがあっても要求より少ない数を返すことがあります。そのため、まとめて送った 10 件が、より小さい複数のバッチに分かれて関数に届くことがあります。',
    },
  },
  {
    id: 'esm.success.deletes-batch',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html`,
    verdict: 'same',
    en: {
      title: 'A successful invocation deletes the whole batch',
      aws: 'When the function returns normally, the mapping deletes every message of the batch.',
    },
    ja: {
      title: '呼び出しが成功するとバッチ全体が削除される',
      aws: '関数が正常に戻ると、マッピングはバッチ内のすべてのメッセージを削除します。',
    },
  },
  {
    id: 'esm.error.batch-returns',
    service,
    source: `${RECORDED}#test_failing_lambda_retries_after_visibility_timeout`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A function error returns the batch after the visibility timeout',
      aws: 'Nothing is deleted; the message is invoked again once the queue’s visibility timeout has passed, and deleted after the retry succeeds.',
    },
    ja: {
      title: '関数のエラーではバッチが可視性タイムアウト後に戻る',
      aws: '何も削除されません。キューの可視性タイムアウトが過ぎるとメッセージで再び呼び出され、再試行が成功すると削除されます。',
    },
  },
  {
    id: 'esm.timeout.batch-returns',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html`,
    verdict: 'same',
    en: {
      title: 'A function timeout deletes nothing',
      aws: 'An invocation that times out counts as a failed invocation: every message of the batch becomes visible again.',
    },
    ja: {
      title: '関数のタイムアウトでは何も削除されない',
      aws: 'タイムアウトした呼び出しは失敗として扱われ、バッチのすべてのメッセージが再び可視になります。',
    },
  },
  {
    id: 'esm.partial.listed-stay',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html#services-sqs-batchfailurereporting`,
    verdict: 'same',
    en: {
      title: 'With ReportBatchItemFailures only the listed records stay',
      aws: 'The mapping deletes every record not listed in batchItemFailures; the listed ones come back after the visibility timeout.',
    },
    ja: {
      title: 'ReportBatchItemFailures では列挙したレコードだけが残る',
      aws: 'マッピングは batchItemFailures に列挙されていないレコードをすべて削除し、列挙したものは可視性タイムアウト後に戻ってきます。',
    },
  },
  {
    id: 'esm.partial.empty-response-succeeds',
    service,
    source: `${RECORDED}#test_report_batch_item_failures_empty_json_batch_succeeds`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'An empty response ({}) with ReportBatchItemFailures is a success',
      aws: 'The batch is deleted; nothing reaches the dead-letter queue.',
    },
    ja: {
      title: 'ReportBatchItemFailures で空の応答（{}）は成功',
      aws: 'バッチは削除され、デッドレターキューには何も届きません。',
    },
  },
  {
    id: 'esm.partial.invalid-entry-fails-batch',
    service,
    source: `${RECORDED}#test_report_batch_item_failures_invalid_result_json_batch_fails`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'An entry without itemIdentifier fails the whole batch',
      aws: '{"batchItemFailures":[{"foo":"notvalid"}]} makes Lambda treat the whole batch as failed: the message is invoked again and, after maxReceiveCount receives, moved to the DLQ.',
    },
    ja: {
      title: 'itemIdentifier のないエントリはバッチ全体を失敗にする',
      aws: '{"batchItemFailures":[{"foo":"notvalid"}]} を返すと、Lambda はバッチ全体を失敗とみなします。メッセージは再び呼び出され、maxReceiveCount 回受信された後 DLQ に移ります。',
    },
  },
  {
    id: 'esm.partial.unknown-identifier-fails-batch',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html#services-sqs-batchfailurereporting`,
    verdict: 'same',
    en: {
      title: 'An identifier that is empty or not in the batch fails the whole batch',
      aws: 'A null or empty itemIdentifier, or one that names no message of the batch, makes Lambda treat the whole batch as failed.',
    },
    ja: {
      title: '空の、またはバッチにない識別子はバッチ全体を失敗にする',
      aws: 'itemIdentifier が null や空、あるいはバッチのどのメッセージも指さない場合、Lambda はバッチ全体を失敗とみなします。',
    },
  },
  {
    id: 'esm.partial.error-fails-batch',
    service,
    source: `${RECORDED}#test_report_batch_item_failures_on_lambda_error`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A thrown error fails the whole batch even with ReportBatchItemFailures',
      aws: 'If the function throws, the whole batch counts as failed; nothing is deleted.',
    },
    ja: {
      title: 'ReportBatchItemFailures でも例外はバッチ全体を失敗にする',
      aws: '関数が例外を投げると、バッチ全体が失敗とみなされ、何も削除されません。',
    },
  },
  {
    id: 'esm.redrive.max-receive-count',
    service,
    source: `${RECORDED}#test_redrive_policy_with_failing_lambda`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A message that keeps failing reaches the DLQ after maxReceiveCount receives',
      aws: 'SQS moves the message to the dead-letter queue once it has been received maxReceiveCount times without being deleted; the function saw it that many times.',
    },
    ja: {
      title: '失敗し続けるメッセージは maxReceiveCount 回の受信後に DLQ へ',
      aws: '削除されないまま maxReceiveCount 回受信されると、SQS はメッセージをデッドレターキューに移します。関数はその回数だけメッセージを受け取っています。',
    },
  },
  {
    id: 'esm.create.visibility-timeout-check',
    service,
    source: `${GUIDE}/services-sqs-configure.html`,
    verdict: 'same',
    en: {
      title: 'Create is refused when the queue’s visibility timeout is below the function timeout',
      aws: 'InvalidParameterValueException: Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds.',
    },
    ja: {
      title: 'キューの可視性タイムアウトが関数タイムアウトより短いと作成は拒否される',
      aws: 'InvalidParameterValueException: Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds が返ります。',
    },
  },
  {
    id: 'esm.update.visibility-timeout-check',
    service,
    source: `${GUIDE}/services-sqs-configure.html`,
    verdict: 'same',
    en: {
      title: 'Update is checked too, against the queue’s timeout at that moment',
      aws: 'UpdateEventSourceMapping makes the same check with the visibility timeout the queue has when the update is made; a mapping created while the queue was longer is refused once it is lowered.',
    },
    ja: {
      title: '更新時も、その時点のキューのタイムアウトで検査される',
      aws: 'UpdateEventSourceMapping も、更新時点のキューの可視性タイムアウトで同じ検査をします。キューが長いうちに作ったマッピングでも、キューを短くした後の更新は拒否されます。',
    },
  },
  {
    id: 'esm.batch-size.window-required',
    service,
    source: `${RECORDED}#test_event_source_mapping_default_batch_size`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'BatchSize above 10 needs a batching window, on create and on update',
      aws: 'InvalidParameterValueException: Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10.',
    },
    ja: {
      title: 'BatchSize が 10 を超えるにはバッチウィンドウが必要（作成時も更新時も）',
      aws: 'InvalidParameterValueException: Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10 が返ります。',
    },
  },
  {
    id: 'esm.scaling.starts-with-five',
    service,
    source: `${GUIDE}/services-sqs-scaling.html`,
    verdict: 'same',
    en: {
      title: 'Processing starts with five concurrent batches',
      aws: 'When messages are available, Lambda starts processing five batches at a time with five concurrent invocations.',
    },
    ja: {
      title: '処理は 5 つの同時バッチから始まる',
      aws: 'メッセージがあると、Lambda は 5 つの同時呼び出しで一度に 5 バッチの処理を始めます。',
    },
  },
  {
    id: 'esm.scaling.scales-up-to-cap',
    service,
    source: `${GUIDE}/services-sqs-scaling.html`,
    verdict: 'different',
    en: {
      title: 'While messages keep coming, concurrency scales up',
      aws: 'Lambda adds up to 300 concurrent batches a minute, to at most 1,000 per mapping.',
      lab: 'The lab adds one concurrent batch every 200 ms (300 a minute) while every poller is busy, but stops at its cap of 10 concurrent batches per mapping.',
      why: 'Each batch in flight is a worker thread on a laptop; the cap is LAB_MAX_CONCURRENT_BATCHES.',
    },
    ja: {
      title: 'メッセージが来続ける間、同時実行数は増える',
      aws: 'Lambda は 1 分あたり最大 300 ずつ同時バッチを増やし、マッピングあたり最大 1,000 まで増やします。',
      lab: 'ラボは、すべてのポーラーが処理中の間 200 ms ごとに 1 つ（1 分あたり 300）増やしますが、マッピングあたり 10 の同時バッチで止まります。',
      why: '処理中のバッチはそれぞれノート PC 上のワーカースレッドだからです。上限は LAB_MAX_CONCURRENT_BATCHES です。',
    },
  },
  {
    id: 'esm.scaling.maximum-concurrency',
    service,
    source: `${GUIDE}/services-sqs-scaling.html#events-sqs-max-concurrency`,
    verdict: 'same',
    en: {
      title: 'ScalingConfig.MaximumConcurrency caps concurrent invocations',
      aws: 'With MaximumConcurrency 2, the mapping never has more than two invocations of the function running at once.',
    },
    ja: {
      title: 'ScalingConfig.MaximumConcurrency が同時呼び出しを制限する',
      aws: 'MaximumConcurrency が 2 なら、マッピングが同時に実行する関数の呼び出しは 2 つまでです。',
    },
  },
  {
    id: 'esm.scaling.maximum-concurrency-range',
    service,
    source:
      'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-lambda-eventsourcemapping-scalingconfig.html',
    verdict: 'same',
    en: {
      title: 'MaximumConcurrency must be from 2 to 1000',
      aws: 'Values outside 2–1000 are refused with a ValidationException.',
    },
    ja: {
      title: 'MaximumConcurrency は 2 から 1000',
      aws: '2〜1000 の範囲外の値は ValidationException で拒否されます。',
    },
  },
  {
    id: 'esm.throttle.batch-returns-to-queue',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html#services-sqs-backoff-strategy`,
    verdict: 'same',
    en: {
      title: 'A batch throttled by reserved concurrency goes back to the queue',
      aws: 'Lambda retries a throttled invocation until the messages’ visibility timeout runs out, then drops the batch: the messages reappear and their receive count rises without the function having run, which is why AWS advises maxReceiveCount of at least 5.',
    },
    ja: {
      title: '予約済み同時実行でスロットリングされたバッチはキューに戻る',
      aws: 'Lambda はスロットリングされた呼び出しをメッセージの可視性タイムアウトが切れるまで再試行し、その後バッチを手放します。メッセージは再び現れ、関数が動かないまま受信回数が増えます。AWS が maxReceiveCount を 5 以上にするよう勧めるのはこのためです。',
    },
  },
  {
    id: 'esm.payload.six-mb',
    service,
    source: 'https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html',
    verdict: 'same',
    en: {
      title: 'No invocation carries more than 6 MB',
      aws: 'Lambda passes the records of a batch in a single call up to the 6 MB payload limit of synchronous invocation; a batch of large messages reaches the function in invocations of at most 6 MB.',
    },
    ja: {
      title: '1 回の呼び出しは 6 MB を超えない',
      aws: 'Lambda はバッチのレコードを、同期呼び出しのペイロード上限 6 MB までで 1 回の呼び出しに渡します。大きなメッセージのバッチは、6 MB 以下の呼び出しに分かれて関数に届きます。',
    },
  },
  {
    id: 'esm.partial.ignored-without-report',
    service,
    source: `${GUIDE}/services-sqs-errorhandling.html#services-sqs-batchfailurereporting`,
    verdict: 'same',
    en: {
      title: 'Without ReportBatchItemFailures a returned batchItemFailures list is ignored',
      aws: 'The invocation succeeded, so the whole batch is deleted, listed records included. (The lab also writes a note in the function’s log stream.)',
    },
    ja: {
      title: 'ReportBatchItemFailures がなければ batchItemFailures は無視される',
      aws: '呼び出しは成功なので、列挙したレコードも含めバッチ全体が削除されます（ラボは関数のログストリームに注記も書きます）。',
    },
  },
] as const satisfies readonly Behaviour[];
