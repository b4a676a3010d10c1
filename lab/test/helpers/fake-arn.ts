/**
 * ARNs of the shape AWS gives each resource type (account 123456789012, us-east-1), for fake
 * resource providers: a template reads them back (`Fn::GetAtt Role.Arn` as a function's `Role`,
 * a queue's `Arn` as a mapping's `EventSourceArn`), and CloudFormation's property validation
 * holds them to the registry schemas' patterns, as it holds the real ones.
 */
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

/** `type`'s ARN for a resource called `name`. */
export function fakeArn(type: string, name: string): string {
  switch (type) {
    case 'AWS::IAM::Role':
      return `arn:aws:iam::${ACCOUNT}:role/${name}`;
    case 'AWS::IAM::Policy':
      return `arn:aws:iam::${ACCOUNT}:policy/${name}`;
    case 'AWS::Lambda::Function':
      return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name}`;
    case 'AWS::Logs::LogGroup':
      return `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:${name}:*`;
    case 'AWS::DynamoDB::Table':
      return `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${name}`;
    case 'AWS::CloudWatch::Alarm':
      return `arn:aws:cloudwatch:${REGION}:${ACCOUNT}:alarm:${name}`;
    default: {
      // AWS::SQS::Queue → arn:aws:sqs:…:name, AWS::SNS::Topic → arn:aws:sns:…:name.
      const service = (type.split('::')[1] ?? 'custom').toLowerCase();
      return `arn:aws:${service}:${REGION}:${ACCOUNT}:${name}`;
    }
  }
}
