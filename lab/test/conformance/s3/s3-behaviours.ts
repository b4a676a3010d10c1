/**
 * S3 event notifications, behaviour by behaviour, from the S3 user guide. s3-notifications.test.ts
 * asserts each one on the lab's S3.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/AmazonS3/latest/userguide';
const service = 'S3' as const;

/** Every S3 behaviour, by stable id. */
export const S3_BEHAVIOURS = [
  {
    id: 's3.notification.event-types',
    service,
    source: `${DOCS}/notification-how-to-event-types-and-destinations.html`,
    verdict: 'same',
    en: {
      title: 'A * event type covers its family; a named type only itself',
      aws: 's3:ObjectCreated:* is sent for Put, Post, Copy and CompleteMultipartUpload; s3:ObjectCreated:Put only for Put; s3:ObjectRemoved:* for deletions, never for creations.',
    },
    ja: {
      title: '* のイベントタイプはその一族を、名前のあるタイプは自分だけを含む',
      aws: 's3:ObjectCreated:* は Put、Post、Copy、CompleteMultipartUpload で送られ、s3:ObjectCreated:Put は Put だけで送られます。s3:ObjectRemoved:* は削除で送られ、作成では送られません。',
    },
  },
  {
    id: 's3.notification.key-filter',
    service,
    source: `${DOCS}/notification-how-to-filtering.html`,
    verdict: 'same',
    en: {
      title: 'A key filter needs both its prefix and its suffix',
      aws: 'With a prefix and a suffix rule, only keys that start with the prefix and end with the suffix are sent.',
    },
    ja: {
      title: 'キーのフィルターはプレフィックスとサフィックスの両方を満たす必要がある',
      aws: 'プレフィックスとサフィックスのルールがあるとき、プレフィックスで始まりサフィックスで終わるキーだけが送られます。',
    },
  },
  {
    id: 's3.notification.message',
    service,
    source: `${DOCS}/notification-content-structure.html`,
    verdict: 'same',
    en: {
      title: "The event message's record",
      aws: 'Each record has eventVersion 2.1, eventSource aws:s3, the region, eventTime and eventName without the s3: prefix, and s3 with the configuration id, the bucket (name, owner, ARN) and the object: its key URL-encoded with spaces as +, and size and eTag for creations only.',
    },
    ja: {
      title: 'イベントメッセージのレコード',
      aws: '各レコードは eventVersion 2.1、eventSource aws:s3、リージョン、eventTime、s3: を除いた eventName を持ち、s3 には設定 ID、バケット（名前、所有者、ARN）、オブジェクトがあります。オブジェクトのキーはスペースを + にした URL エンコードで、size と eTag は作成のときだけです。',
    },
  },
] as const satisfies readonly Behaviour[];
