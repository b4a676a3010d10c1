/**
 * The SQS part of the conformance catalog: what SQS does, where AWS says or showed it, and
 * whether the lab (fauxqs 2.4.1 behind the lab's fidelity layer) does the same. The tests
 * beside this file assert each behaviour through the AWS SDK v3 against the lab's emulators.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const TEST_SQS = 'localstack/localstack tests/aws/services/sqs/test_sqs.snapshot.json#';
const TEST_SQS_PY = 'localstack/localstack tests/aws/services/sqs/test_sqs.py::TestSqsProvider::';
const MOVE_TASK = 'localstack/localstack tests/aws/services/sqs/test_sqs_move_task.snapshot.json#';
const API = 'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/';
const GUIDE = 'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/';

/** Every SQS behaviour, keyed by its stable id. */
export const SQS_BEHAVIOURS = [
  // Receipt handles
  {
    id: 'sqs.change-visibility.deleted-message',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_change_visibility_on_deleted_message_raises_invalid_parameter_value (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ChangeMessageVisibility on a deleted message',
      aws: 'InvalidParameterValue: "Value <handle> for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change."',
    },
    ja: {
      title: '削除済みメッセージへの ChangeMessageVisibility',
      aws: 'InvalidParameterValue（「Value <handle> for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.」）を返す。',
    },
  },
  {
    id: 'sqs.change-visibility.malformed-handle',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_invalid_receipt_handle_should_return_error_message (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'ChangeMessageVisibility with a malformed receipt handle', aws: 'ReceiptHandleIsInvalid.' },
    ja: { title: '不正な形式の受信ハンドルでの ChangeMessageVisibility', aws: 'ReceiptHandleIsInvalid を返す。' },
  },
  {
    id: 'sqs.delete.malformed-handle',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_delete_message_with_illegal_receipt_handle (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'DeleteMessage with a malformed receipt handle',
      aws: 'ReceiptHandleIsInvalid: \'The input receipt handle "garbage" is not a valid receipt handle.\'',
    },
    ja: {
      title: '不正な形式の受信ハンドルでの DeleteMessage',
      aws: 'ReceiptHandleIsInvalid（「The input receipt handle "garbage" is not a valid receipt handle.」）を返す。',
    },
  },
  {
    id: 'sqs.delete.deleted-handle-again',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_delete_message_with_deleted_receipt_handle (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'DeleteMessage repeated with the same handle', aws: 'Every repeat succeeds; nothing else happens.' },
    ja: { title: '同じハンドルで DeleteMessage を繰り返す', aws: '何度繰り返しても成功し、それ以上何も起きない。' },
  },
  {
    id: 'sqs.change-visibility.expired-handle',
    service: 'SQS',
    source: `${TEST_SQS}test_change_message_visibility_after_visibility_timeout_expiration[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ChangeMessageVisibility after the timeout ended, message not received again',
      aws: 'Succeeds (200) and changes nothing: the message stays visible and the next receive gets it.',
    },
    ja: {
      title: 'タイムアウト終了後（再受信なし）の ChangeMessageVisibility',
      aws: '成功（200）するが何も変わらない。メッセージは可視のままで、次の受信で取得できる。',
    },
  },
  {
    id: 'sqs.delete.expired-handle-standard',
    service: 'SQS',
    source: `${TEST_SQS}test_delete_after_visibility_timeout[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'DeleteMessage with a handle whose timeout ended (standard queue)',
      aws: 'Deletes the message: the next receive is empty.',
    },
    ja: {
      title: 'タイムアウトが切れたハンドルでの DeleteMessage（標準キュー）',
      aws: 'メッセージは削除され、次の受信は空になる。',
    },
  },
  {
    id: 'sqs.delete.old-handle-count',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_remove_message_with_old_receipt_handle (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ApproximateNumberOfMessages after deleting with an expired handle',
      aws: 'The count is 0 at once: the expired handle deleted the message.',
    },
    ja: {
      title: '期限切れハンドルで削除した後の ApproximateNumberOfMessages',
      aws: 'すぐに 0 になる。期限切れのハンドルでもメッセージは削除される。',
    },
  },
  {
    id: 'sqs.delete.expired-handle-fifo',
    service: 'SQS',
    source: `${TEST_SQS}test_fifo_delete_after_visibility_timeout[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO DeleteMessage with a handle whose timeout ended',
      aws: 'InvalidParameterValue: "… Reason: The receipt handle has expired."',
    },
    ja: {
      title: 'FIFO キューでタイムアウトが切れたハンドルによる DeleteMessage',
      aws: 'InvalidParameterValue（「… Reason: The receipt handle has expired.」）を返す。',
    },
  },
  {
    id: 'sqs.delete.extended-handle-fifo',
    service: 'SQS',
    source: `${TEST_SQS}test_fifo_delete_after_visibility_timeout_extended[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO DeleteMessage after an extension outlived the original timeout',
      aws: 'Deletes the message: the next receive is empty.',
    },
    ja: {
      title: '延長後、元のタイムアウトを過ぎてからの FIFO DeleteMessage',
      aws: 'メッセージは削除され、次の受信は空になる。',
    },
  },
  {
    id: 'sqs.change-visibility.superseded-handle',
    service: 'SQS',
    // The recorded test wins over mapbox/ecs-watchbot#135 (an error seen in production, its
    // cause only guessed; "Message does not exist" fits a deleted message as well). moto's
    // test_change_message_visibility_on_old_message, checked against AWS (getmoto/moto#4655),
    // shows the same.
    source: `${TEST_SQS_PY}test_terminate_visibility_timeout_after_receive (aws.validated); getmoto/moto tests/test_sqs/test_sqs.py::test_change_message_visibility_on_old_message (verified against AWS, getmoto/moto#4655)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ChangeMessageVisibility with the handle of an earlier receive',
      aws: "Once the message was received again and is in flight, the earlier handle still works: the call succeeds and sets the message's visibility (to 0: the next receive gets it at once).",
    },
    ja: {
      title: '以前の受信のハンドルでの ChangeMessageVisibility',
      aws: 'メッセージが再受信されて処理中になった後も、以前のハンドルは使える。呼び出しは成功し、メッセージの可視性が変わる（0 にすると次の受信ですぐに取得できる）。',
    },
  },
  {
    id: 'sqs.delete.superseded-handle',
    service: 'SQS',
    source: `${API}API_DeleteMessage.html`,
    verdict: 'same',
    en: {
      title: 'DeleteMessage with the handle of an earlier receive',
      aws: 'Succeeds, but the message is not deleted: only the most recent handle deletes.',
    },
    ja: {
      title: '以前の受信のハンドルでの DeleteMessage',
      aws: '成功するがメッセージは削除されない。削除できるのは最新のハンドルだけ。',
    },
  },
  {
    id: 'sqs.delete.long-retired-handle',
    service: 'SQS',
    source: `${API}API_DeleteMessage.html`,
    verdict: 'different',
    en: {
      title: 'DeleteMessage with a handle retired more than 10 000 handles ago',
      aws: 'Succeeds, but the message is not deleted: only the most recent handle deletes, however old the earlier one is.',
      lab: 'ReceiptHandleIsInvalid, as for a handle never issued. The fidelity layer remembers the last 10 000 retired handles (a newer retired handle answers as AWS does); the test sets the number to 2.',
      why: 'Remembering every handle ever issued grew the lab by about 600 bytes per message; a bounded book keeps its memory flat. A learner meets an older handle only after 10 000 later receives.',
    },
    ja: {
      title: '1 万個以上前に失効したハンドルでの DeleteMessage',
      aws: '成功するがメッセージは削除されない。どれだけ古くても、削除できるのは最新のハンドルだけ。',
      lab: '発行されたことのないハンドルと同じく ReceiptHandleIsInvalid。忠実度レイヤーは直近 1 万個の失効ハンドルを覚えている（それより新しい失効ハンドルには AWS と同じく答える）。テストではこの数を 2 にする。',
      why: '発行したハンドルをすべて覚えるとラボはメッセージ 1 件あたり約 600 バイト増えた。上限のある記録でメモリを一定に保つ。学習者がそれより古いハンドルに出会うのは、その後 1 万回受信した後だけ。',
    },
  },
  {
    id: 'sqs.change-visibility.twelve-hours',
    service: 'SQS',
    source: `${API}API_ChangeMessageVisibility.html; https://github.com/localstack/localstack/issues/3956`,
    verdict: 'same',
    en: {
      title: 'ChangeMessageVisibility past 12 hours from the receive',
      aws: 'InvalidParameterValue: "… Reason: Total VisibilityTimeout for the message is beyond the limit [43200 seconds]". The test advances the lab clock (a lab-only hook) instead of waiting.',
    },
    ja: {
      title: '受信から 12 時間を超える ChangeMessageVisibility',
      aws: 'InvalidParameterValue（「… Reason: Total VisibilityTimeout for the message is beyond the limit [43200 seconds]」）を返す。テストは待たずにラボの時計（ラボ専用のフック）を進める。',
    },
  },
  {
    id: 'sqs.change-visibility.range',
    service: 'SQS',
    source: `${API}API_ChangeMessageVisibility.html`,
    verdict: 'same',
    en: { title: 'ChangeMessageVisibility above 43200 seconds', aws: 'InvalidParameterValue.' },
    ja: { title: '43200 秒を超える ChangeMessageVisibility', aws: 'InvalidParameterValue を返す。' },
  },
  {
    id: 'sqs.change-visibility-batch.malformed-entry',
    service: 'SQS',
    source: `${API}API_ChangeMessageVisibilityBatch.html`,
    verdict: 'same',
    en: {
      title: 'ChangeMessageVisibilityBatch with one malformed handle',
      aws: 'The entry is listed in Failed with code ReceiptHandleIsInvalid; the other entries succeed.',
    },
    ja: {
      title: '不正なハンドルを 1 つ含む ChangeMessageVisibilityBatch',
      aws: 'そのエントリは Failed に ReceiptHandleIsInvalid として載り、他のエントリは成功する。',
    },
  },
  {
    id: 'sqs.delete-batch.malformed-entry',
    service: 'SQS',
    source: `${API}API_DeleteMessageBatch.html`,
    verdict: 'same',
    en: {
      title: 'DeleteMessageBatch with one malformed handle',
      aws: 'The entry is listed in Failed with code ReceiptHandleIsInvalid; the other entries are deleted.',
    },
    ja: {
      title: '不正なハンドルを 1 つ含む DeleteMessageBatch',
      aws: 'そのエントリは Failed に ReceiptHandleIsInvalid として載り、他のエントリは削除される。',
    },
  },
  {
    id: 'sqs.change-visibility.zero',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_terminate_visibility_timeout_after_receive (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'ChangeMessageVisibility to 0', aws: 'The message is visible at once and the next receive gets it.' },
    ja: { title: 'ChangeMessageVisibility を 0 にする', aws: 'メッセージはすぐ可視になり、次の受信で取得できる。' },
  },
  {
    id: 'sqs.receive.visibility-override',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_receive_message_with_visibility_timeout_updates_timeout (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ReceiveMessage with its own VisibilityTimeout',
      aws: 'A receive with VisibilityTimeout 0 leaves the message visible; one with 3 hides it from the next receive.',
    },
    ja: {
      title: '受信ごとの VisibilityTimeout 指定',
      aws: 'VisibilityTimeout 0 の受信ではメッセージは可視のまま、3 の受信では次の受信から隠れる。',
    },
  },
  {
    id: 'sqs.errors.json-wire-shape',
    service: 'SQS',
    source: `${TEST_SQS}test_fifo_delete_after_visibility_timeout[sqs] (QueryErrorCode)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'An error on the JSON protocol',
      aws: 'Body __type "…#InvalidParameterValueException", header x-amzn-query-error "InvalidParameterValue;Sender"; the SDK v3 shows name and Code InvalidParameterValue.',
    },
    ja: {
      title: 'JSON プロトコルでのエラーの形',
      aws: '本文の __type は「…#InvalidParameterValueException」、x-amzn-query-error ヘッダーは「InvalidParameterValue;Sender」。SDK v3 では name と Code が InvalidParameterValue になる。',
    },
  },
  {
    id: 'sqs.errors.receipt-handle-invalid-status',
    service: 'SQS',
    // The SQS service model (its awsQueryError of ReceiptHandleIsInvalid), as AWS publishes it.
    source: 'https://github.com/aws/api-models-aws/blob/main/models/sqs/service/2012-11-05/sqs-2012-11-05.json',
    verdict: 'same',
    en: {
      title: 'HTTP status of ReceiptHandleIsInvalid',
      aws: '404, with x-amzn-query-error "ReceiptHandleIsInvalid;Sender".',
    },
    ja: {
      title: 'ReceiptHandleIsInvalid の HTTP ステータス',
      aws: '404。x-amzn-query-error は「ReceiptHandleIsInvalid;Sender」。',
    },
  },
  {
    id: 'sqs.errors.non-existent-queue',
    service: 'SQS',
    source: `${TEST_SQS}test_non_existent_queue`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A call on a queue that does not exist',
      aws: 'QueueDoesNotExist, Code AWS.SimpleQueueService.NonExistentQueue, "The specified queue does not exist."',
    },
    ja: {
      title: '存在しないキューへの呼び出し',
      aws: 'QueueDoesNotExist（Code は AWS.SimpleQueueService.NonExistentQueue、「The specified queue does not exist.」）を返す。',
    },
  },
  // Queue state
  {
    id: 'sqs.attributes.not-visible-after-timeout',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_approximate_number_of_messages_not_visible (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'Message counts when a visibility timeout ends, with no receive',
      aws: 'ApproximateNumberOfMessages counts the message again and NotVisible drops, without any receive.',
    },
    ja: {
      title: '受信なしで可視性タイムアウトが終わったときのメッセージ数',
      aws: '受信がなくても ApproximateNumberOfMessages に戻り、NotVisible から減る。',
    },
  },
  {
    id: 'sqs.attributes.fifo-not-visible-after-timeout',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_approximate_number_of_messages_not_visible (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO message counts when a visibility timeout ends, with no receive',
      aws: 'The received message is counted as visible again once its timeout ends.',
    },
    ja: {
      title: 'FIFO キューで受信なしに可視性タイムアウトが終わったときのメッセージ数',
      aws: 'タイムアウトが終わると受信済みメッセージは再び可視として数えられる。',
    },
  },
  {
    id: 'sqs.attributes.delay-ends',
    service: 'SQS',
    source: `${API}API_GetQueueAttributes.html`,
    verdict: 'same',
    en: {
      title: 'Message counts when a delay ends, with no receive',
      aws: 'ApproximateNumberOfMessagesDelayed drops and ApproximateNumberOfMessages rises as the delay ends.',
    },
    ja: {
      title: '受信なしで遅延が終わったときのメッセージ数',
      aws: '遅延が終わると ApproximateNumberOfMessagesDelayed が減り ApproximateNumberOfMessages が増える。',
    },
  },
  {
    id: 'sqs.retention.expires',
    service: 'SQS',
    source: `${GUIDE}sqs-basic-architecture.html; ${API}API_SetQueueAttributes.html (MessageRetentionPeriod)`,
    verdict: 'same',
    en: {
      title: 'MessageRetentionPeriod',
      aws: 'A message older than the retention period is deleted. The test advances the lab clock instead of waiting.',
    },
    ja: {
      title: 'MessageRetentionPeriod（保持期間）',
      aws: '保持期間を過ぎたメッセージは削除される。テストは待たずにラボの時計を進める。',
    },
  },
  {
    id: 'sqs.retention.in-flight',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_message_retention_with_inflight (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'MessageRetentionPeriod for a message in flight', aws: 'It is deleted too, while received.' },
    ja: { title: '受信中（処理中）のメッセージの保持期間', aws: '受信中でも削除される。' },
  },
  {
    id: 'sqs.purge.twice',
    service: 'SQS',
    source: `${TEST_SQS}test_successive_purge_calls_fail[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'PurgeQueue twice within 60 seconds',
      aws: '403 PurgeQueueInProgress: "Only one PurgeQueue operation on <queue-name> is allowed every 60 seconds."',
    },
    ja: {
      title: '60 秒以内に 2 回の PurgeQueue',
      aws: '403 PurgeQueueInProgress（「Only one PurgeQueue operation on <queue-name> is allowed every 60 seconds.」）を返す。',
    },
  },
  {
    id: 'sqs.purge.after-sixty-seconds',
    service: 'SQS',
    source: `${API}API_PurgeQueue.html`,
    verdict: 'same',
    en: {
      title: 'PurgeQueue again after 60 seconds',
      aws: 'Allowed. The test advances the lab clock instead of waiting.',
    },
    ja: { title: '60 秒後の再度の PurgeQueue', aws: '許可される。テストは待たずにラボの時計を進める。' },
  },
  {
    id: 'sqs.purge.fifo-deduplication',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_purge_queue_clears_fifo_deduplication_cache (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'PurgeQueue and FIFO deduplication',
      aws: 'The purge clears deduplication: the same deduplication id is accepted again at once.',
    },
    ja: {
      title: 'PurgeQueue と FIFO の重複排除',
      aws: 'パージで重複排除の記録も消え、同じ重複排除 ID がすぐに再び受け付けられる。',
    },
  },
  {
    id: 'sqs.purge.in-flight',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_purge_queue_deletes_inflight_messages (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'PurgeQueue and messages in flight', aws: 'They are deleted too and never come back.' },
    ja: { title: 'PurgeQueue と受信中のメッセージ', aws: '受信中のメッセージも削除され、戻ってこない。' },
  },
  {
    id: 'sqs.purge.delayed',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_purge_queue_deletes_delayed_messages (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: { title: 'PurgeQueue and delayed messages', aws: 'They are deleted too.' },
    ja: { title: 'PurgeQueue と遅延中のメッセージ', aws: '遅延中のメッセージも削除される。' },
  },
  {
    id: 'sqs.receive.fewer-than-requested',
    service: 'SQS',
    source: `${API}API_ReceiveMessage.html`,
    verdict: 'different',
    en: {
      title: 'ReceiveMessage batch size on a small queue',
      aws: 'May return fewer messages than MaxNumberOfMessages even when more are available (it samples a subset of servers).',
      lab: 'Returns as many as are available, up to MaxNumberOfMessages, every time.',
      why: 'fauxqs is one process with one list per queue; there is no server sampling to imitate. Code must not rely on full batches either way.',
    },
    ja: {
      title: '小さなキューでの ReceiveMessage のバッチサイズ',
      aws: 'メッセージがあっても MaxNumberOfMessages より少なく返すことがある（一部のサーバーだけを調べるため）。',
      lab: '毎回、あるだけ（MaxNumberOfMessages まで）返す。',
      why: 'fauxqs はキューごとに 1 つのリストを持つ単一プロセスで、サーバーの抽出を真似る仕組みがない。どちらにせよ、コードは満杯のバッチを前提にしてはいけない。',
    },
  },
  // Dead-letter queues and move tasks
  {
    id: 'sqs.dlq.source-arn',
    service: 'SQS',
    source: `${TEST_SQS}test_dead_letter_queue_message_attributes`,
    verdict: 'same',
    recorded: true,
    en: { title: 'DeadLetterQueueSourceArn on a dead-lettered message', aws: 'Set to the source queue ARN.' },
    ja: { title: 'DLQ に移ったメッセージの DeadLetterQueueSourceArn', aws: '元のキューの ARN が設定される。' },
  },
  {
    id: 'sqs.dlq.trace-header',
    service: 'SQS',
    source: `${TEST_SQS}test_dead_letter_queue_message_attributes`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'AWSTraceHeader through the dead-letter queue',
      aws: 'The AWSTraceHeader the producer sent is returned, also from the DLQ.',
    },
    ja: { title: 'DLQ を経由した AWSTraceHeader', aws: '送信者が付けた AWSTraceHeader は DLQ からの受信でも返る。' },
  },
  {
    id: 'sqs.dlq.receive-count',
    service: 'SQS',
    source: `${TEST_SQS}test_dead_letter_queue_message_attributes`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ApproximateReceiveCount of a dead-lettered message',
      aws: 'With maxReceiveCount 1, a message received once in the source shows 2 on its first receive from the DLQ: the receive that moved it does not count.',
    },
    ja: {
      title: 'DLQ に移ったメッセージの ApproximateReceiveCount',
      aws: 'maxReceiveCount 1 で元のキューで 1 回受信されたメッセージは、DLQ からの最初の受信で 2 を示す。移動させた受信は数えられない。',
    },
  },
  {
    id: 'sqs.dlq.message-attributes',
    service: 'SQS',
    source: `${TEST_SQS}test_dead_letter_queue_message_attributes`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'Message attributes through the dead-letter queue',
      aws: 'Kept, with the same MD5OfMessageAttributes.',
    },
    ja: { title: 'DLQ を経由したメッセージ属性', aws: '保持され、MD5OfMessageAttributes も同じ。' },
  },
  {
    id: 'sqs.dlq.list-sources',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_dead_letter_queue_list_sources (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ListDeadLetterSourceQueues',
      aws: 'Lists the URLs of the queues whose redrive policy targets the DLQ.',
    },
    ja: { title: 'ListDeadLetterSourceQueues', aws: 'その DLQ を再送ポリシーの宛先にしているキューの URL を返す。' },
  },
  {
    id: 'sqs.move-task.to-destination',
    service: 'SQS',
    source: `${MOVE_TASK}test_basic_move_task_workflow`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'StartMessageMoveTask to a named destination',
      aws: 'The messages arrive in the destination; the task lists as COMPLETED with 2 of 2 moved and its DestinationArn.',
    },
    ja: {
      title: '宛先を指定した StartMessageMoveTask',
      aws: 'メッセージは宛先に届き、タスクは COMPLETED、2 件中 2 件移動、DestinationArn 付きで一覧に出る。',
    },
  },
  {
    id: 'sqs.move-task.to-original-source',
    service: 'SQS',
    source: `${MOVE_TASK}test_move_task_workflow_with_default_destination`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'StartMessageMoveTask without a destination',
      aws: 'Each message returns to the queue it was dead-lettered from; the listed task has no DestinationArn.',
    },
    ja: {
      title: '宛先を指定しない StartMessageMoveTask',
      aws: '各メッセージは元のキューに戻り、一覧のタスクには DestinationArn がない。',
    },
  },
  {
    id: 'sqs.move-task.source-must-be-dlq',
    service: 'SQS',
    source: `${MOVE_TASK}test_source_needs_redrive_policy`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'StartMessageMoveTask from a queue that is no DLQ',
      aws: 'InvalidParameterValue: "Source queue must be configured as a Dead Letter Queue."',
    },
    ja: {
      title: 'DLQ でないキューからの StartMessageMoveTask',
      aws: 'InvalidParameterValue（「Source queue must be configured as a Dead Letter Queue.」）を返す。',
    },
  },
  {
    id: 'sqs.move-task.destination-must-exist',
    service: 'SQS',
    source: `${MOVE_TASK}test_destination_needs_to_exist`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'StartMessageMoveTask to a destination that does not exist',
      aws: '404 ResourceNotFoundException: "The resource that you specified for the DestinationArn parameter doesn\'t exist."',
    },
    ja: {
      title: '存在しない宛先への StartMessageMoveTask',
      aws: "404 ResourceNotFoundException（「The resource that you specified for the DestinationArn parameter doesn't exist.」）を返す。",
    },
  },
  {
    id: 'sqs.move-task.one-per-source',
    service: 'SQS',
    source: `${MOVE_TASK}test_start_multiple_move_tasks`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A second move task while one runs',
      aws: 'InvalidParameterValue: "There is already a task running. Only one active task is allowed for a source queue arn at a given time."',
    },
    ja: {
      title: '実行中に 2 つ目の移動タスク',
      aws: 'InvalidParameterValue（「There is already a task running. Only one active task is allowed for a source queue arn at a given time.」）を返す。',
    },
  },
  {
    id: 'sqs.move-task.rate-and-status',
    service: 'SQS',
    source: `${MOVE_TASK}test_move_task_cancel (list-while)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A running move task with a rate',
      aws: 'Listed as RUNNING with its TaskHandle, MaxNumberOfMessagesPerSecond and the count moved so far.',
    },
    ja: {
      title: '速度を指定した実行中の移動タスク',
      aws: 'RUNNING として TaskHandle、MaxNumberOfMessagesPerSecond、それまでの移動数付きで一覧に出る。',
    },
  },
  {
    id: 'sqs.move-task.cancel',
    service: 'SQS',
    source: `${MOVE_TASK}test_move_task_cancel`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'CancelMessageMoveTask',
      aws: 'Returns the number moved; the task lists as CANCELLED and the rest stays in the DLQ.',
    },
    ja: {
      title: 'CancelMessageMoveTask',
      aws: '移動済みの件数を返す。タスクは CANCELLED となり、残りは DLQ に残る。',
    },
  },
  {
    id: 'sqs.move-task.cancel-invalid-handle',
    service: 'SQS',
    source: `${MOVE_TASK}test_cancel_with_invalid_task_handle`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'CancelMessageMoveTask with a malformed handle',
      aws: 'InvalidParameterValue: "Value for parameter TaskHandle is invalid."',
    },
    ja: {
      title: '不正な形式のハンドルでの CancelMessageMoveTask',
      aws: 'InvalidParameterValue（「Value for parameter TaskHandle is invalid.」）を返す。',
    },
  },
  {
    id: 'sqs.move-task.cancel-unknown-source',
    service: 'SQS',
    source: `${MOVE_TASK}test_cancel_with_invalid_source_arn_in_task_handle`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'CancelMessageMoveTask for a source that does not exist',
      aws: '404 ResourceNotFoundException: "The resource that you specified for the SourceArn parameter doesn\'t exist."',
    },
    ja: {
      title: '存在しないソースの CancelMessageMoveTask',
      aws: "404 ResourceNotFoundException（「The resource that you specified for the SourceArn parameter doesn't exist.」）を返す。",
    },
  },
  {
    id: 'sqs.move-task.cancel-unknown-task',
    service: 'SQS',
    source: `${MOVE_TASK}test_cancel_with_invalid_task_id_in_task_handle`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'CancelMessageMoveTask for a task that does not exist',
      aws: '404 ResourceNotFoundException: "Task does not exist."',
    },
    ja: {
      title: '存在しないタスクの CancelMessageMoveTask',
      aws: '404 ResourceNotFoundException（「Task does not exist.」）を返す。',
    },
  },
  // Validation and receive shape
  {
    id: 'sqs.receive.message-attributes-when-asked',
    service: 'SQS',
    source: `${TEST_SQS}test_receive_message_message_attribute_names_filters[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'MessageAttributes in a receive without MessageAttributeNames',
      aws: 'Neither MessageAttributes nor MD5OfMessageAttributes is returned; with ["All"] both are.',
    },
    ja: {
      title: 'MessageAttributeNames を指定しない受信のメッセージ属性',
      aws: 'MessageAttributes も MD5OfMessageAttributes も返らない。["All"] を指定すると両方返る。',
    },
  },
  {
    id: 'sqs.receive.message-attribute-prefix',
    service: 'SQS',
    source: `${TEST_SQS}test_receive_message_message_attribute_names_filters[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'MessageAttributeNames with a prefix filter',
      aws: '"Help.*" returns only the attributes starting with "Help.".',
    },
    ja: { title: '接頭辞での MessageAttributeNames の絞り込み', aws: '「Help.*」は「Help.」で始まる属性だけを返す。' },
  },
  {
    id: 'sqs.batch.too-many-entries',
    service: 'SQS',
    source: `${TEST_SQS}test_too_many_entries_in_batch_request[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A batch of 20 entries',
      aws: 'TooManyEntriesInBatchRequest: "Maximum number of entries per request are 10. You have sent 20."',
    },
    ja: {
      title: '20 エントリのバッチ',
      aws: 'TooManyEntriesInBatchRequest（「Maximum number of entries per request are 10. You have sent 20.」）を返す。',
    },
  },
  {
    id: 'sqs.batch.invalid-entry-id',
    service: 'SQS',
    source: `${TEST_SQS}test_delete_message_batch_invalid_msg_id[sqs-invalid:id]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A batch entry id with a colon, or longer than 80',
      aws: 'InvalidBatchEntryId: "A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long."',
    },
    ja: {
      title: 'コロンを含む、または 80 文字を超えるバッチエントリ ID',
      aws: 'InvalidBatchEntryId（「A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.」）を返す。',
    },
  },
  {
    id: 'sqs.batch.empty',
    service: 'SQS',
    source: `${API}API_SendMessageBatch.html (EmptyBatchRequest)`,
    verdict: 'same',
    en: { title: 'A batch with no entries', aws: 'EmptyBatchRequest.' },
    ja: { title: 'エントリのないバッチ', aws: 'EmptyBatchRequest を返す。' },
  },
  {
    id: 'sqs.batch.ids-not-distinct',
    service: 'SQS',
    source: `${API}API_SendMessageBatch.html (BatchEntryIdsNotDistinct)`,
    verdict: 'same',
    en: { title: 'A batch with the same entry id twice', aws: 'BatchEntryIdsNotDistinct.' },
    ja: { title: '同じエントリ ID が 2 回あるバッチ', aws: 'BatchEntryIdsNotDistinct を返す。' },
  },
  {
    id: 'sqs.fifo.batch-missing-deduplication-id',
    service: 'SQS',
    source: `${TEST_SQS}test_send_batch_missing_deduplication_id_for_fifo_queue[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO SendMessageBatch with one entry lacking its deduplication id',
      aws: 'The whole request is refused (400 InvalidParameterValue); no entry is sent.',
    },
    ja: {
      title: '重複排除 ID のないエントリを含む FIFO の SendMessageBatch',
      aws: 'リクエスト全体が拒否され（400 InvalidParameterValue）、どのエントリも送信されない。',
    },
  },
  {
    id: 'sqs.fifo.batch-missing-group-id',
    service: 'SQS',
    source: `${TEST_SQS}test_send_batch_missing_message_group_id_for_fifo_queue[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO SendMessageBatch with one entry lacking its group id',
      aws: 'The whole request is refused: InvalidParameterValue, "The request must contain the parameter MessageGroupId."',
    },
    ja: {
      title: 'メッセージグループ ID のないエントリを含む FIFO の SendMessageBatch',
      aws: 'リクエスト全体が拒否される（InvalidParameterValue、「The request must contain the parameter MessageGroupId.」）。',
    },
  },
  {
    id: 'sqs.fifo.receive-group-in-order',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_receive_message_group_id_ordering (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO receive of several messages of one group',
      aws: "One receive returns g1-m1, g1-m2, g1-m3, then g2-m1: a group's messages together, in order.",
    },
    ja: {
      title: '1 つのグループの複数メッセージの FIFO 受信',
      aws: '1 回の受信で g1-m1、g1-m2、g1-m3、続いて g2-m1 を返す。グループのメッセージはまとめて順番どおり。',
    },
  },
  {
    id: 'sqs.fifo.receive-fills-one-group-first',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_receive_message_visibility_timeout_shared_in_group (aws.validated); ${GUIDE}FIFO-queues-understanding-logic.html ("as many messages with the same message group ID as possible")`,
    verdict: 'same',
    recorded: true,
    en: {
      title: "FIFO receive of fewer messages than one group's backlog",
      aws: 'With g1-m1…g1-m4, then g2-m1 and g3-m1 queued, a receive of 2 returns g1-m1 and g1-m2 (not one message per group); the next receive of 1 returns g2-m1, since group 1 is in flight. Once the timeout ends, all six come back, each group in order.',
    },
    ja: {
      title: '1 つのグループの滞留より少ない件数の FIFO 受信',
      aws: 'g1-m1〜g1-m4、続いて g2-m1 と g3-m1 が入っているとき、2 件の受信は g1-m1 と g1-m2 を返す（グループごとに 1 件ではない）。グループ 1 は処理中なので、次の 1 件の受信は g2-m1 を返す。タイムアウトが終わると 6 件すべてが戻り、各グループは順番どおり。',
    },
  },
  {
    id: 'sqs.fifo.receive-fills-group-then-next',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_receive_message_with_zero_visibility_timeout (aws.validated); ${GUIDE}FIFO-queues-understanding-logic.html`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO receive of 3 from groups of 2, 2 and 1 (VisibilityTimeout 0)',
      aws: 'g1-m1, g1-m2, then g2-m1: the first group whole, then the next group fills the rest.',
    },
    ja: {
      title: '2 件・2 件・1 件のグループからの 3 件の FIFO 受信（VisibilityTimeout 0）',
      aws: 'g1-m1、g1-m2、続いて g2-m1。最初のグループを全部、残りを次のグループで埋める。',
    },
  },
  // Fair queues: MessageGroupId on a standard queue
  {
    id: 'sqs.fair.message-group-id-on-receive',
    service: 'SQS',
    source: `${TEST_SQS}test_fair_queue_with_message_group_id[sqs]; ${GUIDE}sqs-fair-queues.html; ${API}API_SendMessage.html (MessageGroupId)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'SendMessage with a MessageGroupId to a standard queue (a fair queue)',
      aws: 'Accepted (MessageId and MD5OfMessageBody, no SequenceNumber); a receive with AttributeNames All returns the MessageGroupId with SenderId, SentTimestamp, ApproximateReceiveCount and ApproximateFirstReceiveTimestamp, also when the receive was already waiting (long poll) when the message arrived.',
    },
    ja: {
      title: '標準キュー（公平キュー）への MessageGroupId 付きの SendMessage',
      aws: '受け付けられる（MessageId と MD5OfMessageBody を返し、SequenceNumber はない）。AttributeNames All の受信は SenderId、SentTimestamp、ApproximateReceiveCount、ApproximateFirstReceiveTimestamp とともに MessageGroupId を返す。メッセージが届いたとき受信がすでに待っていた（ロングポーリング）場合も同じ。',
    },
  },
  {
    id: 'sqs.fair.batch-message-group-id',
    service: 'SQS',
    // "A fair queue can contain a mix of messages with and without a MessageGroupId"; the batch
    // entry takes MessageGroupId on standard queues too (API_SendMessageBatchRequestEntry.html).
    source: `${GUIDE}sqs-fair-queues-detailed.html`,
    verdict: 'same',
    en: {
      title: 'SendMessageBatch to a standard queue, some entries with a MessageGroupId',
      aws: 'Every entry is sent (no entry needs one, unlike on a FIFO queue); each message is received with its own MessageGroupId, the others with none.',
    },
    ja: {
      title: '一部のエントリに MessageGroupId を付けた、標準キューへの SendMessageBatch',
      aws: 'すべてのエントリが送信される（FIFO キューと違い、付けなくてもよい）。各メッセージは自分の MessageGroupId 付きで受信され、付けなかったものには付かない。',
    },
  },
  {
    id: 'sqs.fair.noisy-tenant-priority',
    service: 'SQS',
    source: `${GUIDE}sqs-fair-queues-detailed.html`,
    verdict: 'different',
    en: {
      title: 'A fair queue with one tenant holding most messages in flight',
      aws: "Once a tenant holds more than 10 % of the messages in flight and at least 30 of its own, SQS delivers the other (quiet) tenants' messages first, until the noisy tenant's share drops.",
      lab: "Delivers in send order whatever the tenant: with 40 of tenant A in flight, the receives return A's remaining messages before tenant B's one message sent after them.",
      why: "The tenant's share is measured across SQS's servers over time, with approximate thresholds; fauxqs keeps one list per queue. The lab keeps and returns the MessageGroupId, so code written for fair queues runs unchanged; only the dwell-time relief is not shown.",
    },
    ja: {
      title: '1 つのテナントが処理中メッセージの大半を占める公平キュー',
      aws: 'あるテナントが処理中メッセージの 10 % を超え、かつ自分のメッセージを 30 件以上処理中にすると、SQS はほかの（静かな）テナントのメッセージを先に届ける。ノイズの多いテナントの割合が下がるまで続く。',
      lab: 'テナントに関係なく送信順に届ける。テナント A の 40 件が処理中でも、受信はその後に送られたテナント B の 1 件より先に A の残りを返す。',
      why: 'テナントの割合は SQS のサーバー群で時間をかけて測られ、しきい値も概算。fauxqs はキューごとに 1 つのリストを持つだけ。ラボは MessageGroupId を保持して返すので公平キュー向けのコードはそのまま動くが、滞留時間の緩和は再現しない。',
    },
  },
  // FIFO deduplication (the fifo-dedup experiment relies on these)
  {
    id: 'sqs.fifo.dedup-content-based',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_content_based_message_deduplication_arrives_once (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO content-based deduplication: the same body sent twice',
      aws: 'Both sends succeed; the message is received once and the next receive is empty.',
    },
    ja: {
      title: 'FIFO の内容ベース重複排除: 同じ本文を 2 回送信',
      aws: '送信は 2 回とも成功する。メッセージは 1 回だけ受信され、次の受信は空。',
    },
  },
  {
    id: 'sqs.fifo.dedup-after-delete',
    service: 'SQS',
    source: `${TEST_SQS}test_fifo_deduplication_arrives_once_after_delete[sqs-False] and [sqs-True]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO: the same deduplication id sent again after the message was received and deleted',
      aws: 'Not delivered again (with MessageDeduplicationId or content-based): SQS keeps tracking the id after the delete.',
    },
    ja: {
      title: 'FIFO: 受信・削除した後に同じ重複排除 ID を再送信',
      aws: '再び配信されることはない（MessageDeduplicationId 指定でも内容ベースでも）。SQS は削除後も ID を追跡し続ける。',
    },
  },
  {
    id: 'sqs.fifo.dedup-queue-scope',
    service: 'SQS',
    source: `${TEST_SQS}test_sqs_fifo_same_dedup_id_different_message_groups[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO: the same deduplication id in another message group (DeduplicationScope queue, the default)',
      aws: 'Deduplicated: the second send is not delivered.',
    },
    ja: {
      title: 'FIFO: 別のメッセージグループで同じ重複排除 ID（DeduplicationScope が既定の queue）',
      aws: '重複として排除され、2 回目の送信は配信されない。',
    },
  },
  {
    id: 'sqs.fifo.dedup-message-group-scope',
    service: 'SQS',
    source: `${TEST_SQS}test_sqs_fifo_message_group_scope_no_throughput_setting[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO: the same body in another message group with DeduplicationScope messageGroup',
      aws: 'Delivered as a new message (new MessageId): deduplication is per group.',
    },
    ja: {
      title: 'FIFO: DeduplicationScope が messageGroup のとき、別グループで同じ本文',
      aws: '新しいメッセージ（新しい MessageId）として配信される。重複排除はグループごと。',
    },
  },
  {
    id: 'sqs.fifo.dedup-interval',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_deduplication_interval (aws.validated; skipped in LocalStack's CI because it sleeps 6 minutes), ${GUIDE}FIFO-key-terms.html`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO: the 5-minute deduplication interval',
      aws: 'A second send with the same id seconds later is not delivered; the same id sent 6 minutes later is delivered as a new message. (The lab moves its SQS clock forward instead of waiting.)',
    },
    ja: {
      title: 'FIFO: 5 分間の重複排除間隔',
      aws: '数秒後に同じ ID で送った 2 通目は配信されない。6 分後に同じ ID で送ると新しいメッセージとして配信される（ラボは待つ代わりに SQS の時計を進める）。',
    },
  },
  {
    id: 'sqs.fifo.received-again-after-timeout',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_messages_in_order_after_timeout (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'FIFO: messages received and not deleted within the visibility timeout',
      aws: 'Received again after the timeout, the same messages in the same order: deduplication applies to sends, not to receives.',
    },
    ja: {
      title: 'FIFO: 受信後、可視性タイムアウト内に削除されなかったメッセージ',
      aws: 'タイムアウト後に同じメッセージが同じ順序で再び受信される。重複排除が働くのは送信であって受信ではない。',
    },
  },
  {
    id: 'sqs.attributes.fifo-only-on-create',
    service: 'SQS',
    source: `${TEST_SQS}test_create_standard_queue_with_fifo_attribute_raises_error[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'CreateQueue of a standard queue with FIFO-only attributes',
      aws: 'InvalidAttributeName: "Unknown Attribute FifoQueue." / "…ContentBasedDeduplication." / "You can specify the DeduplicationScope only when FifoQueue is set to true."',
    },
    ja: {
      title: 'FIFO 専用属性を付けた標準キューの CreateQueue',
      aws: 'InvalidAttributeName（「Unknown Attribute FifoQueue.」など。DeduplicationScope と FifoThroughputLimit は「You can specify the … only when FifoQueue is set to true.」）を返す。',
    },
  },
  {
    id: 'sqs.attributes.fifo-only-on-set',
    service: 'SQS',
    source: `${TEST_SQS}test_set_unsupported_attribute_standard[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'SetQueueAttributes FifoQueue on a standard queue',
      aws: 'InvalidAttributeName: "Unknown Attribute FifoQueue."',
    },
    ja: {
      title: '標準キューへの SetQueueAttributes FifoQueue',
      aws: 'InvalidAttributeName（「Unknown Attribute FifoQueue.」）を返す。',
    },
  },
  {
    id: 'sqs.attributes.fifo-type-fixed',
    service: 'SQS',
    source: `${TEST_SQS}test_set_unsupported_attribute_fifo[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'SetQueueAttributes FifoQueue=false on a FIFO queue',
      aws: 'InvalidAttributeValue: "Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported."',
    },
    ja: {
      title: 'FIFO キューへの SetQueueAttributes FifoQueue=false',
      aws: 'InvalidAttributeValue（「Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported.」）を返す。',
    },
  },
  {
    id: 'sqs.standard.message-group-id-rules',
    service: 'SQS',
    source: `${TEST_SQS}test_send_message_to_standard_queue_with_invalid_message_group_id[spaces]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'MessageGroupId on a standard queue: empty, too long or with spaces',
      aws: 'InvalidParameterValue: "Value <id> for parameter MessageGroupId is invalid. Reason: MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length."',
    },
    ja: {
      title: '標準キューの MessageGroupId（空、長すぎる、空白を含む）',
      aws: 'InvalidParameterValue（「… MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length.」）を返す。',
    },
  },
  {
    id: 'sqs.fifo.deduplication-id-rules',
    service: 'SQS',
    source: `${TEST_SQS}test_message_deduplication_id_invalid[spaces]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'MessageDeduplicationId empty, too long or with spaces',
      aws: 'InvalidParameterValue: "… MessageDeduplicationId can only include alphanumeric and punctuation characters. 1 to 128 in length."',
    },
    ja: {
      title: 'MessageDeduplicationId（空、長すぎる、空白を含む）',
      aws: 'InvalidParameterValue（「… MessageDeduplicationId can only include alphanumeric and punctuation characters. 1 to 128 in length.」）を返す。',
    },
  },
  {
    id: 'sqs.fifo.per-message-delay',
    service: 'SQS',
    source: `${TEST_SQS}test_fifo_queue_send_message_with_delay_seconds_fails[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'DelaySeconds on a FIFO SendMessage',
      aws: 'InvalidParameterValue: "Value 2 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type."',
    },
    ja: {
      title: 'FIFO の SendMessage での DelaySeconds',
      aws: 'InvalidParameterValue（「Value 2 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.」）を返す。',
    },
  },
  {
    id: 'sqs.fifo.zero-delay-takes-queue-delay',
    service: 'SQS',
    source: `${TEST_SQS_PY}test_fifo_queue_send_message_with_zero_delay_defaults_to_queue_delay (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'DelaySeconds 0 on a FIFO SendMessage to a delay queue',
      aws: "Accepted, and the queue's delay still applies: the message is delayed.",
    },
    ja: {
      title: '遅延キューである FIFO キューへの DelaySeconds 0 の SendMessage',
      aws: '受け付けられ、キューの遅延がそのまま適用される(メッセージは遅延する)。',
    },
  },
  {
    id: 'sqs.send.delay-range',
    service: 'SQS',
    source: `${API}API_SendMessage.html (DelaySeconds: 0 to 900); the error as AWS answered it: https://github.com/aws-samples/amazon-sqs-dlq-replay-backoff/issues/8`,
    verdict: 'same',
    en: {
      title: 'SendMessage with DelaySeconds 901 or -1',
      aws: 'InvalidParameterValue: "Value 901 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900."',
    },
    ja: {
      title: 'DelaySeconds 901 または -1 の SendMessage',
      aws: 'InvalidParameterValue(「Value 901 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.」)を返す。',
    },
  },
  {
    id: 'sqs.send-batch.delay-range',
    service: 'SQS',
    source: `${API}API_SendMessageBatchRequestEntry.html (DelaySeconds: 0 to 900); the entry's failure as AWS answered it: https://github.com/aws/aws-sdk-ruby/pull/265`,
    verdict: 'same',
    en: {
      title: 'SendMessageBatch with one entry whose DelaySeconds is 1800',
      aws: 'The other entries are sent; that entry is in Failed with SenderFault true, InvalidParameterValue and "Value 1800 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900."',
    },
    ja: {
      title: 'DelaySeconds 1800 のエントリを 1 つ含む SendMessageBatch',
      aws: 'ほかのエントリは送られ、そのエントリだけが Failed に入る(SenderFault true、InvalidParameterValue、「Value 1800 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.」)。',
    },
  },
  {
    id: 'sqs.send.message-timer-overrides-queue-delay',
    service: 'SQS',
    source: `${GUIDE}sqs-message-timers.html`,
    verdict: 'same',
    en: {
      title: 'A message timer on a standard delay queue',
      aws: "The message's DelaySeconds overrides the queue's: with 0 it can be received at once, with 1 after a second, while the queue delays the others by 30 s.",
    },
    ja: {
      title: '標準の遅延キューでのメッセージタイマー',
      aws: 'メッセージの DelaySeconds がキューの値より優先される。0 ならすぐに、1 なら 1 秒後に受信できる。ほかのメッセージはキューの 30 秒だけ遅れる。',
    },
  },
  {
    id: 'sqs.receive.max-number-range',
    service: 'SQS',
    source: `${TEST_SQS}test_send_receive_max_number_of_messages[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ReceiveMessage with MaxNumberOfMessages 11',
      aws: 'InvalidParameterValue: "Value 11 for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided."',
    },
    ja: {
      title: 'MaxNumberOfMessages 11 での ReceiveMessage',
      aws: 'InvalidParameterValue（「Value 11 for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.」）を返す。',
    },
  },
  {
    id: 'sqs.receive.wait-time-range',
    service: 'SQS',
    source: `${TEST_SQS}test_send_receive_wait_time_seconds[sqs]`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'ReceiveMessage with WaitTimeSeconds 21',
      aws: 'InvalidParameterValue: "Value 21 for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided."',
    },
    ja: {
      title: 'WaitTimeSeconds 21 での ReceiveMessage',
      aws: 'InvalidParameterValue（「Value 21 for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.」）を返す。',
    },
  },
  {
    id: 'sqs.send.supplementary-characters',
    service: 'SQS',
    source: `${API}API_SendMessage.html`,
    verdict: 'same',
    en: { title: 'A message body with emoji (characters above U+FFFF)', aws: 'Accepted and returned unchanged.' },
    ja: { title: '絵文字（U+FFFF を超える文字）を含む本文', aws: '受け付けられ、そのまま返る。' },
  },
  {
    id: 'sqs.protocol.query',
    service: 'SQS',
    source:
      'https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-xml.html',
    verdict: 'same',
    en: {
      title: 'The query (form-encoded) protocol',
      aws: 'SQS still serves the query protocol that older SDKs and AWS CLI versions send, answering in XML.',
      lab: "Served on the lab's one endpoint (`LocalLab.EndpointUrl`), which turns the form into the JSON action in front of the emulator and the answer into XML; the emulator's own port (`LocalLab.SqsEndpointUrl`) answers a form request with an SNS-style error.",
      why: 'fauxqs hands every form-encoded request to its SNS router; lab/services/sqs/sqs-api.ts translates in front of it.',
    },
    ja: {
      title: 'クエリ（フォーム形式）プロトコル',
      aws: 'SQS は古い SDK や AWS CLI が送るクエリプロトコルも受け付け、XML で答える。',
      lab: 'ラボの 1 つのエンドポイント（`LocalLab.EndpointUrl`）が受け付け、エミュレーターの手前でフォームを JSON のアクションに、答えを XML に変える。エミュレーター自身のポート（`LocalLab.SqsEndpointUrl`）はフォーム形式のリクエストに SNS 形式のエラーを返す。',
      why: 'fauxqs はフォーム形式のリクエストをすべて SNS のルーターに渡す。lab/services/sqs/sqs-api.ts がその手前で変換する。',
    },
  },
] as const satisfies readonly Behaviour[];

/** Looks up a behaviour of {@link SQS_BEHAVIOURS} by id (a typo fails type-checking). */
export function sqsBehaviour(id: (typeof SQS_BEHAVIOURS)[number]['id']): Behaviour {
  const found = SQS_BEHAVIOURS.find((behaviour) => behaviour.id === id);
  if (found === undefined) throw new Error(`no SQS behaviour ${id}`);
  return found;
}
