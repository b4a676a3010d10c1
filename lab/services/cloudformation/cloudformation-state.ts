/**
 * What the lab's CloudFormation keeps (LocalStack keeps its stacks in a `CloudFormationStore`,
 * localstack-core/localstack/services/cloudformation/stores.py): the account's stacks by region
 * and name, each as its last deploy left it, and the names the account's resources hold
 * (name-registry.ts), which some types keep per region and some per account; and what the
 * CloudFormation API says of each stack (stack-records.ts: status, events, change sets).
 */
import type { DeployedStack } from './engine/deployed-stack';
import { NameRegistry } from './engine/name-registry';
import { StackRecords } from './api/stack-records';

/** The stacks of one account, by region, and the names its resources hold. */
export class CloudFormationState {
  private readonly regions = new Map<string, Map<string, DeployedStack>>();
  readonly names = new NameRegistry();
  /** Each stack's status, event log, submitted template and change sets (the API's view). */
  readonly records = new StackRecords();

  /** The stacks of one region, by name (kept: a deploy adds to it). */
  region(region: string): Map<string, DeployedStack> {
    let stacks = this.regions.get(region);
    if (stacks === undefined) {
      stacks = new Map();
      this.regions.set(region, stacks);
    }
    return stacks;
  }

  /** The stacks of one region, by name, for reading (empty for a region with none). */
  stacksIn(region: string): ReadonlyMap<string, DeployedStack> {
    return this.regions.get(region) ?? new Map();
  }

  /** Every stack of every region. */
  all(): DeployedStack[] {
    return [...this.regions.values()].flatMap((stacks) => [...stacks.values()]);
  }
}
