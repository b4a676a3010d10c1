import type { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { LabBus } from '#lab/bus/lab-bus';
import { LambdaService } from '#lab/services/lambda/lambda-service';
import type { DeployedFunction } from '#lab/services/lambda/lambda-state';

describe('LambdaService.resolve: a function by name or ARN, as Lambda reads FunctionName', () => {
  const lambda = new LambdaService({ sqs: {} as SQSClient, logs: new LabBus() });
  const deployed = { fn: { stop: async () => undefined } } as unknown as DeployedFunction;

  it('takes the name, the full ARN, an ARN without "function:" and a qualified ARN (Lambda API reference, Invoke, FunctionName pattern)', async () => {
    await lambda.put('S3EventNotificationsManager', deployed);
    for (const reference of [
      'S3EventNotificationsManager',
      'arn:aws:lambda:us-east-1:000000000000:function:S3EventNotificationsManager',
      // What cdk.Arn.format({ service: 'lambda', resource: name }) writes (aws-cdk-examples, lambda-manage-s3-event-notification).
      'arn:aws:lambda:us-east-1:000000000000:S3EventNotificationsManager',
      'arn:aws:lambda:us-east-1:000000000000:function:S3EventNotificationsManager:$LATEST',
    ])
      expect(lambda.resolve(reference), reference).toBe(deployed);
    expect(() => lambda.resolve('arn:aws:lambda:us-east-1:000000000000:function:Other')).toThrow(
      'Function not found: Other',
    );
  });
});
