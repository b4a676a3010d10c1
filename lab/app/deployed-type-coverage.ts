/**
 * The property coverage of every resource type the lab deploys, as each provider declares it
 * beside its code: one place to list them for the coverage test and for docs/fidelity.md.
 * The lab's provider registry (lab-provider-registry.ts, beside this file) registers the same
 * providers; test/lab/app/deployed-type-coverage.test.ts holds the two to the same types and
 * declarations (through `lab.resourceTypes()`). It lives here, above the services, so that
 * cloudformation/ imports no service's providers.
 */
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
} from '../services/apigateway/resource-providers/http-api-providers';
import { API_GATEWAY_ACCOUNT_PROPERTIES } from '../services/apigateway/resource-providers/api-gateway-account-provider';
import {
  REST_API_DEPLOYMENT_PROPERTIES,
  REST_API_METHOD_PROPERTIES,
  REST_API_PROPERTIES,
  REST_API_RESOURCE_PROPERTIES,
  REST_API_STAGE_PROPERTIES,
} from '../services/apigateway/resource-providers/rest-api-providers';
import { ALARM_PROPERTIES, DASHBOARD_PROPERTIES } from '../services/cloudwatch/resource-providers/cloudwatch-providers';
import { DYNAMODB_TABLE_PROPERTIES } from '../services/dynamodb/resource-providers/dynamodb-table-provider';
import { IAM_POLICY_PROPERTIES } from '../services/iam/resource-providers/iam-policy-provider';
import { IAM_ROLE_PROPERTIES } from '../services/iam/resource-providers/iam-role-provider';
import { KMS_ALIAS_PROPERTIES, KMS_KEY_PROPERTIES } from '../services/kms/resource-providers/kms-providers';
import { EVENT_SOURCE_MAPPING_PROPERTIES } from '../services/lambda/resource-providers/event-source-mapping-provider';
import { LAMBDA_FUNCTION_PROPERTIES } from '../services/lambda/resource-providers/lambda-function-provider';
import { LAMBDA_PERMISSION_PROPERTIES } from '../services/lambda/resource-providers/lambda-permission-provider';
import { EVENT_INVOKE_CONFIG_PROPERTIES } from '../services/lambda/resource-providers/event-invoke-config-provider';
import { LOG_GROUP_PROPERTIES } from '../services/logs/resource-providers/log-group-provider';
import {
  SNS_SUBSCRIPTION_PROPERTIES,
  SNS_TOPIC_POLICY_PROPERTIES,
  SNS_TOPIC_PROPERTIES,
} from '../services/sns/resource-providers/sns-providers';
import { SQS_QUEUE_POLICY_PROPERTIES } from '../services/sqs/resource-providers/sqs-queue-policy-provider';
import { SQS_QUEUE_PROPERTIES } from '../services/sqs/resource-providers/sqs-queue-provider';
import { ECR_REPOSITORY_PROPERTIES } from '../services/ecr/resource-providers/ecr-repository-provider';
import { S3_BUCKET_POLICY_PROPERTIES } from '../services/s3/resource-providers/s3-bucket-policy-provider';
import { S3_BUCKET_PROPERTIES } from '../services/s3/resource-providers/s3-bucket-provider';
import { SSM_PARAMETER_PROPERTIES } from '../services/ssm/resource-providers/ssm-parameter-provider';
import { CDK_METADATA_PROPERTIES } from '../services/cloudformation/resource-providers/cdk-metadata-provider';
import { CUSTOM_RESOURCE_PROPERTIES } from '../services/cloudformation/resource-providers/custom-resource-provider';
import type { PropertyCoverage } from '../services/cloudformation/validation/property-coverage';

/** Resource type (custom resources under their registry name) → its provider's coverage. */
export const DEPLOYED_TYPE_COVERAGE: Readonly<Record<string, PropertyCoverage>> = {
  'AWS::ApiGateway::Account': API_GATEWAY_ACCOUNT_PROPERTIES,
  'AWS::ApiGateway::Deployment': REST_API_DEPLOYMENT_PROPERTIES,
  'AWS::ApiGateway::Method': REST_API_METHOD_PROPERTIES,
  'AWS::ApiGateway::Model': REST_API_MODEL_PROPERTIES,
  'AWS::ApiGateway::RequestValidator': REST_API_REQUEST_VALIDATOR_PROPERTIES,
  'AWS::ApiGateway::Resource': REST_API_RESOURCE_PROPERTIES,
  'AWS::ApiGateway::RestApi': REST_API_PROPERTIES,
  'AWS::ApiGatewayV2::Api': HTTP_API_PROPERTIES,
  'AWS::ApiGatewayV2::Deployment': HTTP_API_DEPLOYMENT_PROPERTIES,
  'AWS::ApiGatewayV2::Integration': HTTP_API_INTEGRATION_PROPERTIES,
  'AWS::ApiGatewayV2::Route': HTTP_API_ROUTE_PROPERTIES,
  'AWS::ApiGatewayV2::Stage': HTTP_API_STAGE_PROPERTIES,
  'AWS::ApiGateway::Stage': REST_API_STAGE_PROPERTIES,
  'AWS::CDK::Metadata': CDK_METADATA_PROPERTIES,
  'AWS::CloudFormation::CustomResource': CUSTOM_RESOURCE_PROPERTIES,
  'AWS::CloudWatch::Alarm': ALARM_PROPERTIES,
  'AWS::CloudWatch::Dashboard': DASHBOARD_PROPERTIES,
  'AWS::DynamoDB::Table': DYNAMODB_TABLE_PROPERTIES,
  'AWS::ECR::Repository': ECR_REPOSITORY_PROPERTIES,
  'AWS::IAM::Policy': IAM_POLICY_PROPERTIES,
  'AWS::IAM::Role': IAM_ROLE_PROPERTIES,
  'AWS::KMS::Alias': KMS_ALIAS_PROPERTIES,
  'AWS::KMS::Key': KMS_KEY_PROPERTIES,
  'AWS::Lambda::EventInvokeConfig': EVENT_INVOKE_CONFIG_PROPERTIES,
  'AWS::Lambda::EventSourceMapping': EVENT_SOURCE_MAPPING_PROPERTIES,
  'AWS::Lambda::Function': LAMBDA_FUNCTION_PROPERTIES,
  'AWS::Lambda::Permission': LAMBDA_PERMISSION_PROPERTIES,
  'AWS::Logs::LogGroup': LOG_GROUP_PROPERTIES,
  'AWS::S3::Bucket': S3_BUCKET_PROPERTIES,
  'AWS::S3::BucketPolicy': S3_BUCKET_POLICY_PROPERTIES,
  'AWS::SNS::Subscription': SNS_SUBSCRIPTION_PROPERTIES,
  'AWS::SNS::Topic': SNS_TOPIC_PROPERTIES,
  'AWS::SNS::TopicPolicy': SNS_TOPIC_POLICY_PROPERTIES,
  'AWS::SQS::Queue': SQS_QUEUE_PROPERTIES,
  'AWS::SQS::QueuePolicy': SQS_QUEUE_POLICY_PROPERTIES,
  'AWS::SSM::Parameter': SSM_PARAMETER_PROPERTIES,
};
