/**
 * IAM is eventually consistent: "the change must be replicated across IAM, which can take some
 * time. Such changes include creating or updating users, groups, roles, or policies" (IAM user
 * guide, https://docs.aws.amazon.com/IAM/latest/UserGuide/introduction.html). With a grant
 * delay, the lab's IAM applies a role's new or changed policies only after it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IamEvaluator } from '#lab/services/iam/iam-evaluator';
import { IamState, roleArn } from '#lab/services/iam/iam-state';

const TARGET = { accountId: '000000000000', region: 'us-east-1' };
const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:jobs';
const caller = { roleArn: roleArn('Provider'), sessionName: 'provider-fn' };
const setAttributes = { action: 'sqs:SetQueueAttributes', resource: QUEUE };
const allow = (action: string) => ({ Statement: [{ Effect: 'Allow', Action: action, Resource: QUEUE }] });

describe('IamState with a grant delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A registry whose n-th grant takes 700 ms + n ms, with the provider role already in effect. */
  function delayed(): IamState {
    const iam = new IamState(undefined, { grantDelayMs: (grant) => 700 + grant });
    iam.putRole({ roleName: 'Provider', arn: caller.roleArn, managedPolicyArns: [], inlinePolicies: [] });
    vi.advanceTimersByTime(1000);
    return iam;
  }

  it('denies a call the new AWS::IAM::Policy allows until the grant has propagated, then allows it', async () => {
    const iam = delayed();
    const evaluator = new IamEvaluator(iam, TARGET);
    iam.putAttachedPolicy('RaisePolicy', ['Provider'], allow('sqs:SetQueueAttributes'));
    expect(iam.grantsSettleAt('Provider')).toBe(Date.now() + 702);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('ImplicitlyDenied');

    vi.advanceTimersByTime(701);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('ImplicitlyDenied');
    vi.advanceTimersByTime(1);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('Allowed');
    expect(iam.grantsSettleAt('Provider')).toBe(0);
  });

  it('puts a grant in force from its time on, even before its timer has fired', async () => {
    const iam = delayed();
    const evaluator = new IamEvaluator(iam, TARGET);
    iam.putAttachedPolicy('RaisePolicy', ['Provider'], allow('sqs:SetQueueAttributes'));
    vi.setSystemTime(iam.grantsSettleAt('Provider'));
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('Allowed');
  });

  it('keeps the old document in force while a changed one propagates; a deletion takes effect at once', async () => {
    const iam = delayed();
    const evaluator = new IamEvaluator(iam, TARGET);
    iam.putAttachedPolicy('Default', ['Provider'], allow('sqs:SetQueueAttributes'));
    vi.advanceTimersByTime(1000);
    iam.putAttachedPolicy('Default', ['Provider'], allow('sqs:GetQueueAttributes'));
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('Allowed');
    vi.advanceTimersByTime(1000);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('ImplicitlyDenied');

    iam.deleteAttachedPolicy('Default');
    expect(await evaluator.evaluate(caller, { ...setAttributes, action: 'sqs:GetQueueAttributes' })).toBe(
      'ImplicitlyDenied',
    );
  });

  it('applies a role’s inline policies after the delay too; without a delay, at once', async () => {
    const iam = new IamState(undefined, { grantDelayMs: () => 500 });
    iam.putRole({
      roleName: 'Provider',
      arn: caller.roleArn,
      managedPolicyArns: [],
      inlinePolicies: [{ name: 'Inline', document: allow('sqs:SetQueueAttributes') }],
    });
    const evaluator = new IamEvaluator(iam, TARGET);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('ImplicitlyDenied');
    vi.advanceTimersByTime(500);
    expect(await evaluator.evaluate(caller, setAttributes)).toBe('Allowed');

    const immediate = new IamState();
    immediate.putRole({ roleName: 'Provider', arn: caller.roleArn, managedPolicyArns: [], inlinePolicies: [] });
    immediate.putAttachedPolicy('RaisePolicy', ['Provider'], allow('sqs:SetQueueAttributes'));
    expect(await new IamEvaluator(immediate, TARGET).evaluate(caller, setAttributes)).toBe('Allowed');
  });
});
