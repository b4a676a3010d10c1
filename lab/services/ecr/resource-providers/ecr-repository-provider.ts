/**
 * `AWS::ECR::Repository` as a record: the lab has no container registry and runs no image, so a
 * repository is its name, ARN and URI for the templates that reference it (the CDK bootstrap
 * stack's `ContainerAssetsRepository`). Attributes as CloudFormation documents them
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-ecr-repository.html#aws-resource-ecr-repository-return-values).
 */
import { changedAny, type ResourceProvider } from '../../cloudformation/resource-provider';
import { generatedName } from '../../cloudformation/engine/generated-name';
import type { PropertyCoverage, ProviderNoteKey } from '../../cloudformation/validation/property-coverage';
import { EcrState } from '../ecr-state';
import { RepositoryAlreadyExistsError } from '../errors';

const RECORD_NOTE: ProviderNoteKey = 'ecrRepositoryRecord';

/** What the repository provider does with each property of `AWS::ECR::Repository`. */
export const ECR_REPOSITORY_PROPERTIES: PropertyCoverage = {
  emulated: ['RepositoryName'],
  noted: {
    EmptyOnDelete: RECORD_NOTE,
    EncryptionConfiguration: RECORD_NOTE,
    ImageScanningConfiguration: RECORD_NOTE,
    ImageTagMutability: RECORD_NOTE,
    ImageTagMutabilityExclusionFilters: RECORD_NOTE,
    LifecyclePolicy: RECORD_NOTE,
    RepositoryPolicyText: RECORD_NOTE,
    Tags: 'tags',
  },
  refused: [],
};

/** The repository provider, in the lab's account and region, keeping its repositories in `state`. */
export function ecrRepositoryProvider(
  target: {
    readonly accountId: string;
    readonly region: string;
  },
  state: EcrState = new EcrState(),
): ResourceProvider {
  const { repositories } = state;
  const describe = (name: string) => ({
    physicalId: name,
    attributes: {
      Arn: `arn:aws:ecr:${target.region}:${target.accountId}:repository/${name}`,
      RepositoryUri: `${target.accountId}.dkr.ecr.${target.region}.amazonaws.com/${name}`,
    },
  });
  return {
    type: 'AWS::ECR::Repository',
    properties: ECR_REPOSITORY_PROPERTIES,
    async create({ stackName, logicalId, properties }) {
      const name =
        typeof properties.RepositoryName === 'string'
          ? properties.RepositoryName
          : generatedName({ stackName, logicalId, randomLength: 12, lowerCase: true, maxLength: 256 }).toLowerCase();
      if (repositories.has(name))
        // ECR's words (https://docs.aws.amazon.com/AmazonECR/latest/APIReference/API_CreateRepository.html#API_CreateRepository_Errors).
        throw new RepositoryAlreadyExistsError(
          `The repository with name '${name}' already exists in the registry with id '${target.accountId}'`,
        );
      repositories.add(name);
      return describe(name);
    },
    update: async ({ previous }) => describe(previous.physicalId),
    async delete({ resource }) {
      repositories.delete(resource.physicalId);
    },
    requiresReplacement: (previous, next) => changedAny(['RepositoryName'], previous, next),
  };
}
