/**
 * The lab's STS through its one endpoint, with the real `@aws-sdk/client-sts`: GetCallerIdentity
 * (the account's root for the lab's keys, the role session for keys AssumeRole issued, as
 * https://docs.aws.amazon.com/STS/latest/APIReference/API_GetCallerIdentity.html shows them),
 * AssumeRole of a role the lab's IAM has, and AWS's AccessDenied for one it has not (the words
 * of the error document quoted in Netflix/security_monkey#77).
 */
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient, STSServiceException } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_ACCOUNT_ID, LAB_CREDENTIALS } from '#lab/common/local-aws';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { IamState, roleArn } from '#lab/services/iam/iam-state';
import { stsApi } from '#lab/services/sts/sts-api';

const NOW = new Date('2026-11-26T03:00:00.000Z');
const registry = new IamState();
let gateway: LabGateway;
let sts: STSClient;

beforeAll(async () => {
  registry.putRole({
    roleName: 'cdk-deploy-role',
    arn: roleArn('cdk-deploy-role'),
    managedPolicyArns: [],
    inlinePolicies: [],
  });
  gateway = await startLabGateway([
    stsApi({
      accountId: LAB_ACCOUNT_ID,
      roleExists: (arn) => registry.roleByArn(arn) !== undefined,
      now: () => NOW,
    }),
  ]);
  sts = new STSClient({ endpoint: gateway.url, region: 'us-east-1', credentials: LAB_CREDENTIALS });
});

afterAll(async () => {
  sts.destroy();
  await gateway.stop();
});

describe('STS', () => {
  it('answers GetCallerIdentity with the lab account’s root', async () => {
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    expect([identity.Account, identity.Arn, identity.UserId]).toEqual([
      '000000000000',
      'arn:aws:iam::000000000000:root',
      '000000000000',
    ]);
  });

  it('assumes a role the lab has: credentials that expire after DurationSeconds, and the session as the caller', async () => {
    const assumed = await sts.send(
      new AssumeRoleCommand({
        RoleArn: roleArn('cdk-deploy-role'),
        RoleSessionName: 'aws-cdk-lab',
        DurationSeconds: 900,
      }),
    );
    expect(assumed.AssumedRoleUser?.Arn).toBe('arn:aws:sts::000000000000:assumed-role/cdk-deploy-role/aws-cdk-lab');
    expect(assumed.AssumedRoleUser?.AssumedRoleId).toMatch(/^AROA[0-9A-F]{17}:aws-cdk-lab$/);
    expect(assumed.Credentials?.Expiration?.toISOString()).toBe('2026-11-26T03:15:00.000Z');
    const { AccessKeyId, SecretAccessKey, SessionToken } = assumed.Credentials ?? {};
    const asRole = new STSClient({
      endpoint: gateway.url,
      region: 'us-east-1',
      credentials: {
        accessKeyId: AccessKeyId ?? '',
        secretAccessKey: SecretAccessKey ?? '',
        sessionToken: SessionToken ?? '',
      },
    });
    expect((await asRole.send(new GetCallerIdentityCommand({}))).Arn).toBe(assumed.AssumedRoleUser?.Arn);
    asRole.destroy();
  });

  it('refuses a role the lab does not have with AccessDenied in AWS’s words', async () => {
    const error = await sts
      .send(new AssumeRoleCommand({ RoleArn: roleArn('no-such-role'), RoleSessionName: 'aws-cdk-lab' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(STSServiceException);
    const denied = error as STSServiceException;
    expect([denied.name, denied.$metadata.httpStatusCode]).toEqual(['AccessDenied', 403]);
    expect(denied.message).toBe(
      'User: arn:aws:iam::000000000000:root is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::000000000000:role/no-such-role',
    );
  });

  it('refuses a session name outside STS’s constraint with ValidationError', async () => {
    const error = await sts
      .send(new AssumeRoleCommand({ RoleArn: roleArn('cdk-deploy-role'), RoleSessionName: 'x' }))
      .catch((caught: unknown) => caught as STSServiceException);
    expect((error as STSServiceException).name).toBe('ValidationError');
    expect((error as STSServiceException).message).toContain('Member must have length greater than or equal to 2');
  });
});
