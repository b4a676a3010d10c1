/** Every behaviour of the conformance suite, from each service's catalog, in one list. */
import type { Behaviour } from './behaviour';
import { APIGATEWAY_BEHAVIOURS } from './apigateway/apigateway-behaviours';
import { APIGATEWAY_V2_BEHAVIOURS } from './apigateway/apigateway-v2-behaviours';
import { BOOTSTRAP_BEHAVIOURS } from './deploy/bootstrap-behaviours';
import { DEPLOY_BEHAVIOURS } from './deploy/deploy-behaviours';
import { ESM_BEHAVIOURS } from './lambda-esm/esm-behaviours';
import { PYTHON_RUNTIME_BEHAVIOURS } from './lambda-runtime/python-behaviours';
import { RUNTIME_BEHAVIOURS } from './lambda-runtime/runtime-behaviours';
import { S3_BEHAVIOURS } from './s3/s3-behaviours';
import { SNS_BEHAVIOURS } from './sns/sns-behaviours';
import { SQS_BEHAVIOURS } from './sqs/sqs-behaviours';
import { INSIGHTS_BEHAVIOURS } from './logs-insights/insights-behaviours';
import { THROTTLING_BEHAVIOURS } from './lambda-throttling/throttling-behaviours';

/** The whole catalog (each service's file adds its own list here). */
export const CONFORMANCE_CATALOG: readonly Behaviour[] = [
  ...SQS_BEHAVIOURS,
  ...ESM_BEHAVIOURS,
  ...RUNTIME_BEHAVIOURS,
  ...PYTHON_RUNTIME_BEHAVIOURS,
  ...APIGATEWAY_BEHAVIOURS,
  ...APIGATEWAY_V2_BEHAVIOURS,
  ...SNS_BEHAVIOURS,
  ...S3_BEHAVIOURS,
  ...INSIGHTS_BEHAVIOURS,
  ...DEPLOY_BEHAVIOURS,
  ...BOOTSTRAP_BEHAVIOURS,
  ...THROTTLING_BEHAVIOURS,
];
