/**
 * Deploy rule: names are unique per account, and per region where AWS scopes them so. A
 * CloudWatch dashboard is global ("All dashboards in your account are global, not
 * region-specific", AWS::CloudWatch::Dashboard reference,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudwatch-dashboard.html),
 * so the stacks' old shape (DashboardName fixed to the stack name) deploys once per account:
 * the same app deployed to us-east-1 and then to ap-northeast-1 fails in the second region with
 * "Dashboard '<name>' already exists" (the reason CloudFormation shows,
 * ACloudGuru/serverless-plugin-aws-alerts#242) and rolls back. The fixed shape (no name:
 * CloudFormation generates one) deploys to both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import type { StackEvent } from '#lab/services/cloudformation/engine/deployed-stack';
import { StackOperationFailedError } from '#lab/services/cloudformation/errors';
import { logicalIdOf, shapedAssembly } from '#test/helpers/fixture-assembly';
import { fixtureTopology } from '#test/helpers/fixture-topology';
import { conform } from '#lab/test/conformance/behaviour';
import { deployBehaviour } from '#lab/test/conformance/deploy/deploy-behaviours';

const topology = fixtureTopology();

/**
 * The dashboard in one shape or the other, whatever lib/ renders today: the old one named after
 * the stack, the fixed one without a name.
 */
function dashboard(shape: 'old' | 'fixed'): Promise<string> {
  return shapedAssembly(topology, (template) => {
    const properties = template.Resources[logicalIdOf(template, 'AWS::CloudWatch::Dashboard')]?.Properties;
    if (properties === undefined) throw new Error('the fixture stack has no dashboard');
    if (shape === 'old') properties.DashboardName = topology.stackName;
    else delete properties.DashboardName;
  });
}

describe('account-wide names on a lab that serves two regions of one account', () => {
  let lab: Lab;
  let oldShape: string;
  const events: StackEvent[] = [];

  beforeAll(async () => {
    oldShape = await dashboard('old');
    lab = await startTutorialLab({ stacks: [topology], assemblyDir: oldShape });
  });

  afterAll(async () => {
    await lab?.stop();
  });

  conform(deployBehaviour('deploy.names.dashboard-account-global'), async () => {
    expect(lab.deployed.get(topology.stackName)?.template.Resources).toSatisfy((resources: object) =>
      Object.values(resources).some(
        (resource: { Type: string; Properties?: { DashboardName?: unknown } }) =>
          resource.Type === 'AWS::CloudWatch::Dashboard' && resource.Properties?.DashboardName === topology.stackName,
      ),
    );
    const failure = await lab
      .deploy({ assemblyDir: oldShape, region: 'ap-northeast-1', onEvent: (event) => events.push(event) })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(StackOperationFailedError);
    expect(failure).toMatchObject({
      status: 'ROLLBACK_COMPLETE',
      logicalId: expect.stringMatching(/^MonitoringDashboard/),
      reason: `Dashboard '${topology.stackName}' already exists`,
    });
    // Created in ap-northeast-1 before the dashboard, then deleted by the rollback.
    const queue = events.find(
      (event) => event.resourceType === 'AWS::SQS::Queue' && event.status === 'CREATE_COMPLETE',
    );
    expect(events).toContainEqual(expect.objectContaining({ logicalId: queue?.logicalId, status: 'DELETE_COMPLETE' }));
    expect(events.at(-1)?.physicalId).toMatch(/^arn:aws:cloudformation:ap-northeast-1:000000000000:stack\//);
    expect(lab.deployedIn('ap-northeast-1').size).toBe(0);
    expect(lab.deployed.get(topology.stackName)?.status).toBe('CREATE_COMPLETE');
  });

  conform(deployBehaviour('deploy.names.generated-per-region'), async () => {
    const fixed = await dashboard('fixed');
    const [home] = await lab.deploy({ assemblyDir: fixed });
    const [away] = await lab.deploy({ assemblyDir: fixed, region: 'ap-northeast-1' });

    expect(home?.status).toBe('UPDATE_COMPLETE');
    expect(away?.status).toBe('CREATE_COMPLETE');
    expect(away?.stackId).toMatch(/^arn:aws:cloudformation:ap-northeast-1:/);
    const dashboardOf = (stack: typeof home) =>
      [...(stack?.resources.values() ?? [])].find((resource) => resource.type === 'AWS::CloudWatch::Dashboard')
        ?.physicalId;
    expect(dashboardOf(home)).toMatch(new RegExp(`^${topology.stackName}-MonitoringDashboard`));
    expect(dashboardOf(away)).not.toBe(dashboardOf(home));
    expect(lab.deployedIn('ap-northeast-1').get(topology.stackName)?.status).toBe('CREATE_COMPLETE');
  });

  it('refuses a region name that is not one', async () => {
    await expect(lab.deploy({ region: 'tokyo' })).rejects.toThrow(/tokyo is not an AWS Region name/);
  });
});
