/**
 * The AWS managed policies the stacks attach, with their documents as AWS publishes them.
 * AWSLambdaBasicExecutionRole: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaBasicExecutionRole.html
 * AWSLambdaSQSQueueExecutionRole: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaSQSQueueExecutionRole.html
 */
import type { PolicyDocument } from './policy-document';

/** Managed policy documents by name (the last part of `arn:aws:iam::aws:policy/...`). */
export const MANAGED_POLICIES: Readonly<Record<string, PolicyDocument>> = {
  AWSLambdaBasicExecutionRole: {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' },
    ],
  },
  AWSLambdaSQSQueueExecutionRole: {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'sqs:ReceiveMessage',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'logs:CreateLogGroup',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
        ],
        Resource: '*',
      },
    ],
  },
};
