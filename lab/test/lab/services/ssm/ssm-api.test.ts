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
import { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { ssmApi } from '#lab/services/ssm/ssm-api';
import { SsmState } from '#lab/services/ssm/ssm-state';

const state = new SsmState({ accountId: LAB_ACCOUNT_ID, region: LAB_REGION });
let gateway: LabGateway;
let ssm: SSMClient;

beforeAll(async () => {
  gateway = await startLabGateway([ssmApi(state)]);
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

  // PutParameter's constraints: https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_PutParameter.html
  // (Name: "fully qualified", a-zA-Z0-9_.- and /, fifteen levels; Value: 4 KB standard, 8 KB advanced; Tier).
  const refusal = (input: ConstructorParameters<typeof PutParameterCommand>[0]) =>
    ssm.send(new PutParameterCommand(input)).then(
      () => 'accepted',
      (caught: unknown) => `${(caught as Error).name}: ${(caught as Error).message}`,
    );

  it('refuses a path that is not fully qualified, an empty sub-path and a hierarchy deeper than fifteen levels', async () => {
    expect(await refusal({ Name: '../../etc/passwd', Value: 'x', Type: 'String' })).toBe(
      'ValidationException: Parameter name must be a fully qualified name.',
    );
    expect(await refusal({ Name: '/a//b', Value: 'x', Type: 'String' })).toBe(
      'ValidationException: Parameter name must be a fully qualified name.',
    );
    const deep = `/${Array.from({ length: 16 }, (_, index) => `l${index}`).join('/')}`;
    expect(await refusal({ Name: deep, Value: 'x', Type: 'String' })).toMatch(/maximum depth of 15 levels/);
    expect(await refusal({ Name: deep.slice(0, deep.lastIndexOf('/')), Value: 'x', Type: 'String' })).toBe('accepted');
  });

  it('keeps the tiers: 4,096 characters standard, 8,192 advanced, and answers the tier it stored', async () => {
    expect(await refusal({ Name: '/tiers/standard-full', Value: 'x'.repeat(4096), Type: 'String' })).toBe('accepted');
    expect(await refusal({ Name: '/tiers/too-long', Value: 'x'.repeat(4097), Type: 'String' })).toMatch(
      /^ValidationException: Standard tier parameters support a maximum parameter value of 4096 characters/,
    );
    const advanced = await ssm.send(
      new PutParameterCommand({ Name: '/tiers/advanced', Value: 'x'.repeat(8192), Type: 'String', Tier: 'Advanced' }),
    );
    expect(advanced.Tier).toBe('Advanced');
    const intelligent = await ssm.send(
      new PutParameterCommand({
        Name: '/tiers/auto',
        Value: 'x'.repeat(5000),
        Type: 'String',
        Tier: 'Intelligent-Tiering',
      }),
    );
    expect(intelligent.Tier).toBe('Advanced');
    expect(
      await refusal({ Name: '/tiers/huge', Value: 'x'.repeat(5_000_000), Type: 'String', Tier: 'Advanced' }),
    ).toMatch(/less than or equal to 8192/);
  });
});
