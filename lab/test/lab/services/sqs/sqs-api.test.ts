/**
 * SQS's query protocol on the one endpoint: the form requests old AWS CLIs and SDKs send (the
 * forms below are what @aws-sdk/client-sqs 3.445.0, the last SQS client with the query protocol,
 * serialises, e.g. `Tag.1.Key=…&Attribute.1.Name=…&Action=CreateQueue&Version=2012-11-05`),
 * sent to the lab's endpoint as the lab wires it (lab/app/lab-endpoint.ts: sqsApi over
 * the proxy, behind the front in the SQS thread), reach the JSON emulator and come back as the
 * query protocol's XML, read here with an XML parser.
 * Answers are checked against AWS's, recorded by LocalStack with both protocols
 * (tests/aws/services/sqs/test_sqs.py and its .snapshot.json, the `[sqs_query]` cases).
 */
import { createHash } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { startEmulatorsEndpoint } from '#lab/app/lab-endpoint';
import type { LabGateway } from '#lab/gateway/lab-gateway';
import { SQS_MAX_REQUEST_BYTES } from '#lab/services/sqs/errors';
import { sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

const { emulators } = sqsEmulatorsForThisFile();
let gateway: LabGateway;

beforeAll(async () => {
  // The lab's own endpoint in front of the emulators (its front in the SQS thread hands a form
  // request to the router, whose sqs handler is sqsApi over the proxy).
  gateway = await startEmulatorsEndpoint(emulators());
});
afterAll(() => gateway.stop());

/** The flattened elements, which repeat (by their paths); everything else is read as one element. */
const REPEATED = [
  'ListQueuesResult.QueueUrl',
  'GetQueueAttributesResult.Attribute',
  'ListQueueTagsResult.Tag',
  'ReceiveMessageResult.Message',
  'Message.Attribute',
  'Message.MessageAttribute',
  'SendMessageBatchResultEntry',
  'DeleteMessageBatchResultEntry',
  'BatchResultErrorEntry',
];
const parser = new XMLParser({
  parseTagValue: false,
  htmlEntities: true,
  ignoreAttributes: false,
  isArray: (_name, path) => REPEATED.some((suffix) => String(path).endsWith(suffix)),
});

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly xml: Record<string, Record<string, unknown>>;
}

/** A signed-looking form POST, as an SDK sends it (the endpoint routes by the SigV4 scope). */
async function query(form: Record<string, string>, path = '/'): Promise<Answer> {
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `AWS4-HMAC-SHA256 Credential=lab/20261126/${LAB_REGION}/sqs/aws4_request, SignedHeaders=host, Signature=00`,
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    },
    body: new URLSearchParams({ ...form, Version: '2012-11-05' }),
  });
  const xml = parser.parse(await response.text()) as Answer['xml'];
  return { status: response.status, contentType: response.headers.get('content-type'), xml };
}

/** The `<ActionResult>` of a successful answer. */
async function result(form: Record<string, string>, path?: string): Promise<Record<string, unknown>> {
  const answer = await query(form, path);
  const action = form.Action ?? '';
  expect(answer.status, JSON.stringify(answer.xml)).toBe(200);
  const response = answer.xml[`${action}Response`];
  expect(response?.ResponseMetadata).toEqual({ RequestId: expect.any(String) });
  return (response?.[`${action}Result`] as Record<string, unknown> | '' | undefined) || {};
}

async function createQueue(name: string, form: Record<string, string> = {}): Promise<string> {
  const { QueueUrl } = await result({ Action: 'CreateQueue', QueueName: name, ...form });
  expect(QueueUrl).toEqual(expect.stringMatching(new RegExp(`/000000000000/${name}$`)));
  return QueueUrl as string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('sqsApi', () => {
  it('creates a queue with attributes and tags (Attribute.N, Tag.N) and answers them as XML', async () => {
    const QueueUrl = await createQueue('query-attributes', {
      'Attribute.1.Name': 'VisibilityTimeout',
      'Attribute.1.Value': '7',
      'Tag.1.Key': 'team',
      'Tag.1.Value': 'lab',
      'Tag.2.Key': 'empty',
      'Tag.2.Value': '',
    });
    const attributes = await result({
      Action: 'GetQueueAttributes',
      QueueUrl,
      'AttributeName.1': 'VisibilityTimeout',
      'AttributeName.2': 'QueueArn',
    });
    expect(attributes.Attribute).toEqual([
      { Name: 'VisibilityTimeout', Value: '7' },
      { Name: 'QueueArn', Value: 'arn:aws:sqs:us-east-1:000000000000:query-attributes' },
    ]);
    await result({ Action: 'TagQueue', QueueUrl, 'Tag.1.Key': 'more', 'Tag.1.Value': 'yes' });
    await result({ Action: 'UntagQueue', QueueUrl, 'TagKey.1': 'team' });
    // An empty tag value comes back empty (test_tag_untag_queue[sqs_query]: "tag3": "").
    const { Tag } = await result({ Action: 'ListQueueTags', QueueUrl });
    expect(Tag).toEqual(
      expect.arrayContaining([
        { Key: 'empty', Value: '' },
        { Key: 'more', Value: 'yes' },
      ]),
    );
    expect(Tag).toHaveLength(2);
    expect(await result({ Action: 'ListQueues', QueueNamePrefix: 'query-attr' })).toEqual({ QueueUrl: [QueueUrl] });
    expect(await result({ Action: 'GetQueueUrl', QueueName: 'query-attributes' })).toEqual({ QueueUrl });
  });

  it('sends with message attributes and receives them, the digests equal to the JSON protocol’s', async () => {
    const QueueUrl = await createQueue('query-messages');
    const body = 'a & <b> "quoted"\r\nsecond line';
    const sent = await result({
      Action: 'SendMessage',
      QueueUrl,
      MessageBody: body,
      'MessageAttribute.1.Name': 'kind',
      'MessageAttribute.1.Value.StringValue': 'order',
      'MessageAttribute.1.Value.DataType': 'String',
      'MessageAttribute.2.Name': 'raw',
      'MessageAttribute.2.Value.BinaryValue': Buffer.from([1, 2, 3]).toString('base64'),
      'MessageAttribute.2.Value.DataType': 'Binary',
    });
    const sqs = new SQSClient({ region: LAB_REGION, endpoint: gateway.url, credentials: LAB_CREDENTIALS });
    const json = await sqs
      .send(
        new SendMessageCommand({
          QueueUrl: `${gateway.url}/000000000000/query-messages`,
          MessageBody: body,
          MessageAttributes: {
            kind: { DataType: 'String', StringValue: 'order' },
            raw: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
          },
        }),
      )
      .finally(() => sqs.destroy());
    expect(sent).toEqual({
      MD5OfMessageBody: md5(body),
      MD5OfMessageAttributes: json.MD5OfMessageAttributes,
      MessageId: expect.any(String),
    });

    const received = await result({
      Action: 'ReceiveMessage',
      QueueUrl,
      'AttributeName.1': 'All',
      'MessageAttributeName.1': 'All',
      MaxNumberOfMessages: '1',
      VisibilityTimeout: '0',
    });
    const [message] = received.Message as Record<string, unknown>[];
    // The carriage return survives as a character reference, as SQS writes it (aws/aws-sdk-js-v3#2362: `&#xD;`).
    expect(message).toMatchObject({ MessageId: sent.MessageId, Body: body, MD5OfBody: md5(body) });
    expect(message?.MD5OfMessageAttributes).toBe(json.MD5OfMessageAttributes);
    expect(message?.MessageAttribute).toEqual([
      { Name: 'kind', Value: { StringValue: 'order', DataType: 'String' } },
      { Name: 'raw', Value: { BinaryValue: 'AQID', DataType: 'Binary' } },
    ]);
    expect((message?.Attribute as { Name: string }[]).map((attribute) => attribute.Name)).toContain('SentTimestamp');
  });

  it('answers the batch actions with their result entries and BatchResultErrorEntry', async () => {
    const QueueUrl = await createQueue('query-batches');
    const sent = await result({
      Action: 'SendMessageBatch',
      QueueUrl,
      'SendMessageBatchRequestEntry.1.Id': 'one',
      'SendMessageBatchRequestEntry.1.MessageBody': 'first',
      'SendMessageBatchRequestEntry.2.Id': 'two',
      'SendMessageBatchRequestEntry.2.MessageBody': 'second',
      'SendMessageBatchRequestEntry.2.DelaySeconds': '0',
    });
    expect(sent.SendMessageBatchResultEntry).toEqual([
      { Id: 'one', MessageId: expect.any(String), MD5OfMessageBody: md5('first') },
      { Id: 'two', MessageId: expect.any(String), MD5OfMessageBody: md5('second') },
    ]);
    const { Message = [] } = await result({ Action: 'ReceiveMessage', QueueUrl, MaxNumberOfMessages: '10' });
    const handles = (Message as { ReceiptHandle: string }[]).map((message) => message.ReceiptHandle);
    expect(handles).toHaveLength(2);
    const changed = await result({
      Action: 'ChangeMessageVisibilityBatch',
      QueueUrl,
      'ChangeMessageVisibilityBatchRequestEntry.1.Id': 'c1',
      'ChangeMessageVisibilityBatchRequestEntry.1.ReceiptHandle': handles[0] ?? '',
      'ChangeMessageVisibilityBatchRequestEntry.1.VisibilityTimeout': '5',
    });
    expect(changed).toEqual({ ChangeMessageVisibilityBatchResultEntry: { Id: 'c1' } });
    const deleted = await result({
      Action: 'DeleteMessageBatch',
      QueueUrl,
      'DeleteMessageBatchRequestEntry.1.Id': 'd1',
      'DeleteMessageBatchRequestEntry.1.ReceiptHandle': handles[0] ?? '',
      'DeleteMessageBatchRequestEntry.2.Id': 'd2',
      'DeleteMessageBatchRequestEntry.2.ReceiptHandle': 'not-a-handle',
    });
    expect(deleted).toEqual({
      DeleteMessageBatchResultEntry: [{ Id: 'd1' }],
      BatchResultErrorEntry: [
        {
          Id: 'd2',
          SenderFault: 'true',
          Code: 'ReceiptHandleIsInvalid',
          Message: expect.stringContaining('not-a-handle'),
        },
      ],
    });
  });

  it('answers a request sent to the queue’s URL without QueueUrl (sqs-making-api-requests-xml.html: POST /123456789012/MyQueue)', async () => {
    await createQueue('query-by-path');
    const sent = await result({ Action: 'SendMessage', MessageBody: 'by path' }, '/000000000000/query-by-path');
    expect(sent.MD5OfMessageBody).toBe(md5('by path'));
    const { Attribute } = await result({
      Action: 'GetQueueAttributes',
      QueueUrl: (await result({ Action: 'GetQueueUrl', QueueName: 'query-by-path' })).QueueUrl as string,
      'AttributeName.1': 'ApproximateNumberOfMessages',
    });
    expect(Attribute).toEqual([{ Name: 'ApproximateNumberOfMessages', Value: '1' }]);
  });

  it('passes SQS’s plain-text 413 on as it is, the same in both protocols (lab/services/sqs/errors.ts)', async () => {
    const QueueUrl = await createQueue('query-too-large');
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=lab/20261126/${LAB_REGION}/sqs/aws4_request, SignedHeaders=host, Signature=00`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ Action: 'SendMessage', QueueUrl, MessageBody: 'x'.repeat(SQS_MAX_REQUEST_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(`HTTP content length exceeded ${SQS_MAX_REQUEST_BYTES} bytes.`);
  });

  describe('errors, as ErrorResponse with the query error code', () => {
    it('a missing queue: AWS.SimpleQueueService.NonExistentQueue, 400 (test_non_existent_queue)', async () => {
      const answer = await query({ Action: 'GetQueueUrl', QueueName: 'query-nowhere' });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe('text/xml');
      expect(answer.xml.ErrorResponse).toEqual({
        '@_xmlns': 'http://queue.amazonaws.com/doc/2012-11-05/',
        Error: {
          Type: 'Sender',
          Code: 'AWS.SimpleQueueService.NonExistentQueue',
          Message: 'The specified queue does not exist.',
        },
        RequestId: expect.any(String),
      });
    });

    it.each<[string, () => Promise<Record<string, string>>, number, string, string]>([
      [
        'a missing parameter: MissingParameter, 400 (test_send_empty_message[sqs_query])',
        async () => ({ Action: 'SendMessage', QueueUrl: await createQueue('query-errors') }),
        400,
        'MissingParameter',
        'The request must contain the parameter MessageBody.',
      ],
      [
        'a second purge: AWS.SimpleQueueService.PurgeQueueInProgress, 403 (test_successive_purge_calls_fail[sqs_query])',
        async () => {
          const QueueUrl = await createQueue('query-purge');
          await result({ Action: 'PurgeQueue', QueueUrl });
          return { Action: 'PurgeQueue', QueueUrl };
        },
        403,
        'AWS.SimpleQueueService.PurgeQueueInProgress',
        'Only one PurgeQueue operation on query-purge is allowed every 60 seconds.',
      ],
      [
        'an action SQS does not have: InvalidAction, 400 (SQS API reference, Common Errors)',
        async () => ({ Action: 'Publish' }),
        400,
        'InvalidAction',
        'The action Publish is not valid for this endpoint.',
      ],
    ])('%s', async (_case, form, status, code, message) => {
      const answer = await query(await form());
      expect(answer.status).toBe(status);
      expect(answer.xml.ErrorResponse?.Error).toEqual({ Type: 'Sender', Code: code, Message: message });
    });
  });
});
