/**
 * `AWS::ApiGateway::Account`: the Region's API Gateway settings, whose one property names the IAM
 * role API Gateway writes CloudWatch execution logs with (CDK adds it, with its managed role, for a
 * RestApi with `cloudWatchRole`). The lab's API Gateway writes no execution logs, so the account
 * is a record: its Ref is an id as CloudFormation makes one
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-apigateway-account.html).
 */
import { randomSuffix } from '../../cloudformation/engine/generated-name';
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';

/** What the account provider does with each property of `AWS::ApiGateway::Account`. */
export const API_GATEWAY_ACCOUNT_PROPERTIES: PropertyCoverage = {
  emulated: [],
  noted: {
    CloudWatchRoleArn: 'apiGatewayAccountCloudWatchRoleArn',
  },
  refused: [],
};

/** The account provider. */
export function apiGatewayAccountProvider(): ResourceProvider {
  return {
    type: 'AWS::ApiGateway::Account',
    properties: API_GATEWAY_ACCOUNT_PROPERTIES,
    create: async ({ stackName }) => ({
      physicalId: `${stackName.slice(0, 5)}-accou-${randomSuffix(12, true)}`,
      attributes: {},
    }),
    update: async ({ previous }) => previous,
    delete: async () => undefined,
  };
}
