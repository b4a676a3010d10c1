/**
 * The services of one lab, started in order (each one's undo registered as it starts): the Logs
 * service and its endpoint, IAM, Lambda, API Gateway, SNS, CloudWatch, the lab's side of SQS
 * and DynamoDB, and S3's and SSM's state (what `cdk bootstrap` and asset publishing use). They start empty; the stacks' resource providers fill them.
 */
import { LAB_ACCOUNT_ID, LAB_REGION } from '../common/local-aws';
import { propagationDelayMs, type ResolvedPropagation } from '../common/propagation';
import { ApiGatewayService } from '../services/apigateway/apigateway-service';
import type { DeployedStack } from '../services/cloudformation/engine/deployed-stack';
import { CloudWatchService } from '../services/cloudwatch/cloudwatch-service';
import { DynamoDbService } from '../services/dynamodb/dynamodb-service';
import type { Emulators } from '../emulators/emulators';
import { IamService } from '../services/iam/iam-service';
import { LambdaService } from '../services/lambda/lambda-service';
import type { LabBus } from '../bus/lab-bus';
import { LogsService } from '../services/logs/logs-service';
import { LogsApi } from '../services/logs/logs-api';
import { SnsService } from '../services/sns/sns-service';
import { type NotificationSender, notify } from '../services/s3/s3-notifications';
import { labNotificationSender } from './lab-notification-sender';
import { labDestinationSender } from './lab-destination-sender';
import { subscriptionDelivery } from '../services/sns/subscription-delivery';
import type { ServiceRequest } from '../services/iam/iam-evaluator';
import { SqsService } from '../services/sqs/sqs-service';
import { S3State } from '../services/s3/s3-state';
import { SsmState } from '../services/ssm/ssm-state';
import { KmsState } from '../services/kms/kms-state';
import type { Cleanups } from './cleanups';
import type { LabClients } from './lab-clients';

/** The account and region every lab deploys to. */
export const LAB_TARGET = { accountId: LAB_ACCOUNT_ID, region: LAB_REGION } as const;

/** One lab's services. */
export interface LabServices {
  readonly logsService: LogsService;
  readonly logsServer: LogsApi;
  readonly iam: IamService;
  readonly lambda: LambdaService;
  readonly apis: ApiGatewayService;
  readonly sns: SnsService;
  /** How S3 sends its event notifications. */
  readonly s3Notifications: NotificationSender;
  readonly cloudwatch: CloudWatchService;
  readonly sqs: SqsService;
  readonly dynamodb: DynamoDbService;
  /** Buckets and objects (the CDK CLI's assets). */
  readonly s3: S3State;
  /** Parameter Store (the bootstrap version). */
  readonly ssm: SsmState;
  /** KMS keys and aliases (`AWS::KMS::Key`, `AWS::KMS::Alias`). */
  readonly kms: KmsState;
}

/** What the services are started on. */
export interface LabServicesSetup {
  readonly emulators: Emulators;
  readonly clients: LabClients;
  readonly logs: LabBus;
  /** Prefix of every queue and table name. */
  readonly namePrefix: string;
  readonly propagation: ResolvedPropagation;
  /** The Logs endpoint's port, when it is free. */
  readonly logsPort?: number;
}

/** Starts the services; `cleanups` stops each one that started, newest first. */
export async function startLabServices(setup: LabServicesSetup, cleanups: Cleanups): Promise<LabServices> {
  const { clients, logs, propagation } = setup;
  const logsService = new LogsService();
  const logsServer = await LogsApi.start(logsService, setup.logsPort);
  cleanups.add(() => logsServer.stop());
  const iam = new IamService(
    LAB_TARGET,
    propagation.iamGrants ? { grantDelayMs: (grant) => propagationDelayMs(propagation, `iam#${grant}`) } : {},
  );
  cleanups.add(() => iam.dispose());
  // The record of an asynchronous invocation goes to its destination as the function's role.
  let lateSns: SnsService | undefined;
  const lambda: LambdaService = new LambdaService({
    sqs: clients.sqs,
    logs,
    sendRecord: labDestinationSender({
      sqs: clients.sqs,
      iam,
      lambda: () => lambda,
      sns: () => {
        if (lateSns === undefined) throw new Error('SNS has not started');
        return lateSns;
      },
    }),
  });
  cleanups.add(() => lambda.stop());
  const detachStore = logsService.attach(logs, (functionName) => lambda.logGroupOf(functionName));
  cleanups.add(detachStore);
  const apis = new ApiGatewayService();
  cleanups.add(() => apis.stop());
  const authorizeService = (request: ServiceRequest) => iam.evaluator.evaluateService(request);
  const sns = new SnsService(
    authorizeService,
    subscriptionDelivery({
      sqs: clients.sqs,
      authorize: authorizeService,
      lambda: {
        permits: (functionArn, principal) => lambda.permits(functionArn, principal),
        // SNS invokes asynchronously: what the function answers is not SNS's concern.
        invoke: async (functionArn, event) => lambda.queueEvent(functionArn, event),
      },
    }),
  );
  lateSns = sns;
  const cloudwatch = new CloudWatchService(clients.sqs, sns, {
    onAlarm: (change) => logs.emit('alarm', change),
    onAlarmAction: (outcome) => logs.emit('alarm-action', outcome),
  });
  cleanups.add(() => cloudwatch.stop());
  const sqs = new SqsService({
    client: clients.sqs,
    calls: clients.sqsCalls,
    namePrefix: setup.namePrefix,
    attributeChanges: (queueUrl) => setup.emulators.queueAttributeChanges(queueUrl),
    propagation,
  });
  const dynamodb = new DynamoDbService(clients.dynamodb, setup.namePrefix);
  const s3 = new S3State();
  const s3Notifications = labNotificationSender({ sqs: clients.sqs, sns, lambda, authorize: authorizeService });
  // Every object written or deleted reaches the destinations its bucket's configuration names.
  s3.onObjectEvent((event) => {
    const targets = s3.findBucket(event.bucket)?.notifications;
    if (targets !== undefined) void notify(s3Notifications, targets, event);
  });
  const ssm = new SsmState(LAB_TARGET);
  const kms = new KmsState(LAB_TARGET.accountId, LAB_TARGET.region);
  // A call to a resource under a customer-managed key needs that key's permissions too.
  iam.keyOf = (resourceArn) => kms.keyOf(resourceArn);
  return { logsService, logsServer, iam, lambda, apis, sns, cloudwatch, sqs, dynamodb, s3, s3Notifications, ssm, kms };
}

/** With shared emulators, the lab removes its queues (which also ends abandoned long polls) and tables. */
export async function deleteLabResources(services: LabServices, stacks: readonly DeployedStack[]): Promise<void> {
  const resources = stacks.flatMap((stack) => [...stack.resources.values()]);
  const of = (type: string) => resources.filter((resource) => resource.type === type).map((r) => r.physicalId);
  await Promise.all([
    services.sqs.deleteQueues(of('AWS::SQS::Queue')),
    services.dynamodb.deleteTables(of('AWS::DynamoDB::Table')),
  ]);
}
