/**
 * Every resource type a lab deploys, each with its provider on the lab's services: CDK's
 * metadata, SQS queues and policies, DynamoDB tables, IAM roles and policies, log groups, Lambda
 * functions, event source mappings, permissions and asynchronous invocation settings, API
 * Gateway's REST and HTTP APIs, SNS, CloudWatch, S3 buckets and bucket policies, ECR repositories
 * (records), SSM parameters, KMS keys and aliases, and custom resources (which run their own
 * handlers). One list: the lab's registry is made from it (lab-provider-registry.ts) and the
 * coverage table is read from it (deployed-type-coverage.ts).
 */
import type { ResourceProvider } from '../services/cloudformation/resource-provider';
import type { PropertyCoverage } from '../services/cloudformation/validation/property-coverage';
import {
  REST_API_MODEL_PROPERTIES,
  REST_API_REQUEST_VALIDATOR_PROPERTIES,
} from '../services/apigateway/resource-providers/request-validation-providers';
import {
  HTTP_API_DEPLOYMENT_PROPERTIES,
  HTTP_API_INTEGRATION_PROPERTIES,
  HTTP_API_PROPERTIES,
  HTTP_API_ROUTE_PROPERTIES,
  HTTP_API_STAGE_PROPERTIES,
  httpApiProviders,
} from '../services/apigateway/resource-providers/http-api-providers';
import {
  API_GATEWAY_ACCOUNT_PROPERTIES,
  apiGatewayAccountProvider,
} from '../services/apigateway/resource-providers/api-gateway-account-provider';
import {
  REST_API_DEPLOYMENT_PROPERTIES,
  REST_API_METHOD_PROPERTIES,
  REST_API_PROPERTIES,
  REST_API_RESOURCE_PROPERTIES,
  REST_API_STAGE_PROPERTIES,
  restApiProviders,
} from '../services/apigateway/resource-providers/rest-api-providers';
import {
  CDK_METADATA_PROPERTIES,
  cdkMetadataProvider,
} from '../services/cloudformation/resource-providers/cdk-metadata-provider';
import {
  CUSTOM_RESOURCE_PROPERTIES,
  customResourceProvider,
} from '../services/cloudformation/resource-providers/custom-resource-provider';
import {
  ALARM_PROPERTIES,
  cloudWatchProviders,
  DASHBOARD_PROPERTIES,
} from '../services/cloudwatch/resource-providers/cloudwatch-providers';
import {
  DYNAMODB_TABLE_PROPERTIES,
  dynamodbTableProvider,
} from '../services/dynamodb/resource-providers/dynamodb-table-provider';
import { IAM_POLICY_PROPERTIES, iamPolicyProvider } from '../services/iam/resource-providers/iam-policy-provider';
import { IAM_ROLE_PROPERTIES, iamRoleProvider } from '../services/iam/resource-providers/iam-role-provider';
import {
  EVENT_SOURCE_MAPPING_PROPERTIES,
  eventSourceMappingProvider,
} from '../services/lambda/resource-providers/event-source-mapping-provider';
import {
  LAMBDA_FUNCTION_PROPERTIES,
  lambdaFunctionProvider,
} from '../services/lambda/resource-providers/lambda-function-provider';
import {
  LAMBDA_PERMISSION_PROPERTIES,
  lambdaPermissionProvider,
} from '../services/lambda/resource-providers/lambda-permission-provider';
import {
  EVENT_INVOKE_CONFIG_PROPERTIES,
  eventInvokeConfigProvider,
} from '../services/lambda/resource-providers/event-invoke-config-provider';
import { codeFromS3 } from '../services/lambda/runtime/code-from-s3';
import { invokeAsynchronously } from '../services/lambda/async-invocation';
import { LOG_GROUP_PROPERTIES, logGroupProvider } from '../services/logs/resource-providers/log-group-provider';
import {
  SNS_SUBSCRIPTION_PROPERTIES,
  SNS_TOPIC_POLICY_PROPERTIES,
  SNS_TOPIC_PROPERTIES,
  snsProviders,
} from '../services/sns/resource-providers/sns-providers';
import {
  SQS_QUEUE_POLICY_PROPERTIES,
  sqsQueuePolicyProvider,
} from '../services/sqs/resource-providers/sqs-queue-policy-provider';
import { SQS_QUEUE_PROPERTIES, sqsQueueProvider } from '../services/sqs/resource-providers/sqs-queue-provider';
import {
  ECR_REPOSITORY_PROPERTIES,
  ecrRepositoryProvider,
} from '../services/ecr/resource-providers/ecr-repository-provider';
import {
  S3_BUCKET_POLICY_PROPERTIES,
  s3BucketPolicyProvider,
} from '../services/s3/resource-providers/s3-bucket-policy-provider';
import { S3_BUCKET_PROPERTIES, s3BucketProvider } from '../services/s3/resource-providers/s3-bucket-provider';
import {
  SSM_PARAMETER_PROPERTIES,
  ssmParameterProvider,
} from '../services/ssm/resource-providers/ssm-parameter-provider';
import {
  KMS_ALIAS_PROPERTIES,
  KMS_KEY_PROPERTIES,
  kmsProviders,
} from '../services/kms/resource-providers/kms-providers';
import { ACCOUNT_DEFAULT_THROTTLING } from '../services/apigateway/apigateway-api';
import { LAB_TARGET, type LabServices } from './lab-services';
import { labSnsIntegrationBackend } from './lab-sns-integration-backend';
import { labSqsIntegrationBackend } from './lab-sqs-integration-backend';
import { DEFAULT_EVENT_INVOKE_CONFIG, type EventInvokeConfig } from '../services/lambda/event-invoke-config';
import type { LabDeployContext, LabProviderSettings } from './lab-deploy-context';
import { labFunctionRuntime } from './lab-function-runtime';

/** A custom resource's function gets one attempt (a throttled one is still retried). */
const FIRST_ATTEMPT_ONLY: EventInvokeConfig = { ...DEFAULT_EVENT_INVOKE_CONFIG, maximumRetryAttempts: 0 };

/** What a provider entry builds its providers on. */
export interface ProviderInputs {
  readonly services: LabServices;
  readonly context: LabDeployContext;
  readonly settings: LabProviderSettings;
  /** One SQS backend for REST and HTTP APIs' integrations. */
  readonly sqsIntegration: ReturnType<typeof labSqsIntegrationBackend>;
}

/**
 * One service's resource types: each type with the declaration its provider uses (what it
 * emulates, notes or refuses; custom resources under their registry name), and how its providers
 * are made on a lab's services.
 */
export interface ProviderEntry {
  readonly coverage: Readonly<Record<string, PropertyCoverage>>;
  make(inputs: ProviderInputs): readonly ResourceProvider[];
}

/**
 * Every resource type a lab deploys: the one list the lab's registry is made from
 * ({@link labProviderRegistry}) and the coverage table is read from (deployed-type-coverage.ts).
 */
export const LAB_PROVIDERS: readonly ProviderEntry[] = [
  { coverage: { 'AWS::CDK::Metadata': CDK_METADATA_PROPERTIES }, make: () => [cdkMetadataProvider] },
  {
    coverage: { 'AWS::SQS::Queue': SQS_QUEUE_PROPERTIES, 'AWS::SQS::QueuePolicy': SQS_QUEUE_POLICY_PROPERTIES },
    make: ({ services: { sqs, iam, kms } }) => [
      sqsQueueProvider({ sqs: sqs.client, namePrefix: sqs.namePrefix, kms }),
      sqsQueuePolicyProvider({ registry: iam.registry, queueArnOf: (url) => sqs.queueArnOf(url) }),
    ],
  },
  {
    coverage: { 'AWS::DynamoDB::Table': DYNAMODB_TABLE_PROPERTIES },
    make: ({ services: { dynamodb, kms } }) => [
      dynamodbTableProvider({ dynamodb: dynamodb.client, namePrefix: dynamodb.namePrefix, kms }),
    ],
  },
  {
    coverage: { 'AWS::IAM::Role': IAM_ROLE_PROPERTIES, 'AWS::IAM::Policy': IAM_POLICY_PROPERTIES },
    make: ({ services: { iam } }) => [iamRoleProvider(iam.registry), iamPolicyProvider(iam.registry)],
  },
  {
    coverage: { 'AWS::Logs::LogGroup': LOG_GROUP_PROPERTIES },
    make: ({ services }) => [logGroupProvider(services.logsService)],
  },
  {
    coverage: {
      'AWS::Lambda::Function': LAMBDA_FUNCTION_PROPERTIES,
      'AWS::Lambda::EventSourceMapping': EVENT_SOURCE_MAPPING_PROPERTIES,
      'AWS::Lambda::Permission': LAMBDA_PERMISSION_PROPERTIES,
      'AWS::Lambda::EventInvokeConfig': EVENT_INVOKE_CONFIG_PROPERTIES,
    },
    make: ({ services, context, settings }) => {
      const { iam, lambda, sqs } = services;
      return [
        lambdaFunctionProvider({
          lambda,
          code: codeFromS3({ objectBytes: context.objectBytes ?? (() => undefined), assetDir: context.assetDir }),
          kms: services.kms,
          ...labFunctionRuntime(services, context, settings),
        }),
        eventSourceMappingProvider({
          lambda,
          sqs: sqs.client,
          sqsCalls: sqs.calls,
          logs: context.logs,
          roleMay: (roleArn, sessionName, action, resource) => iam.allows(roleArn, sessionName, action, resource),
          ...(settings.pollers === undefined ? {} : { pollers: settings.pollers }),
          ...(settings.waitTimeSeconds === undefined ? {} : { waitTimeSeconds: settings.waitTimeSeconds }),
          ...(settings.batchFormation === undefined ? {} : { batchFormation: settings.batchFormation }),
          seenByLambda: sqs.seenBy('lambda'),
        }),
        lambdaPermissionProvider(lambda.permissions),
        eventInvokeConfigProvider(lambda),
      ];
    },
  },
  {
    coverage: {
      'AWS::ApiGateway::Account': API_GATEWAY_ACCOUNT_PROPERTIES,
      'AWS::ApiGateway::RestApi': REST_API_PROPERTIES,
      'AWS::ApiGateway::Resource': REST_API_RESOURCE_PROPERTIES,
      'AWS::ApiGateway::Method': REST_API_METHOD_PROPERTIES,
      'AWS::ApiGateway::Deployment': REST_API_DEPLOYMENT_PROPERTIES,
      'AWS::ApiGateway::Stage': REST_API_STAGE_PROPERTIES,
      'AWS::ApiGateway::Model': REST_API_MODEL_PROPERTIES,
      'AWS::ApiGateway::RequestValidator': REST_API_REQUEST_VALIDATOR_PROPERTIES,
      'AWS::ApiGatewayV2::Api': HTTP_API_PROPERTIES,
      'AWS::ApiGatewayV2::Integration': HTTP_API_INTEGRATION_PROPERTIES,
      'AWS::ApiGatewayV2::Route': HTTP_API_ROUTE_PROPERTIES,
      'AWS::ApiGatewayV2::Stage': HTTP_API_STAGE_PROPERTIES,
      'AWS::ApiGatewayV2::Deployment': HTTP_API_DEPLOYMENT_PROPERTIES,
    },
    make: ({ services, settings, sqsIntegration }) => [
      apiGatewayAccountProvider(),
      ...restApiProviders({
        apis: services.apis,
        lambda: services.lambda,
        preferredPortOf: (stackName) => settings.preferredPorts?.apis?.[stackName],
        defaultThrottling: ACCOUNT_DEFAULT_THROTTLING,
        sqs: sqsIntegration,
        sns: labSnsIntegrationBackend({ sns: services.sns, iam: services.iam }),
        region: LAB_TARGET.region,
        ...(settings.stageThrottling === undefined ? {} : { throttling: settings.stageThrottling }),
      }),
      ...httpApiProviders({
        apis: services.apis,
        lambda: services.lambda,
        sqs: sqsIntegration,
        region: LAB_TARGET.region,
      }),
    ],
  },
  {
    coverage: {
      'AWS::SNS::Topic': SNS_TOPIC_PROPERTIES,
      'AWS::SNS::TopicPolicy': SNS_TOPIC_POLICY_PROPERTIES,
      'AWS::SNS::Subscription': SNS_SUBSCRIPTION_PROPERTIES,
    },
    make: ({ services }) => snsProviders({ sns: services.sns, iam: services.iam.registry, kms: services.kms }),
  },
  {
    coverage: { 'AWS::CloudWatch::Alarm': ALARM_PROPERTIES, 'AWS::CloudWatch::Dashboard': DASHBOARD_PROPERTIES },
    make: ({ services }) => cloudWatchProviders(services.cloudwatch),
  },
  {
    coverage: { 'AWS::S3::Bucket': S3_BUCKET_PROPERTIES, 'AWS::S3::BucketPolicy': S3_BUCKET_POLICY_PROPERTIES },
    make: ({ services }) => [
      s3BucketProvider({ state: services.s3, region: LAB_TARGET.region, notifications: services.s3Notifications }),
      s3BucketPolicyProvider(services.s3),
    ],
  },
  { coverage: { 'AWS::ECR::Repository': ECR_REPOSITORY_PROPERTIES }, make: () => [ecrRepositoryProvider(LAB_TARGET)] },
  {
    coverage: { 'AWS::SSM::Parameter': SSM_PARAMETER_PROPERTIES },
    make: ({ services }) => [ssmParameterProvider(services.ssm)],
  },
  {
    coverage: { 'AWS::KMS::Key': KMS_KEY_PROPERTIES, 'AWS::KMS::Alias': KMS_ALIAS_PROPERTIES },
    make: ({ services }) => kmsProviders(services.kms, services.iam.registry),
  },
  {
    coverage: { 'AWS::CloudFormation::CustomResource': CUSTOM_RESOURCE_PROPERTIES },
    make: ({ services: { lambda }, context }) => [
      customResourceProvider({
        responses: context.responses,
        stackId: (stackName) => context.stackIdOf(stackName) ?? stackName,
        invoke: (serviceToken, event) => {
          const deployed = lambda.resolve(serviceToken);
          // CloudFormation invokes a custom resource's function asynchronously: a throttled attempt
          // is retried. A failed one is not: the provider reports it at once (custom-resource-provider.ts).
          return {
            timeoutSeconds: deployed.timeoutSeconds,
            done: invokeAsynchronously(deployed.fn, event, { config: FIRST_ATTEMPT_ONLY }),
          };
        },
      }),
    ],
  },
];
