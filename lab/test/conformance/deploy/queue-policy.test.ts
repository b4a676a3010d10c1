/**
 * A service principal sending to a queue: SQS has no default queue policy, so the queue policy
 * must allow the service (by aws:SourceArn), and CDK's enforceSSL deny counts for it as for
 * everyone (SNS developer guide, "Example cases for Amazon SNS access control",
 * https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-use-cases.html). No path of the lab
 * sends to a queue as a service principal today, so the lab's IAM evaluator is checked directly.
 */
import { describe, expect } from 'vitest';
import { IamEvaluator } from '#lab/services/iam/iam-evaluator';
import { IamState } from '#lab/services/iam/iam-state';
import { conform } from '#lab/test/conformance/behaviour';
import { deployBehaviour } from './deploy-behaviours';

const ACCOUNT = '000000000000';
const TARGET = { accountId: ACCOUNT, region: 'us-east-1' };
const QUEUE = `arn:aws:sqs:us-east-1:${ACCOUNT}:jobs`;
const TOPIC = `arn:aws:sns:us-east-1:${ACCOUNT}:orders`;

/** CDK's enforceSSL statement on a queue, as the stacks render it. */
const enforceSsl = {
  Sid: 'AllowPublishThroughSSLOnly',
  Effect: 'Deny',
  Principal: { AWS: '*' },
  Action: 'sqs:*',
  Resource: QUEUE,
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
};

const allowTopic = {
  Sid: 'AllowTopic',
  Effect: 'Allow',
  Principal: { Service: 'sns.amazonaws.com' },
  Action: 'sqs:SendMessage',
  Resource: QUEUE,
  Condition: { ArnEquals: { 'aws:SourceArn': TOPIC } },
};

const snsSend = (secureTransport = true, sourceArn = TOPIC) => ({
  servicePrincipal: 'sns.amazonaws.com',
  sourceArn,
  sourceAccount: ACCOUNT,
  action: 'sqs:SendMessage',
  resource: QUEUE,
  secureTransport,
});

describe('a service principal sending to a queue', () => {
  conform(deployBehaviour('deploy.sqs.queue-policy-service-principal'), async () => {
    const iam = new IamState();
    const evaluator = new IamEvaluator(iam, TARGET);
    expect(await evaluator.evaluateService(snsSend())).toBe('ImplicitlyDenied');
    iam.putResourcePolicy(QUEUE, 'QueuePolicy', { Statement: [enforceSsl] });
    expect(await evaluator.evaluateService(snsSend())).toBe('ImplicitlyDenied');
    iam.putResourcePolicy(QUEUE, 'QueuePolicy', { Statement: [enforceSsl, allowTopic] });
    expect(await evaluator.evaluateService(snsSend())).toBe('Allowed');
    expect(await evaluator.evaluateService(snsSend(true, `${TOPIC}-other`))).toBe('ImplicitlyDenied');
    expect(await evaluator.evaluateService(snsSend(false))).toBe('ExplicitlyDenied');
  });
});
