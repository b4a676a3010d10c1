/**
 * What a stack deploy leaves and says: the stack and its resources as deployed (what the next
 * update starts from), the account and region it went to, and its event log, line by line.
 */
import type { DeployNote } from '../validation/property-coverage';
import type { ProvisionedResource } from '../resource-provider';
import type { StackEvent } from '../../../bus/lab-bus-events';
import type { Template } from './template';

/** One line of a stack's event log: the shape the lab's bus carries. */
export type { StackEvent } from '../../../bus/lab-bus-events';

/** A resource as deployed. */
export interface DeployedResource extends ProvisionedResource {
  readonly type: string;
  /** Its properties with every intrinsic resolved, as last applied. */
  readonly properties: Readonly<Record<string, unknown>>;
  readonly deletionPolicy?: string;
}

/** A stack as deployed: what the next update starts from. */
export interface DeployedStack {
  readonly stackName: string;
  readonly stackId: string;
  readonly template: Template;
  readonly resources: ReadonlyMap<string, DeployedResource>;
  /** Resolved outputs, by key. */
  readonly outputs: Readonly<Record<string, string>>;
  /** Export names, by output key (outputs with `Export: { Name }`). */
  readonly exports?: Readonly<Record<string, string>>;
  readonly status: string;
  /** The lab notes of the properties this deploy accepted without emulating them, each note once. */
  readonly notes: readonly DeployNote[];
}

/** The account and region the stack deploys to. */
export interface DeployTarget {
  readonly accountId: string;
  readonly region: string;
}

/** Emits one line of a stack's event log; the time and the stack's name are added. */
export type StackEventEmitter = (event: Omit<StackEvent, 'timestamp' | 'stackName'>) => void;
