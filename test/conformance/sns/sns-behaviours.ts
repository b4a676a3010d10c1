/**
 * SNS fan-out to queues, behaviour by behaviour, from the SNS developer guide. sns-message.test.ts
 * asserts each one on the lab's SNS.
 */
import type { Behaviour } from '#test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/sns/latest/dg';
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
] as const satisfies readonly Behaviour[];
