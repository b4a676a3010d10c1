/**
 * The API Gateway proxy event for `POST /prod/enqueue`, for invoking a producer directly
 * (`lab.stack(...).invoke('Producer', event)`), which bypasses the local API's stage
 * throttle (`API_THROTTLING`) the way `aws lambda invoke` bypasses API Gateway.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { LAB_ACCOUNT_ID } from '@sqs-lab/lab';
import { API_STAGE_NAME } from '../lib/settings';

/** A proxy event carrying `body` as JSON. */
export function enqueueEvent(body: object): APIGatewayProxyEvent {
  const requestId = randomUUID();
  const now = Date.now();
  const headers = { 'Content-Type': 'application/json' };
  return {
    resource: '/enqueue',
    path: '/enqueue',
    httpMethod: 'POST',
    headers,
    multiValueHeaders: { 'Content-Type': ['application/json'] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      resourceId: 'bench',
      resourcePath: '/enqueue',
      httpMethod: 'POST',
      path: `/${API_STAGE_NAME}/enqueue`,
      accountId: LAB_ACCOUNT_ID,
      protocol: 'HTTP/1.1',
      stage: API_STAGE_NAME,
      requestTimeEpoch: now,
      requestId,
      identity: {
        cognitoIdentityPoolId: null,
        accountId: null,
        cognitoIdentityId: null,
        caller: null,
        sourceIp: '127.0.0.1',
        principalOrgId: null,
        accessKey: null,
        cognitoAuthenticationType: null,
        cognitoAuthenticationProvider: null,
        userArn: null,
        userAgent: 'sqs-lab-bench',
        user: null,
        apiKey: null,
        apiKeyId: null,
        clientCert: null,
      },
      apiId: 'bench',
      authorizer: undefined,
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}
