/**
 * An AWS service principal is authorized by the target's resource policy alone, with the
 * request context AWS gives it (aws:SourceArn, aws:SourceAccount, aws:SecureTransport). SNS's
 * default topic policy lets the owner account's sources publish; a topic policy replaces it
 * (re:Post, "Why didn't I receive an SNS notification for my CloudWatch alarm trigger?",
 * https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger). Queue policies:
 * test/conformance/deploy/queue-policy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { IamEvaluator } from '#lab/services/iam/iam-evaluator';
import { IamState } from '#lab/services/iam/iam-state';
import { defaultTopicPolicy, SnsService } from '#lab/services/sns/sns-service';

const ACCOUNT = '000000000000';
const TARGET = { accountId: ACCOUNT, region: 'us-east-1' };
const TOPIC = `arn:aws:sns:us-east-1:${ACCOUNT}:alarms`;
const ALARM = `arn:aws:cloudwatch:us-east-1:${ACCOUNT}:alarm:DlqAlarm`;
const OTHER_ALARM = `arn:aws:cloudwatch:us-east-1:${ACCOUNT}:alarm:Other`;

/** CDK's enforceSSL statement, as the stacks render it for a topic or a queue. */
const enforceSsl = (resource: string, action: string) => ({
  Sid: 'AllowPublishThroughSSLOnly',
  Effect: 'Deny',
  Principal: '*',
  Action: action,
  Resource: resource,
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
});

const allowService = (service: string, resource: string, action: string, sourceArn: string) => ({
  Sid: 'AllowService',
  Effect: 'Allow',
  Principal: { Service: service },
  Action: action,
  Resource: resource,
  Condition: { ArnLike: { 'aws:SourceArn': sourceArn }, StringEquals: { 'aws:SourceAccount': ACCOUNT } },
});

const cloudWatch = (sourceArn = ALARM, sourceAccount = ACCOUNT) => ({
  servicePrincipal: 'cloudwatch.amazonaws.com',
  sourceArn,
  sourceAccount,
  action: 'sns:Publish',
  resource: TOPIC,
  defaultResourcePolicy: defaultTopicPolicy(TOPIC, ACCOUNT),
});

describe('IamEvaluator.evaluateService: CloudWatch publishing to a topic', () => {
  it('is allowed by SNS’s default policy when the topic has no policy of its own, for the owner account only', async () => {
    const evaluator = new IamEvaluator(new IamState(), TARGET);
    expect(await evaluator.evaluateService(cloudWatch())).toBe('Allowed');
    expect(await evaluator.evaluateService(cloudWatch(ALARM, '111111111111'))).toBe('ImplicitlyDenied');
  });

  it('is refused by a topic policy that holds only the enforceSSL deny: the policy replaced the default', async () => {
    const iam = new IamState();
    iam.putResourcePolicy(TOPIC, 'TopicPolicy', { Statement: [enforceSsl(TOPIC, 'sns:Publish')] });
    expect(await new IamEvaluator(iam, TARGET).evaluateService(cloudWatch())).toBe('ImplicitlyDenied');
  });

  it('is allowed by an Allow for cloudwatch.amazonaws.com for its own alarm only (aws:SourceArn, aws:SourceAccount)', async () => {
    const iam = new IamState();
    iam.putResourcePolicy(TOPIC, 'TopicPolicy', {
      Statement: [
        enforceSsl(TOPIC, 'sns:Publish'),
        allowService('cloudwatch.amazonaws.com', TOPIC, 'sns:Publish', ALARM),
      ],
    });
    const evaluator = new IamEvaluator(iam, TARGET);
    expect(await evaluator.evaluateService(cloudWatch())).toBe('Allowed');
    expect(await evaluator.evaluateService(cloudWatch(OTHER_ALARM))).toBe('ImplicitlyDenied');
    expect(await evaluator.evaluateService(cloudWatch(ALARM, '111111111111'))).toBe('ImplicitlyDenied');
  });
});

describe('SnsService.publishFromService', () => {
  it('records a delivered notification, or answers the error CloudWatch writes in the alarm history', async () => {
    const iam = new IamState();
    const evaluator = new IamEvaluator(iam, TARGET);
    const sns = new SnsService((request) => evaluator.evaluateService(request));
    sns.topics.set(TOPIC, { name: 'alarms' });
    const from = { servicePrincipal: 'cloudwatch.amazonaws.com', sourceArn: ALARM, sourceAccount: ACCOUNT };

    expect(await sns.publishFromService(from, TOPIC, 'ALARM: "DlqAlarm"', '{}')).toEqual({ published: true });
    iam.putResourcePolicy(TOPIC, 'TopicPolicy', { Statement: [enforceSsl(TOPIC, 'sns:Publish')] });
    const refused = await sns.publishFromService(from, TOPIC, 'OK: "DlqAlarm"', '{}');
    expect(refused.published).toBe(false);
    expect(refused.published === false && refused.error).toMatchObject({
      name: 'PublishNotAuthorizedError',
      code: 'AuthorizationError',
      statusCode: 403,
      message: `Resource: ${ALARM} is not authorized to perform: SNS:Publish on resource: ${TOPIC}`,
    });
    const missing = await sns.publishFromService(from, `${TOPIC}-gone`, 'OK: "DlqAlarm"', '{}');
    // SNS's Publish answers NotFound (404) for a topic that does not exist (API_Publish.html#API_Publish_Errors).
    expect(missing.published === false && missing.error).toMatchObject({
      code: 'NotFound',
      statusCode: 404,
      message: 'Topic does not exist',
    });
    expect(sns.published.map((notification) => notification.subject)).toEqual(['ALARM: "DlqAlarm"']);
  });
});
