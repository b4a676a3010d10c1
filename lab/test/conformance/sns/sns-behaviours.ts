/**
 * SNS fan-out to queues, behaviour by behaviour, from the SNS developer guide. sns-message.test.ts
 * asserts each one on the lab's SNS.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/sns/latest/dg';
/** LocalStack's SNS tests, whose responses were recorded against AWS (`aws.validated`). */
const TEST_SNS_PY = 'localstack/localstack tests/aws/services/sns/test_sns.py::TestSNSSubscriptionSQSFifo::';
const service = 'SNS' as const;

/** Every SNS behaviour, by stable id. */
export const SNS_BEHAVIOURS = [
  {
    id: 'sns.envelope.members',
    service,
    source: `${DOCS}/sns-message-and-json-formats.html`,
    verdict: 'same',
    en: {
      title: 'A queue receives the notification in its JSON envelope',
      aws: 'Without raw delivery a subscribed queue receives Type "Notification", MessageId, TopicArn, Message, Timestamp, SignatureVersion, Signature, SigningCertURL and UnsubscribeURL; Subject and MessageAttributes appear only when the publisher set them.',
      lab: 'The same members; the signature is a placeholder and the certificate URL names no real certificate (nothing on the lab can verify a signature).',
    },
    ja: {
      title: 'キューは通知を JSON のエンベロープで受け取る',
      aws: 'raw 配信でなければ、サブスクライブしたキューは Type "Notification"、MessageId、TopicArn、Message、Timestamp、SignatureVersion、Signature、SigningCertURL、UnsubscribeURL を受け取ります。Subject と MessageAttributes は発行者が設定したときだけ現れます。',
      lab: '同じメンバーです。署名は仮のもので、証明書の URL は実在の証明書を指しません（ラボには署名を検証できるものがありません）。',
    },
  },
  {
    id: 'sns.filter-policy.attributes',
    service,
    source: `${DOCS}/sns-subscription-filter-policies.html`,
    verdict: 'same',
    en: {
      title: 'An attribute filter policy matches strings, numbers and String.Array items',
      aws: 'Every key of the policy must match: a string attribute by value, a Number attribute by numeric comparison, a String.Array attribute when any of its items matches; a message without a named attribute is filtered out.',
    },
    ja: {
      title: '属性のフィルターポリシーは文字列、数値、String.Array の要素に一致する',
      aws: 'ポリシーのすべてのキーが一致する必要があります。文字列の属性は値で、Number の属性は数値の比較で、String.Array の属性はいずれかの要素が一致すれば一致です。名前の挙がった属性のないメッセージは除かれます。',
    },
  },
  {
    id: 'sns.filter-policy.body',
    service,
    source: `${DOCS}/sns-message-filtering.html`,
    verdict: 'same',
    en: {
      title: 'With the MessageBody scope the policy reads the message as JSON',
      aws: 'With FilterPolicyScope MessageBody the policy matches the JSON body’s nested keys; a body that is not JSON matches no policy.',
    },
    ja: {
      title: 'MessageBody スコープではポリシーがメッセージを JSON として読む',
      aws: 'FilterPolicyScope が MessageBody のとき、ポリシーは JSON 本文の入れ子のキーに一致します。JSON でない本文はどのポリシーにも一致しません。',
    },
  },
  {
    id: 'sns.filter-policy.absent',
    service,
    source: `${DOCS}/attribute-key-matching.html`,
    verdict: 'same',
    en: {
      title: 'No policy lets everything through; exists: false matches an absent attribute',
      aws: 'A subscription without a filter policy receives every message; `{"exists": false}` matches messages that do not carry the attribute but carry at least one other: a message with no attributes matches no attribute policy.',
    },
    ja: {
      title: 'ポリシーがなければすべて通し、exists: false は属性がないときに一致する',
      aws: 'フィルターポリシーのないサブスクリプションはすべてのメッセージを受け取ります。`{"exists": false}` はその属性を持たず、ほかの属性を 1 つ以上持つメッセージに一致します。属性のないメッセージはどの属性ポリシーにも一致しません。',
    },
  },
  {
    id: 'sns.fifo.to-fifo-queue',
    service,
    source: `${TEST_SNS_PY}test_message_to_fifo_sqs (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A FIFO topic delivers to a FIFO queue with the message’s group and deduplication id',
      aws: 'The queue’s message carries the MessageGroupId and MessageDeduplicationId the publisher gave; its body is the envelope with a SequenceNumber after MessageId and without SignatureVersion, Signature and SigningCertURL.',
    },
    ja: {
      title: 'FIFO トピックは FIFO キューへ、メッセージのグループ ID と重複排除 ID を付けて配信する',
      aws: 'キューのメッセージは発行者が指定した MessageGroupId と MessageDeduplicationId を持ちます。本文のエンベロープには MessageId の後に SequenceNumber があり、SignatureVersion、Signature、SigningCertURL はありません。',
    },
  },
  {
    id: 'sns.fifo.content-deduplication',
    service,
    source: `${TEST_SNS_PY}test_publish_to_fifo_topic_deduplication_on_topic_level (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'Content-based deduplication on the topic: the body’s SHA-256, across message groups',
      aws: 'Without a MessageDeduplicationId, a topic with ContentBasedDeduplication gives the message the SHA-256 of its body (hex) as the queue’s MessageDeduplicationId, and the same body published again within five minutes, even in another message group, is accepted and not delivered.',
    },
    ja: {
      title: 'トピックのコンテンツベースの重複排除: 本文の SHA-256 で、メッセージグループをまたいで',
      aws: 'MessageDeduplicationId がないとき、ContentBasedDeduplication のトピックは本文の SHA-256（16 進）をキューの MessageDeduplicationId にします。5 分以内に同じ本文をもう一度発行すると、別のメッセージグループでも受け付けられ、配信はされません。',
    },
  },
  {
    id: 'sns.fifo.to-standard-queue',
    service,
    source: `${TEST_SNS_PY}test_fifo_topic_to_regular_sqs (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'A FIFO topic delivers to a standard queue without group or deduplication id',
      aws: 'A standard queue subscribed to a FIFO topic receives the envelope (with its SequenceNumber); the queue’s message has no MessageGroupId or MessageDeduplicationId.',
    },
    ja: {
      title: 'FIFO トピックは標準キューへ、グループ ID も重複排除 ID も付けずに配信する',
      aws: 'FIFO トピックをサブスクライブした標準キューはエンベロープ（SequenceNumber 付き）を受け取ります。キューのメッセージには MessageGroupId も MessageDeduplicationId もありません。',
    },
  },
  {
    id: 'sns.fifo.validation',
    service,
    source: `${TEST_SNS_PY}test_validations_for_fifo (aws.validated)`,
    verdict: 'same',
    recorded: true,
    en: {
      title: 'What a FIFO publish or subscription lacks is InvalidParameter',
      aws: 'Publish to a FIFO topic without MessageGroupId: "Invalid parameter: The MessageGroupId parameter is required for FIFO topics"; without MessageDeduplicationId on a topic without content-based deduplication: "Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly"; a MessageDeduplicationId on a standard topic: "Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type"; a FIFO queue subscribed to a standard topic: "Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics".',
      lab: 'The same errors from the lab’s SNS; the subscription’s is the reason its AWS::SNS::Subscription fails.',
    },
    ja: {
      title: 'FIFO の発行やサブスクリプションに欠けているものは InvalidParameter',
      aws: 'MessageGroupId のない FIFO トピックへの Publish は "Invalid parameter: The MessageGroupId parameter is required for FIFO topics"、コンテンツベースの重複排除のないトピックで MessageDeduplicationId がなければ "Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly"、標準トピックに MessageDeduplicationId を付けると "Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type"、標準トピックに FIFO キューをサブスクライブすると "Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics" です。',
      lab: 'ラボの SNS も同じエラーを返します。サブスクリプションのエラーは、その AWS::SNS::Subscription が失敗する理由になります。',
    },
  },
] as const satisfies readonly Behaviour[];
