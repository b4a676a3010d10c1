/**
 * The lab's SSM Parameter Store through its one endpoint, with the real `@aws-sdk/client-ssm`:
 * PutParameter (Overwrite), GetParameter, GetParameters, DeleteParameter, and ParameterNotFound
 * with AWS's empty message ("An error occurred (ParameterNotFound) when calling the
 * GetParameter operation: ", awslabs/aws-simple-cicd#10).
 */
import {
  DeleteParameterCommand,
  GetParameterCommand,
  GetParametersCommand,
  ParameterAlreadyExists,
  ParameterNotFound,
  PutParameterCommand,
  SSMClient,
} from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION } from '../../../../lab/common/local-aws';
import { type LabGateway, startLabGateway } from '../../../../lab/gateway/lab-gateway';
import { ssmService } from '../../../../lab/services/ssm/ssm-service';
import { SsmState } from '../../../../lab/services/ssm/ssm-state';

const state = new SsmState({ accountId: LAB_ACCOUNT_ID, region: LAB_REGION });
let gateway: LabGateway;
let ssm: SSMClient;

beforeAll(async () => {
  gateway = await startLabGateway([ssmService(state)]);
  ssm = new SSMClient({ endpoint: gateway.url, region: 'us-east-1', credentials: LAB_CREDENTIALS });
});

afterAll(async () => {
  ssm.destroy();
  await gateway.stop();
});

describe('SSM parameters', () => {
  it('puts, overwrites and reads a parameter, as the CDK CLI reads the bootstrap version', async () => {
    const name = '/cdk-bootstrap/hnb659fds/version';
    expect((await ssm.send(new PutParameterCommand({ Name: name, Value: '32', Type: 'String' }))).Version).toBe(1);
    const again = await ssm
      .send(new PutParameterCommand({ Name: name, Value: '33', Type: 'String' }))
      .catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(ParameterAlreadyExists);
    expect((again as Error).message).toBe(
      'The parameter already exists. To overwrite this value, set the overwrite option in the request to true.',
    );
    await ssm.send(new PutParameterCommand({ Name: name, Value: '33', Overwrite: true }));
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: name }));
    expect(Parameter).toMatchObject({
      Name: name,
      Type: 'String',
      Value: '33',
      Version: 2,
      ARN: 'arn:aws:ssm:us-east-1:000000000000:parameter/cdk-bootstrap/hnb659fds/version',
      DataType: 'text',
    });
    expect(Parameter?.LastModifiedDate).toBeInstanceOf(Date);
  });

  it('answers GetParameters with the names it lacks in InvalidParameters', async () => {
    await ssm.send(new PutParameterCommand({ Name: 'plain', Value: 'a,b', Type: 'StringList' }));
    const answer = await ssm.send(new GetParametersCommand({ Names: ['plain', 'missing'] }));
    expect(answer.Parameters?.map((p) => [p.Name, p.Type, p.Value])).toEqual([['plain', 'StringList', 'a,b']]);
    expect(answer.InvalidParameters).toEqual(['missing']);
  });

  it('answers ParameterNotFound, with AWS’s empty message, for a missing or deleted parameter', async () => {
    await ssm.send(new DeleteParameterCommand({ Name: 'plain' }));
    const error = await ssm.send(new GetParameterCommand({ Name: 'plain' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParameterNotFound);
    expect((error as ParameterNotFound).$metadata.httpStatusCode).toBe(400);
    // AWS sends no message; SDK v3 then names the message 'UnknownError', as it does against AWS.
    expect((error as ParameterNotFound).message).toBe('UnknownError');
    const deleteAgain = await ssm
      .send(new DeleteParameterCommand({ Name: 'plain' }))
      .catch((caught: unknown) => caught);
    expect(deleteAgain).toBeInstanceOf(ParameterNotFound);
  });

  it('refuses a new parameter without a type, and a name under the reserved aws prefix', async () => {
    const untyped = await ssm
      .send(new PutParameterCommand({ Name: 'new', Value: 'x' }))
      .catch((caught: unknown) => caught);
    expect((untyped as Error).name).toBe('ValidationException');
    const reserved = await ssm
      .send(new PutParameterCommand({ Name: '/aws/mine', Value: 'x', Type: 'String' }))
      .catch((caught: unknown) => caught);
    expect((reserved as Error).name).toBe('ValidationException');
  });
});
