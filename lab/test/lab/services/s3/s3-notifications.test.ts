/**
 * S3 event notifications on the lab, as a learner's app configures them: a bucket's own
 * NotificationConfiguration sends S3's `s3:TestEvent` to its queue when configured, then an event
 * message (S3 user guide, "Event message structure") for each new object whose key matches the
 * filter; PutBucketNotificationConfiguration to a queue whose policy does not let S3 send is
 * refused, as S3 refuses it ("Unable to validate the following destination configurations").
 */
import { PutBucketNotificationConfigurationCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type Lab, startLab } from '#lab/lab';
import { waitFor } from '#lab/test/helpers/wait-for';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('upload-app');

describe('S3 event notifications to a queue', () => {
  let lab: Lab;
  let s3: S3Client;
  let outputs: Record<string, string>;
  const received: Message[] = [];

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    s3 = new S3Client({
      endpoint: lab.endpointUrl,
      region: LAB_REGION,
      credentials: LAB_CREDENTIALS,
      forcePathStyle: true,
    });
    outputs = { ...lab.deployed.get('UploadStack')?.outputs };
  }, 120_000);

  afterAll(async () => {
    s3?.destroy();
    await lab?.stop();
  });

  const receiveUntil = (count: number) =>
    waitFor(
      async () => {
        const { Messages = [] } = await lab.clients.sqs.send(
          new ReceiveMessageCommand({ QueueUrl: outputs.UploadEventsUrl, MaxNumberOfMessages: 10 }),
        );
        received.push(...Messages);
        return received.length >= count ? true : undefined;
      },
      5000,
      `${count} message(s) from the bucket`,
    );

  it("sends S3's test event when the configuration is made, then an event for each .csv object only", async () => {
    await receiveUntil(1);
    expect(JSON.parse(received[0]?.Body ?? '{}')).toMatchObject({
      Service: 'Amazon S3',
      Event: 's3:TestEvent',
      Bucket: outputs.BucketName,
    });
    await s3.send(new PutObjectCommand({ Bucket: outputs.BucketName, Key: 'notes.txt', Body: 'skip me' }));
    await s3.send(new PutObjectCommand({ Bucket: outputs.BucketName, Key: 'in/orders 1.csv', Body: 'a,b\n' }));
    await receiveUntil(2);
    const [record] = (JSON.parse(received[1]?.Body ?? '{}') as { Records: Record<string, unknown>[] }).Records;
    expect(record).toMatchObject({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'us-east-1',
      eventName: 'ObjectCreated:Put',
      s3: {
        s3SchemaVersion: '1.0',
        bucket: { name: outputs.BucketName, arn: `arn:aws:s3:::${outputs.BucketName}` },
        object: { key: 'in/orders+1.csv', size: 4, eTag: expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    });
    expect(received).toHaveLength(2);
  });

  it('refuses a configuration whose queue does not let S3 send, in S3 words', async () => {
    await expect(
      s3.send(
        new PutBucketNotificationConfigurationCommand({
          Bucket: outputs.BucketName,
          NotificationConfiguration: {
            QueueConfigurations: [{ QueueArn: outputs.ClosedArn, Events: ['s3:ObjectCreated:*'] }],
          },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidArgument',
      message: expect.stringMatching(/^Unable to validate the following destination configurations/),
    });
  });
});

describe("S3 event notifications as CDK configures them, through CDK's own Python handler", () => {
  let lab: Lab;
  let s3: S3Client;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    // bucket.addEventNotification: Custom::S3BucketNotifications, whose handler is CDK's Python
    // (python3.13, boto3's PutBucketNotificationConfiguration), run on the machine's Python.
    lab = await startLab({ app: cdkAppDirectory(fixtureApp('notifications-app')) });
    s3 = new S3Client({
      endpoint: lab.endpointUrl,
      region: LAB_REGION,
      credentials: LAB_CREDENTIALS,
      forcePathStyle: true,
    });
    outputs = { ...lab.deployed.get('NotifiedStack')?.outputs };
  }, 120_000);

  afterAll(async () => {
    s3?.destroy();
    await lab?.stop();
  });

  it('deploys, and delivers the event of a .csv upload to the queue', async () => {
    expect(lab.deployed.get('NotifiedStack')?.status).toBe('CREATE_COMPLETE');
    await s3.send(new PutObjectCommand({ Bucket: outputs.BucketName, Key: 'orders.csv', Body: 'a,b\n' }));
    const bodies: string[] = [];
    await waitFor(
      async () => {
        const { Messages = [] } = await lab.clients.sqs.send(
          new ReceiveMessageCommand({ QueueUrl: outputs.QueueUrl, MaxNumberOfMessages: 10 }),
        );
        bodies.push(...Messages.map((message) => message.Body ?? ''));
        return bodies.some((body) => body.includes('"eventName":"ObjectCreated:Put"')) ? true : undefined;
      },
      5000,
      'the upload event in the queue',
    );
    const event = bodies.map((body) => JSON.parse(body) as { Records?: { s3: { object: { key: string } } }[] });
    expect(event.flatMap((each) => each.Records ?? []).map((record) => record.s3.object.key)).toEqual(['orders.csv']);
  });
});
