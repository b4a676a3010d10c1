/**
 * What the lab's CloudFormation API keeps beside the deployed stacks (cloudformation-state.ts):
 * each stack's status, its event log, the template text as submitted, its parameters,
 * capabilities, tags and termination protection, and its change sets. A stack the lab deployed
 * without the API gets a record at its first deploy too, so the API describes every stack.
 * LocalStack keeps the same per stack (`Stack`, `ChangeSet` in
 * localstack-core/localstack/services/cloudformation/v2/entities.py).
 */
import { randomUUID } from 'node:crypto';
import type { StackEvent } from '../engine/deployed-stack';
import type { Template } from '../engine/template';

/** The resource type of a stack's own events. */
export const STACK_RESOURCE_TYPE = 'AWS::CloudFormation::Stack';

/** One line of a stack's event log, as DescribeStackEvents answers it. */
export interface ApiStackEvent {
  readonly eventId: string;
  readonly stackId: string;
  readonly stackName: string;
  readonly logicalId: string;
  readonly physicalId?: string;
  readonly resourceType: string;
  readonly status: string;
  readonly reason?: string;
  readonly timestamp: Date;
}

/** A stack tag. */
export interface StackTag {
  readonly Key: string;
  readonly Value: string;
}

/** One resource's change in a change set (DescribeChangeSet's `ResourceChange`). */
export interface ResourceChangeRecord {
  readonly action: 'Add' | 'Modify' | 'Remove';
  readonly logicalId: string;
  readonly physicalId?: string;
  readonly resourceType: string;
  /** `True`, `False` or `Conditional` for a Modify. */
  readonly replacement?: 'True' | 'False' | 'Conditional';
  /** The top-level properties a Modify changes, each with whether it recreates the resource. */
  readonly details: readonly {
    readonly name: string;
    readonly requiresRecreation: 'Never' | 'Always' | 'Conditionally';
  }[];
}

/** A change set: what it would deploy, and how far it got. */
export interface ChangeSetRecord {
  readonly changeSetId: string;
  readonly changeSetName: string;
  readonly stackId: string;
  readonly stackName: string;
  readonly type: 'CREATE' | 'UPDATE';
  status: 'CREATE_PENDING' | 'CREATE_COMPLETE' | 'FAILED';
  executionStatus:
    'UNAVAILABLE' | 'AVAILABLE' | 'EXECUTE_IN_PROGRESS' | 'EXECUTE_COMPLETE' | 'EXECUTE_FAILED' | 'OBSOLETE';
  statusReason?: string;
  readonly creationTime: Date;
  readonly description?: string;
  readonly template: Template;
  /** The template text as submitted (GetTemplate answers it byte for byte once executed). */
  readonly templateBody: string;
  /** The parameter values the change set deploys with (previous values already filled in). */
  readonly parameters: Readonly<Record<string, string>>;
  readonly capabilities: readonly string[];
  readonly tags: readonly StackTag[];
  readonly changes: readonly ResourceChangeRecord[];
  /**
   * What the execution failed with (the engine's `StackOperationFailedError`, or what stopped it
   * before it began); the lab's own deploy (change-set-deployer.ts) throws it again.
   */
  executionError?: unknown;
}

/** A stack as the API describes it. */
export interface StackRecord {
  readonly stackId: string;
  readonly stackName: string;
  readonly region: string;
  status: string;
  statusReason?: string;
  readonly creationTime: Date;
  lastUpdatedTime?: Date;
  deletionTime?: Date;
  /** The template text last deployed through the API; absent for a stack the lab deployed itself. */
  templateBody?: string;
  /** Parameter values given to the last deploy through the API. */
  parameters: Readonly<Record<string, string>>;
  capabilities: readonly string[];
  tags: readonly StackTag[];
  terminationProtection: boolean;
  /** The change set the stack was last deployed by. */
  changeSetId?: string;
  /** Oldest first. */
  readonly events: ApiStackEvent[];
  /** By name. */
  readonly changeSets: Map<string, ChangeSetRecord>;
  /**
   * What runs on the stack, if anything: a change set's execution or a delete. A DeleteStack
   * waits for it to end, and so does the lab's own deploy (change-set-deployer.ts).
   */
  operation?: Promise<void>;
}

/** The stacks the API knows, live ones by region and name, every one (deleted too) by id. */
export class StackRecords {
  private readonly live = new Map<string, Map<string, StackRecord>>();
  private readonly byId = new Map<string, StackRecord>();

  /** A new stack record in `status` (`REVIEW_IN_PROGRESS` for a change set's new stack). */
  create(region: string, stackName: string, stackId: string, status: string, now: Date): StackRecord {
    const record: StackRecord = {
      stackId,
      stackName,
      region,
      status,
      creationTime: now,
      parameters: {},
      capabilities: [],
      tags: [],
      terminationProtection: false,
      events: [],
      changeSets: new Map(),
    };
    this.liveIn(region).set(stackName, record);
    this.byId.set(stackId, record);
    return record;
  }

  /** The live stack `stackName` in `region`, if any. */
  liveStack(region: string, stackName: string): StackRecord | undefined {
    return this.live.get(region)?.get(stackName);
  }

  /** A stack by name (live ones only) or by id (deleted ones too), as AWS looks them up. */
  find(region: string, nameOrId: string): StackRecord | undefined {
    if (nameOrId.startsWith('arn:')) {
      const record = this.byId.get(nameOrId);
      return record?.region === region ? record : undefined;
    }
    return this.liveStack(region, nameOrId);
  }

  /** Every stack of `region`, deleted ones too, oldest first. */
  allIn(region: string): StackRecord[] {
    return [...this.byId.values()].filter((record) => record.region === region);
  }

  /** The live stacks of `region`, oldest first. */
  liveStacks(region: string): StackRecord[] {
    return [...this.liveIn(region).values()];
  }

  /** Ends a stack's life by name: it stays findable by id, in `DELETE_COMPLETE`. */
  retire(record: StackRecord, now: Date): void {
    record.deletionTime = now;
    const stacks = this.live.get(record.region);
    if (stacks?.get(record.stackName) === record) stacks.delete(record.stackName);
  }

  /** Drops a record that never began (a deploy refused before its first event). */
  forget(record: StackRecord): void {
    this.byId.delete(record.stackId);
    const stacks = this.live.get(record.region);
    if (stacks?.get(record.stackName) === record) stacks.delete(record.stackName);
  }

  /** Adds an engine event to the stack's log; the stack's own events set its status. */
  log(record: StackRecord, event: Omit<StackEvent, 'stackName'>): void {
    // Each event a millisecond after the one before at the least: the CDK CLI orders events by time.
    const last = record.events.at(-1)?.timestamp.getTime() ?? 0;
    const timestamp = event.timestamp.getTime() > last ? event.timestamp : new Date(last + 1);
    record.events.push({
      eventId: randomUUID(),
      stackId: record.stackId,
      stackName: record.stackName,
      logicalId: event.logicalId,
      resourceType: event.resourceType,
      status: event.status,
      timestamp,
      ...(event.physicalId === undefined ? {} : { physicalId: event.physicalId }),
      ...(event.reason === undefined ? {} : { reason: event.reason }),
    });
    if (event.resourceType !== STACK_RESOURCE_TYPE || event.logicalId !== record.stackName) return;
    record.status = event.status;
    // A rollback's end keeps the reason its start gave (the failure); other states have their own.
    if (event.reason !== undefined) record.statusReason = event.reason;
    else if (!/ROLLBACK_COMPLETE$/.test(event.status)) delete record.statusReason;
    if (event.status === 'UPDATE_IN_PROGRESS') record.lastUpdatedTime = timestamp;
  }

  private liveIn(region: string): Map<string, StackRecord> {
    let stacks = this.live.get(region);
    if (stacks === undefined) {
      stacks = new Map();
      this.live.set(region, stacks);
    }
    return stacks;
  }
}
