/**
 * The lab notes, in English: what a deploy says, once, of a property it accepts without emulating
 * it, because the property changes nothing the lab shows. Each resource provider names its notes
 * by key (`PropertyCoverage.noted`); provider-notes-ja.ts has the same keys. Keys are the resource
 * (`sqsQueue`) and the property (`KmsMasterKeyId`), or one word for a note several types share.
 */

/** Every lab note, in English. */
export const enProviderNotes = {
  // shared by several resource types
  description: 'descriptions are text for people; the lab keeps them in the template only',
  tags: 'tags are accepted and not applied: nothing in the lab reads them (no cost reports, no tag conditions in IAM)',
  operationName: 'the operation name is for generated SDKs; the lab generates none',
  xRayTracing: 'X-Ray tracing sends segments the lab does not collect',
  // lab/services/apigateway/resource-providers/api-gateway-account-provider.ts
  apiGatewayAccountCloudWatchRoleArn:
    "the role API Gateway writes execution logs with; the lab's API Gateway writes none (the functions' own logs are in CloudWatch Logs)",
  // lab/services/apigateway/resource-providers/http-api-providers.ts
  httpApiIntegrationConnectionType:
    'INTERNET is the only connection the lab has: it calls the lab’s own functions and queues',
  httpApiIntegrationIntegrationMethod:
    'a Lambda proxy is always invoked with POST; the lab invokes the function directly',
  httpApiStageDefaultRouteSettings:
    'route throttling and detailed metrics are not applied to HTTP API stages in the lab',
  httpApiDeploymentStageName: 'the lab’s stages always serve the API’s current routes, as with automatic deployment',
  // lab/services/apigateway/resource-providers/rest-api-providers.ts
  restApiName: 'the lab finds an API by its id; the name is for the console',
  restApiEndpointConfiguration:
    'edge, regional or private decides where AWS serves the API; the lab serves it on 127.0.0.1',
  restApiSecurityPolicy: 'the TLS policy does not apply: the lab serves plain HTTP on loopback',
  restApiMethodMethodResponses:
    'method responses declare the status codes and headers a method may answer; the lab answers what the Lambda proxy or the integration response gives, without checking it against them',
  restApiStageClientCertificateId:
    'a client certificate authenticates API Gateway to HTTP back ends; a Lambda proxy has none',
  restApiStageDocumentationVersion:
    'API documentation versions are for people; the lab keeps them in the template only',
  // lab/services/cloudformation/resource-providers/cdk-metadata-provider.ts
  cdkMetadataAnalytics: 'CDK’s version report is for AWS’s usage statistics; the lab keeps it in the template only',
  // lab/services/cloudwatch/resource-providers/cloudwatch-providers.ts
  alarmEvaluatedEverySecond:
    'the lab evaluates an alarm every second on the metric’s current value, whatever its period, statistic, evaluation periods, datapoints and missing-data treatment: on AWS it changes state after at least one whole period',
  // lab/services/dynamodb/resource-providers/dynamodb-table-provider.ts
  dynamodbTableSSESpecification:
    'an AWS-owned key (the default) or the AWS-managed key alias/aws/dynamodb encrypts at rest with nothing to see or grant; a customer-managed key must be an AWS::KMS::Key of your stacks, and a function reading or writing the table needs kms:Decrypt on it (DynamoDB’s “KMS key access denied” AccessDeniedException otherwise)',
  dynamodbTableTimeToLiveSpecification:
    'dynalite has no TTL, and DynamoDB deletes expired items only within days: readers treat an item past its expiry as absent on both',
  dynamodbTableContributorInsightsSpecification:
    'Contributor Insights draws graphs of the most accessed keys; the lab draws none',
  dynamodbTablePointInTimeRecoverySpecification:
    'point-in-time recovery keeps backups for restores the lab does not offer',
  dynamodbTableTableClass: 'the table class changes the price, not the behaviour',
  dynamodbTableWarmThroughput: 'warm throughput pre-warms capacity; dynalite has no capacity to warm',
  // lab/services/ecr/resource-providers/ecr-repository-provider.ts
  ecrRepositoryRecord:
    'the lab has no container registry: a repository is a record (name, ARN, URI), and its image settings and policies apply to no image',
  // lab/services/iam/resource-providers/iam-role-provider.ts
  iamRoleAssumeRolePolicyDocument:
    'the lab does not check who may assume a role: every function runs with the role its template names (Lambda refuses a role it may not assume)',
  iamRoleMaxSessionDuration: 'the lab issues no session credentials, so their longest lifetime changes nothing',
  // lab/services/kms/resource-providers/kms-providers.ts
  kmsKeyEnableKeyRotation:
    'rotation makes new key material every year; the lab’s key keeps its material, and what it encrypted still decrypts, as after a rotation',
  kmsKeyRotationPeriodInDays: 'the rotation period sets when rotation happens; the lab does not rotate',
  kmsKeyPendingWindowInDays: 'KMS waits 7 to 30 days before it deletes a key; the lab deletes it with its stack',
  kmsKeyBypassPolicyLockoutSafetyCheck:
    'the lockout check guards against a policy that locks the account out of its key; the lab keeps the policy as given',
  // lab/services/lambda/resource-providers/event-source-mapping-provider.ts
  eventSourceMappingMetricsConfig:
    'the mapping’s CloudWatch metrics are not published; the lab shows its counters instead (lab.counters(), the console)',
  // lab/services/lambda/resource-providers/lambda-function-provider.ts
  lambdaFunctionArchitectures: 'arm64 or x86_64 changes the price per GB-second, not what JavaScript does',
  lambdaFunctionEphemeralStorage: 'the lab does not limit /tmp; the handlers here write nothing there',
  lambdaFunctionRuntimeManagementConfig:
    'runtime updates are Lambda’s to schedule; the lab runs one Node.js for every function',
  lambdaFunctionPackageType: 'Zip, the default, is the package type the lab runs; an Image function is refused',
  lambdaFunctionRecursiveLoop:
    'the lab does not detect a function invoking itself through SQS or SNS; Terminate (the default) and Allow run alike',
  lambdaFunctionTracingConfig:
    'X-Ray tracing sends segments the lab does not collect (the trace header is set either way)',
  // lab/services/lambda/resource-providers/lambda-permission-provider.ts
  lambdaPermissionSourceNotMatched:
    'the lab records which principal may invoke a function, not from which source ARN or account',
  // lab/services/logs/resource-providers/log-group-provider.ts
  logGroupRetentionInDays: 'the lab keeps the lines of its run, not days of them: retention expires nothing',
  logGroupFieldIndexPolicies: 'field indexes speed up Logs Insights queries, which the lab does not run',
  logGroupLogGroupClass:
    'STANDARD, the default, is the class the lab keeps; INFREQUENT_ACCESS and DELIVERY change what a group can do, and are refused',
  // lab/services/s3/resource-providers/s3-bucket-policy-provider.ts
  s3BucketPolicyPolicyDocument:
    'bucket policies are stored (GetBucketPolicy answers them), not enforced: the lab’s endpoint is plain HTTP, which a deny-unless-TLS statement such as the CDK bootstrap bucket’s would refuse',
  // lab/services/s3/resource-providers/s3-bucket-provider.ts
  s3BucketAnalyticsConfigurations: 'storage class analysis exports reports the lab does not produce',
  s3BucketInventoryConfigurations: 'S3 Inventory writes daily or weekly object lists the lab does not produce',
  s3BucketMetricsConfigurations: 'request metrics go to CloudWatch, which the lab does not send S3 metrics to',
  s3BucketOwnershipControls:
    'BucketOwnerEnforced, the default for new buckets, turns ACLs off; the lab keeps no object ACLs, so every setting reads alike',
  s3BucketAccessControl: 'canned ACLs are recorded, not evaluated: the lab has one account and one caller',
  s3BucketLifecycleConfiguration:
    'lifecycle rules are recorded; nothing in the lab expires objects or aborts uploads by age',
  s3BucketPublicAccessBlockConfiguration:
    'the public access block is recorded; the lab serves only loopback, so nothing is public',
  // lab/services/sns/resource-providers/sns-providers.ts
  snsTopicFifoThroughputScope:
    "the throughput scope sets a FIFO topic's throughput quota (per topic or per message group); the lab sets no quota",
  snsTopicDisplayName:
    'the display name is the sender name of e-mail and SMS notifications, which the lab does not send',
  snsTopicKmsMasterKeyId:
    'the AWS-managed key alias/aws/sns encrypts at rest with nothing to see or grant, except that AWS services (CloudWatch alarms among them) cannot publish under it, as on AWS; a customer-managed key must be an AWS::KMS::Key of your stacks, and a function publishing needs kms:GenerateDataKey and kms:Decrypt on it (SNS’s KMSAccessDenied otherwise)',
  snsTopicSignatureVersion:
    'the signature version signs deliveries to HTTP and e-mail endpoints, which the lab does not make',
  snsSubscriptionDeliveryPolicy: 'the delivery policy sets HTTP retries; the lab delivers nothing over HTTP',
  snsSubscriptionRegion:
    "the topic's Region, the stack's own, is where the lab subscribes; a topic in another Region is refused",
  // lab/services/sqs/resource-providers/sqs-queue-provider.ts
  sqsQueueSqsManagedSseEnabled:
    'SSE-SQS encrypts messages at rest with keys SQS owns: nothing to see and no permission to grant, so the lab stores the setting only',
  sqsQueueKmsMasterKeyId:
    'the AWS-managed key alias/aws/sqs encrypts at rest with nothing to see or grant, so the lab stores it; a customer-managed key must be an AWS::KMS::Key of your stacks, and a function sending needs kms:GenerateDataKey and kms:Decrypt on it, receiving kms:Decrypt (SQS’s KmsAccessDenied otherwise)',
  sqsQueueKmsDataKeyReusePeriodSeconds:
    'the data key reuse period changes how often SQS calls KMS (cost), nothing a message shows',
  // lab/services/ssm/resource-providers/ssm-parameter-provider.ts
  ssmParameterTier: 'the tier sets the size limit and price of a parameter; the lab stores the parameter either way',
};

/** The key of a lab note: what a provider's `PropertyCoverage.noted` names for a property. */
export type ProviderNoteKey = keyof typeof enProviderNotes;
