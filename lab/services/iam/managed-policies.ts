/**
 * The AWS managed policies the stacks attach, with their documents as AWS publishes them.
 * AWSLambdaBasicExecutionRole: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaBasicExecutionRole.html
 * AWSLambdaSQSQueueExecutionRole: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaSQSQueueExecutionRole.html
 * The CDK bootstrap stack's roles attach three more:
 * AdministratorAccess: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AdministratorAccess.html
 * AWSCloudFormationReadOnlyAccess: https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSCloudFormationReadOnlyAccess.html
 * ReadOnlyAccess (https://docs.aws.amazon.com/aws-managed-policy/latest/reference/ReadOnlyAccess.html)
 * lists the read actions of every AWS service, thousands of them; the lab keeps the statements
 * of the services it emulates, which the lookup role it is attached to could call.
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
  AdministratorAccess: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }],
  },
  AWSCloudFormationReadOnlyAccess: {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'cloudformation:Describe*',
          'cloudformation:EstimateTemplateCost',
          'cloudformation:Get*',
          'cloudformation:List*',
          'cloudformation:ValidateTemplate',
          'cloudformation:Detect*',
        ],
        Resource: '*',
      },
    ],
  },
  ReadOnlyAccess: {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'apigateway:GET',
          'cloudformation:Describe*',
          'cloudformation:Get*',
          'cloudformation:List*',
          'cloudwatch:Describe*',
          'cloudwatch:Get*',
          'cloudwatch:List*',
          'dynamodb:BatchGet*',
          'dynamodb:Describe*',
          'dynamodb:Get*',
          'dynamodb:List*',
          'dynamodb:Query',
          'dynamodb:Scan',
          'ecr:BatchGet*',
          'ecr:Describe*',
          'ecr:Get*',
          'ecr:List*',
          'iam:Get*',
          'iam:List*',
          'lambda:Get*',
          'lambda:List*',
          'logs:Describe*',
          'logs:FilterLogEvents',
          'logs:Get*',
          's3:Get*',
          's3:List*',
          'sns:Get*',
          'sns:List*',
          'sqs:Get*',
          'sqs:List*',
          'ssm:Describe*',
          'ssm:Get*',
          'ssm:List*',
          'sts:GetCallerIdentity',
        ],
        Resource: '*',
      },
    ],
  },
};
