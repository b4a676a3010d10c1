/**
 * The lab's one AWS endpoint (`LocalLab.EndpointUrl`): every service the lab serves, behind one
 * loopback port, as AWS's regional endpoints are behind one account: CloudFormation, S3, STS,
 * SSM, Lambda and CloudWatch answered by the lab itself; SQS, DynamoDB and Logs, which keep their
 * own ports too, reached by passing the request on (SQS's query protocol answered in front of it).
 */
import { functionAccessKeyId, LAB_REGION } from '../common/local-aws';
import type { GatewayHandler } from '../gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '../gateway/lab-gateway';
import { proxyHandler } from '../gateway/proxy-handler';
import { type CloudFormationApiOptions, cloudFormationApi } from '../services/cloudformation/api/cloudformation-api';
import { cloudWatchApi } from '../services/cloudwatch/cloudwatch-api';
import type { CloudFormationService } from '../services/cloudformation/cloudformation-service';
import { templateFromS3 } from '../services/cloudformation/api/template-url';
import type { Emulators } from '../emulators/emulators';
import { lambdaApi } from '../services/lambda/lambda-api';
import type { FunctionRuntimeOptions } from '../services/lambda/runtime/function-launcher';
import { s3ObjectAddress } from '../services/s3/s3-object-url';
import { sqsApi } from '../services/sqs/sqs-api';
import { s3Api } from '../services/s3/s3-api';
import { ssmApi } from '../services/ssm/ssm-api';
import { kmsApi } from '../services/kms/kms-api';
import { stsApi } from '../services/sts/sts-api';
import { snsApi } from '../services/sns/sns-api';
import type { Cleanups } from './cleanups';
import { LAB_TARGET, type LabServices } from './lab-services';

/** What the endpoint serves beyond the services: the lab's CloudFormation API and how functions start. */
export interface LabEndpointSetup {
  readonly services: LabServices;
  readonly emulators: Emulators;
  /** The CloudFormation API's options (see {@link labCloudFormationApi}): the lab's own deploy calls the same. */
  readonly cloudformationApi: CloudFormationApiOptions;
  readonly functionRuntime: FunctionRuntimeOptions;
  /** The lab's S3: an object's bytes (a template or a function zip the CDK CLI uploaded), or undefined. */
  readonly objectBytes: (bucket: string, key: string) => Buffer | undefined;
  readonly preferredPort?: number;
}

/**
 * The lab's CloudFormation API over its engine: templates at a TemplateURL read from the lab's
 * S3, API Gateway URLs in outputs shown as the lab's loopback stages, `onStackChanged` after
 * each stack operation ends (the lab refreshes its views).
 */
export function labCloudFormationApi(setup: {
  readonly services: LabServices;
  readonly cloudformation: CloudFormationService;
  readonly objectBytes: (bucket: string, key: string) => Buffer | undefined;
  readonly onStackChanged: (stackName: string, region: string) => void;
}): CloudFormationApiOptions {
  const { services, objectBytes } = setup;
  const objectText = async (bucket: string, key: string) => objectBytes(bucket, key)?.toString('utf8');
  return {
    cloudformation: setup.cloudformation,
    templateFromUrl: templateFromS3(s3ObjectAddress, objectText),
    // The API's URL output stands for the lab's loopback stage, as in cdk-outputs.local.json.
    localizeOutput: (_stackName, _key, value) => services.apis.localUrls(LAB_REGION).get(value) ?? value,
    onStackChanged: setup.onStackChanged,
  };
}

/**
 * The endpoint in front of the emulators alone (SQS and DynamoDB), without a lab: the bench
 * measures what the one endpoint costs the SQS batch path against the emulator's own port.
 */
export function startEmulatorsEndpoint(emulators: Emulators): Promise<LabGateway> {
  return startLabGateway(emulatorProxies(emulators), { front: emulators });
}

/** SQS (its query protocol answered in front of it) and DynamoDB, passed on to the emulators' own ports. */
function emulatorProxies(emulators: Emulators): GatewayHandler[] {
  return [sqsApi(proxyHandler('sqs', emulators.sqsCliEndpoint)), proxyHandler('dynamodb', emulators.dynamodbEndpoint)];
}

/** Starts the endpoint with every service of the lab; `cleanups` stops it. */
export async function startLabEndpoint(setup: LabEndpointSetup, cleanups: Cleanups): Promise<LabGateway> {
  const { services, objectBytes } = setup;
  const handlers: GatewayHandler[] = [
    ...emulatorProxies(setup.emulators),
    proxyHandler('logs', services.logsServer.url),
    s3Api(services.s3, services.s3Notifications),
    ssmApi(services.ssm),
    kmsApi(services.kms, LAB_TARGET.accountId),
    snsApi(services.sns),
    stsApi({
      accountId: LAB_TARGET.accountId,
      roleExists: (roleArn) => services.iam.registry.roleByArn(roleArn) !== undefined,
      functionSessionOf: (accessKeyId) => {
        for (const [functionName, deployed] of services.lambda.all())
          if (functionAccessKeyId(deployed.roleArn, functionName) === accessKeyId)
            return { roleArn: deployed.roleArn, functionName };
        return undefined;
      },
    }),
    cloudFormationApi(setup.cloudformationApi),
    lambdaApi({ ...setup.functionRuntime, lambda: services.lambda, objectBytes }),
    cloudWatchApi(services.cloudwatch),
  ];
  const gateway = await startLabGateway(handlers, {
    front: setup.emulators,
    ...(setup.preferredPort === undefined ? {} : { preferredPort: setup.preferredPort }),
  });
  cleanups.add(() => gateway.stop());
  return gateway;
}
