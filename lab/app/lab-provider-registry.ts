/**
 * Every resource type a lab deploys, each with its provider on the lab's services: CDK's
 * metadata, SQS queues and policies, DynamoDB tables, IAM roles and policies, log groups, Lambda
 * functions, event source mappings and permissions, API Gateway's REST API resources, SNS,
 * CloudWatch, S3 buckets and bucket policies, ECR repositories (records), SSM parameters, and
 * custom resources (which run their own handlers).
 */
import type { AwsFaultRule } from '../interceptors/aws-call-faults';
import type { AwsCallLedger } from '../interceptors/aws-call-ledger';
import { restApiProviders } from '../services/apigateway/resource-providers/rest-api-providers';
import { httpApiProviders } from '../services/apigateway/resource-providers/http-api-providers';
import { apiGatewayAccountProvider } from '../services/apigateway/resource-providers/api-gateway-account-provider';
import { cdkMetadataProvider } from '../services/cloudformation/resource-providers/cdk-metadata-provider';
import {
  type CustomResourceResponses,
  customResourceProvider,
  RESPONSE_URL_HOST,
} from '../services/cloudformation/resource-providers/custom-resource-provider';
import { ProviderRegistry } from '../services/cloudformation/resource-provider';
import { cloudWatchProviders } from '../services/cloudwatch/resource-providers/cloudwatch-providers';
import { dynamodbTableProvider } from '../services/dynamodb/resource-providers/dynamodb-table-provider';
import { type EmulatorEndpoints, localhostDnsModuleUrl } from '../emulators/emulators';
import { iamPolicyProvider } from '../services/iam/resource-providers/iam-policy-provider';
import { iamRoleProvider } from '../services/iam/resource-providers/iam-role-provider';
import type { BatchFormation } from '../services/lambda/event-source-mapping/batch-formation';
import { eventSourceMappingProvider } from '../services/lambda/resource-providers/event-source-mapping-provider';
import { lambdaFunctionProvider } from '../services/lambda/resource-providers/lambda-function-provider';
import { lambdaPermissionProvider } from '../services/lambda/resource-providers/lambda-permission-provider';
import { eventInvokeConfigProvider } from '../services/lambda/resource-providers/event-invoke-config-provider';
import { codeFromS3 } from '../services/lambda/runtime/code-from-s3';
import { invokeAsynchronously } from '../services/lambda/async-invocation';
import type { AccountConcurrency } from '../services/lambda/account-concurrency';
import type { FunctionRuntimeOptions } from '../services/lambda/runtime/function-launcher';
import type { LabBus } from '../bus/lab-bus';
import { logGroupProvider } from '../services/logs/resource-providers/log-group-provider';
import { snsProviders } from '../services/sns/resource-providers/sns-providers';
import { sqsQueuePolicyProvider } from '../services/sqs/resource-providers/sqs-queue-policy-provider';
import { sqsQueueProvider } from '../services/sqs/resource-providers/sqs-queue-provider';
import { ecrRepositoryProvider } from '../services/ecr/resource-providers/ecr-repository-provider';
import { s3BucketPolicyProvider } from '../services/s3/resource-providers/s3-bucket-policy-provider';
import { s3BucketProvider } from '../services/s3/resource-providers/s3-bucket-provider';
import { ssmParameterProvider } from '../services/ssm/resource-providers/ssm-parameter-provider';
import { kmsProviders } from '../services/kms/resource-providers/kms-providers';
import { ACCOUNT_DEFAULT_THROTTLING } from '../services/apigateway/apigateway-api';
import { LAB_TARGET, type LabServices } from './lab-services';
import { labSnsIntegrationBackend } from './lab-sns-integration-backend';
import { labSqsIntegrationBackend } from './lab-sqs-integration-backend';
import { DEFAULT_EVENT_INVOKE_CONFIG, type EventInvokeConfig } from '../services/lambda/event-invoke-config';

/** A custom resource's function gets one attempt (a throttled one is still retried). */
const FIRST_ATTEMPT_ONLY: EventInvokeConfig = { ...DEFAULT_EVENT_INVOKE_CONFIG, maximumRetryAttempts: 0 };

/** The lab's settings the providers read (`StartLabOptions` extends them). */
export interface LabProviderSettings {
  /**
   * A fixed number of concurrent pollers per mapping, without Lambda's scaling (benchmarks,
   * chaos runs, tests). Default: start with 5 and scale as Lambda documents.
   */
  readonly pollers?: number;
  /**
   * How the mappings size their receives: AWS-like (a receive may return fewer messages than
   * the batch size, drawn from a seed) or `full` batches. Default AWS-like, seed 1.
   */
  readonly batchFormation?: BatchFormation;
  /** Long-poll wait of the pollers, 1–20 s (Lambda: 20). */
  readonly waitTimeSeconds?: number;
  /**
   * Lab-only: throttling of every API Gateway stage instead of the template's (1 request/s, burst
   * 10), for runs that test something else than the throttle at more requests per second (the
   * bad-input sweep). Nothing on AWS corresponds to it.
   */
  readonly stageThrottling?: { readonly rateLimitPerSecond: number; readonly burstLimit: number };
  /** The port each stack's API stage should keep when it is free, by stack name. */
  readonly preferredPorts?: { readonly apis?: Readonly<Record<string, number>> };
  /**
   * Authorize every AWS call a function makes against its role and the target's resource
   * policy (default true). Off only to measure IAM's cost, or to test other layers with
   * fixtures that have no grants.
   */
  readonly enforceIam?: boolean;
  /**
   * The lab runs under a debugger (`--inspect`): function timeouts are not enforced, so a paused
   * handler is not ended (`LocalFunctionOptions.debugging`). Default false.
   */
  readonly debugging?: boolean;
}

/** What the providers deploy with, beyond the services. */
export interface LabDeployContext {
  readonly logs: LabBus;
  readonly endpoints: EmulatorEndpoints;
  /**
   * The lab's one endpoint (`http://127.0.0.1:<port>`), once it listens: every function's SDK
   * calls go there (`AWS_ENDPOINT_URL`), whatever the service.
   */
  readonly awsEndpoint?: () => string | undefined;
  /** The account's concurrency quota, shared by every function (absent: none). */
  readonly concurrency?: AccountConcurrency;
  /** The bundled runtime worker every function's environments run. */
  readonly runtimePath: string;
  /** The directory of a stack's asset, by its key, in the cloud assembly being deployed. */
  readonly assetDir: (stackName: string, key: string) => string;
  /** The lab's S3: an object's bytes (function code the CDK CLI uploaded), or undefined; absent: assets only. */
  readonly objectBytes?: (bucket: string, key: string) => Buffer | undefined;
  /** Where custom resources' handlers send their responses. */
  readonly responses: CustomResourceResponses;
  /** The id of a stack of the lab's own region, by name (custom resources' `StackId`). */
  readonly stackIdOf: (stackName: string) => string | undefined;
  /** The AWS call interceptor inside the functions' environments: the ledger, the fault rules and their seed. */
  readonly awsCalls: {
    readonly ledger: AwsCallLedger;
    readonly faults: readonly AwsFaultRule[];
    readonly seed: number | string;
  };
}

/** The providers of every type the lab deploys, on `services`. */
export function labProviderRegistry(
  services: LabServices,
  context: LabDeployContext,
  settings: LabProviderSettings,
): ProviderRegistry {
  const { iam, lambda, sqs } = services;
  const { logs } = context;
  // One SQS backend for REST and HTTP APIs' integrations.
  const sqsIntegration = labSqsIntegrationBackend({ sqs: sqs.client, iam });
  return new ProviderRegistry([
    cdkMetadataProvider,
    sqsQueueProvider({ sqs: sqs.client, namePrefix: sqs.namePrefix, kms: services.kms }),
    sqsQueuePolicyProvider({ registry: iam.registry, queueArnOf: (url) => sqs.queueArnOf(url) }),
    dynamodbTableProvider({
      dynamodb: services.dynamodb.client,
      namePrefix: services.dynamodb.namePrefix,
      kms: services.kms,
    }),
    iamRoleProvider(iam.registry),
    iamPolicyProvider(iam.registry),
    logGroupProvider(services.logsService),
    lambdaFunctionProvider({
      lambda,
      code: codeFromS3({ objectBytes: context.objectBytes ?? (() => undefined), assetDir: context.assetDir }),
      kms: services.kms,
      ...labFunctionRuntime(services, context, settings),
    }),
    eventSourceMappingProvider({
      lambda,
      sqs: sqs.client,
      logs,
      roleMay: (roleArn, sessionName, action, resource) => iam.allows(roleArn, sessionName, action, resource),
      ...(settings.pollers === undefined ? {} : { pollers: settings.pollers }),
      ...(settings.waitTimeSeconds === undefined ? {} : { waitTimeSeconds: settings.waitTimeSeconds }),
      ...(settings.batchFormation === undefined ? {} : { batchFormation: settings.batchFormation }),
      seenByLambda: sqs.seenBy('lambda'),
    }),
    lambdaPermissionProvider(lambda.permissions),
    eventInvokeConfigProvider(lambda),
    apiGatewayAccountProvider(),
    ...restApiProviders({
      apis: services.apis,
      lambda,
      preferredPortOf: (stackName) => settings.preferredPorts?.apis?.[stackName],
      defaultThrottling: ACCOUNT_DEFAULT_THROTTLING,
      sqs: sqsIntegration,
      sns: labSnsIntegrationBackend({ sns: services.sns, iam }),
      region: LAB_TARGET.region,
      ...(settings.stageThrottling === undefined ? {} : { throttling: settings.stageThrottling }),
    }),
    ...httpApiProviders({
      apis: services.apis,
      lambda,
      sqs: sqsIntegration,
      region: LAB_TARGET.region,
    }),
    ...snsProviders({ sns: services.sns, iam: iam.registry, kms: services.kms }),
    ...cloudWatchProviders(services.cloudwatch),
    s3BucketProvider({ state: services.s3, region: LAB_TARGET.region, notifications: services.s3Notifications }),
    s3BucketPolicyProvider(services.s3),
    ecrRepositoryProvider(LAB_TARGET),
    ssmParameterProvider(services.ssm),
    ...kmsProviders(services.kms, iam.registry),
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
  ]);
}

/**
 * What every function the lab starts runs with (its runtime, the emulator endpoints, logs, IAM,
 * the AWS call interceptor): the function provider's, and the Lambda API's when an update
 * starts a function anew (`lambdaApi({ lambda, objectBytes, ...labFunctionRuntime(…) })`).
 */
export function labFunctionRuntime(
  services: Pick<LabServices, 'iam'>,
  context: Pick<
    LabDeployContext,
    'logs' | 'endpoints' | 'awsEndpoint' | 'runtimePath' | 'responses' | 'awsCalls' | 'concurrency'
  >,
  settings: Pick<LabProviderSettings, 'enforceIam' | 'debugging'>,
): FunctionRuntimeOptions {
  const { iam } = services;
  return {
    runtimePath: context.runtimePath,
    localhostDnsModuleUrl: localhostDnsModuleUrl(),
    endpoints: context.endpoints,
    ...(context.awsEndpoint === undefined ? {} : { awsEndpoint: context.awsEndpoint }),
    // A KmsKeyArn environment: the role must be allowed kms:Decrypt on the key (the key policy first).
    ...(settings.enforceIam === false
      ? {}
      : { keyAccess: (roleArn, sessionName, keyArn) => iam.allows(roleArn, sessionName, 'kms:Decrypt', keyArn) }),
    runtimeOptions: ({ functionName, roleArn }) => ({
      logs: context.logs,
      // A new function is Active once the grants its role already has have propagated.
      activeAt: iam.registry.grantsSettleAt(roleArn.slice(roleArn.lastIndexOf('/') + 1)),
      awsCalls: context.awsCalls,
      ...(settings.enforceIam === false
        ? {}
        : { authorize: iam.authorizer(roleArn, functionName), iamVersion: iam.version }),
      httpsRedirects: { [RESPONSE_URL_HOST]: context.responses.target },
      ...(context.concurrency === undefined ? {} : { concurrency: context.concurrency }),
      ...(settings.debugging === true ? { debugging: true } : {}),
    }),
  };
}
