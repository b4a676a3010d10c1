/**
 * `AWS::ECR::Repository` as a record: the ARN and URI as CloudFormation documents them
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-ecr-repository.html#aws-resource-ecr-repository-return-values),
 * and ECR's error for a name another stack holds.
 */
import { describe, expect, it } from 'vitest';
import { LAB_ACCOUNT_ID, LAB_REGION } from '#lab/common/local-aws';
import { CloudFormationService } from '#lab/services/cloudformation/cloudformation-service';
import { ProviderRegistry } from '#lab/services/cloudformation/resource-provider';
import type { Template } from '#lab/services/cloudformation/engine/template';
import { ecrRepositoryProvider } from '#lab/services/ecr/resource-providers/ecr-repository-provider';

const TARGET = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION };

function lab() {
  return {
    cloudFormation: new CloudFormationService({
      providers: new ProviderRegistry([ecrRepositoryProvider(TARGET)]),
      target: TARGET,
    }),
  };
}

describe('AWS::ECR::Repository', () => {
  const repository = (name: string): Template => ({
    Resources: { Repo: { Type: 'AWS::ECR::Repository', Properties: { RepositoryName: name } } },
    Outputs: {
      Arn: { Value: { 'Fn::GetAtt': ['Repo', 'Arn'] } },
      Uri: { Value: { 'Fn::GetAtt': ['Repo', 'RepositoryUri'] } },
    },
  });

  it('answers the ARN and URI, and refuses a name another stack holds', async () => {
    const { cloudFormation } = lab();
    const [stack] = await cloudFormation.deploy([{ stackName: 'A', template: repository('images') }]);
    expect(stack?.outputs).toEqual({
      Arn: 'arn:aws:ecr:us-east-1:000000000000:repository/images',
      Uri: '000000000000.dkr.ecr.us-east-1.amazonaws.com/images',
    });
    const taken = await cloudFormation
      .deploy([{ stackName: 'B', template: repository('images') }])
      .catch((error: unknown) => error);
    expect((taken as Error).message).toContain(
      "The repository with name 'images' already exists in the registry with id '000000000000'",
    );
  });
});
