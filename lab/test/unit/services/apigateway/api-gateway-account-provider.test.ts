/**
 * `AWS::ApiGateway::Account` as a record: CDK adds it for a RestApi with `cloudWatchRole`, its Ref is
 * an id (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-apigateway-account.html#aws-resource-apigateway-account-return-values),
 * and the event that completes it says the execution-log role is noted, not applied.
 */
import { describe, expect, it } from 'vitest';
import { LAB_ACCOUNT_ID, LAB_REGION } from '#lab/common/local-aws';
import { apiGatewayAccountProvider } from '#lab/services/apigateway/resource-providers/api-gateway-account-provider';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { ProviderRegistry } from '#lab/services/cloudformation/resource-provider';

const TARGET = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION };

describe('AWS::ApiGateway::Account', () => {
  const template: Template = {
    Resources: {
      Account: {
        Type: 'AWS::ApiGateway::Account',
        Properties: { CloudWatchRoleArn: 'arn:aws:iam::000000000000:role/ApiCloudWatchRole' },
      },
    },
    Outputs: { Id: { Value: { Ref: 'Account' } } },
  };

  it('deploys, answers an id for Ref, and is deleted with its stack', async () => {
    const cloudFormation = new CloudFormationService({
      providers: new ProviderRegistry([apiGatewayAccountProvider()]),
      target: TARGET,
    });
    const [stack] = await cloudFormation.deploy([{ stackName: 'ApiStack', template }]);
    expect(stack?.outputs?.['Id']).toMatch(/^ApiSt-accou-[a-z0-9]{12}$/);
    expect(await cloudFormation.delete('ApiStack')).toBe('DELETE_COMPLETE');
  });
});
