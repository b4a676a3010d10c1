/**
 * The lab's CloudFormation: deploys stacks through the resource providers (stack-deployer.ts)
 * into one account, in any region, and keeps what each deploy left (cloudformation-state.ts),
 * so the next deploy of a stack updates it, and a name one stack holds fails another's create.
 * Every event of every deploy and delete also goes to the stack's record (stack-records.ts),
 * which the CloudFormation API (cloudformation-api.ts) answers from.
 */
import { randomUUID } from 'node:crypto';
import type { DeployedStack, DeployTarget, StackEvent } from './engine/deployed-stack';
import type { ProviderRegistry } from './resource-provider';
import { CloudFormationState } from './cloudformation-state';
import { ExportInUseError } from './errors';
import { deleteStack } from './engine/resource-deletion';
import { deployStack } from './engine/stack-deployer';
import { STACK_RESOURCE_TYPE, type StackRecord } from './api/stack-records';
import type { Template } from './engine/template';

/** How a {@link CloudFormationService} deploys. */
export interface CloudFormationOptions {
  readonly providers: ProviderRegistry;
  /** The state to keep stacks in, when others read it before the service exists (a provider); default a new one. */
  readonly state?: CloudFormationState;
  /** The account, and the region a deploy goes to unless it names another. */
  readonly target: DeployTarget;
  /** Values for template parameters, and for SSM-typed ones by their default name (`/cdk-bootstrap/…/version`). */
  readonly parameters?: Readonly<Record<string, string>>;
  /**
   * The value of an SSM parameter, for template parameters typed `AWS::SSM::Parameter::Value<…>`
   * (the CDK's `BootstrapVersion` reads `/cdk-bootstrap/hnb659fds/version`): the lab's Parameter
   * Store, read at each deploy; over `parameters`.
   */
  readonly ssmParameter?: (name: string) => string | undefined;
  /** Check properties against the registry schemas (default true). */
  readonly validateProperties?: boolean;
  /** Every event of every deploy. */
  readonly onStackEvent?: (event: StackEvent) => void;
}

/** One stack of a deploy. */
export interface StackDeployRequest {
  readonly stackName: string;
  readonly template: Template;
  /** This stack's parameter values, over the service's own (a change set's `Parameters`). */
  readonly parameters?: Readonly<Record<string, string>>;
  /** The id a create takes (the API's change set named it already); default a new one. */
  readonly stackId?: string;
  /** The template's text as the API received it (GetTemplate answers it); absent: the template as JSON. */
  readonly templateBody?: string;
}

/** Where a deploy or delete goes, and who hears its events. */
export interface StackOperationOptions {
  readonly region?: string;
  readonly onEvent?: (event: StackEvent) => void;
}

/** Stacks of one account: deployed in order, kept by region. */
export class CloudFormationService {
  readonly state: CloudFormationState;
  private readonly watchers = new Set<(event: StackEvent, region: string) => void>();
  /** Per region: export name → the stacks whose last deploy imported it (`Fn::ImportValue`). */
  private readonly importers = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly options: CloudFormationOptions) {
    this.state = options.state ?? new CloudFormationState();
    this.state.region(options.target.region);
  }

  /**
   * Hears every event of every deploy and delete from now on, with its region, until the
   * returned function is called: the lab's own change-set deploy follows its stacks this way.
   */
  watch(listener: (event: StackEvent, region: string) => void): () => void {
    this.watchers.add(listener);
    return () => {
      this.watchers.delete(listener);
    };
  }

  /** The account and the service's own region. */
  get target(): DeployTarget {
    return this.options.target;
  }

  /**
   * The parameter values a deploy of `template` gets: the service's own, the SSM parameters its
   * SSM-typed parameters read (by name), then `given`.
   */
  parametersFor(template: Template, given: Readonly<Record<string, string>> = {}): Record<string, string> {
    const values: Record<string, string> = { ...this.options.parameters };
    for (const parameter of Object.values(template.Parameters ?? {})) {
      if (!parameter.Type.startsWith('AWS::SSM::Parameter::Value<') || typeof parameter.Default !== 'string') continue;
      const stored = this.options.ssmParameter?.(parameter.Default);
      if (stored !== undefined) values[parameter.Default] = stored;
    }
    return { ...values, ...given };
  }

  /** The registry of resource providers (the API asks them whether a change replaces). */
  get providers(): ProviderRegistry {
    return this.options.providers;
  }

  /** The stacks of the service's own region, by name. */
  get home(): Map<string, DeployedStack> {
    return this.state.region(this.options.target.region);
  }

  /** A new stack id (an ARN) for `stackName` in `region`. */
  newStackId(stackName: string, region: string): string {
    return `arn:aws:cloudformation:${region}:${this.options.target.accountId}:stack/${stackName}/${randomUUID()}`;
  }

  /**
   * Creates or updates each stack in turn, in `region` (default the service's own); the first
   * failure (rolled back) ends the deploy with its `StackOperationFailedError`.
   */
  async deploy(stacks: readonly StackDeployRequest[], deploy: StackOperationOptions = {}): Promise<DeployedStack[]> {
    const region = deploy.region ?? this.options.target.region;
    const inRegion = this.state.region(region);
    const results: DeployedStack[] = [];
    const importers = this.importersIn(region);
    for (const stack of stacks) {
      const previous = inRegion.get(stack.stackName);
      // What this deploy imports replaces what the stack imported before.
      for (const users of importers.values()) users.delete(stack.stackName);
      const stackId = previous?.stackId ?? stack.stackId ?? this.newStackId(stack.stackName, region);
      const record = this.recordOf(region, stack.stackName, stackId);
      const parameters = this.parametersFor(stack.template, stack.parameters);
      const deployment = deployStack({
        stackName: stack.stackName,
        template: stack.template,
        providers: this.options.providers,
        target: { ...this.options.target, region },
        names: this.state.names,
        previous,
        stackId,
        parameters,
        // Cross-stack references: the exports of the region's other stacks (Outputs with Export.Name).
        importValue: (name) => {
          for (const other of inRegion.values())
            for (const [key, exported] of Object.entries(other.exports ?? {}))
              if (exported === name && other.stackName !== stack.stackName) {
                const users = importers.get(name) ?? new Set<string>();
                users.add(stack.stackName);
                importers.set(name, users);
                return other.outputs[key];
              }
          return undefined;
        },
        ...(this.options.validateProperties === undefined
          ? {}
          : { validateProperties: this.options.validateProperties }),
        // A rollback that failed leaves the stack holding what it could not undo (DeleteStack tries again).
        onRollbackFailed: (remaining) =>
          inRegion.set(stack.stackName, {
            stackName: stack.stackName,
            stackId,
            template: previous?.template ?? stack.template,
            resources: remaining,
            outputs: previous?.outputs ?? {},
            status: previous === undefined ? 'ROLLBACK_FAILED' : 'UPDATE_ROLLBACK_FAILED',
            notes: [],
          }),
        onEvent: (event) => {
          this.state.records.log(record, event);
          this.options.onStackEvent?.(event);
          for (const watcher of this.watchers) watcher(event, region);
          deploy.onEvent?.(event);
        },
      });
      const deployed = await deployment.catch((error: unknown) => {
        // A stack refused before it began (a template the engine cannot read) leaves no record behind.
        if (record.events.length === 0) this.state.records.forget(record);
        throw error;
      });
      inRegion.set(stack.stackName, deployed);
      // What GetTemplate and DescribeStacks answer from now on: this deploy's template and parameters.
      if (stack.templateBody === undefined) delete record.templateBody;
      else record.templateBody = stack.templateBody;
      record.parameters = stack.parameters ?? {};
      results.push(deployed);
    }
    return results;
  }

  /**
   * Deletes a stack (its resources in reverse dependency order, `Retain` ones kept): the stack
   * leaves the region's stacks, and its record ends in `DELETE_COMPLETE`, findable by id only.
   * When a resource fails to delete, the stack stays in `DELETE_FAILED` with what is left, and
   * this answers `DELETE_FAILED`.
   */
  async delete(stackName: string, operation: StackOperationOptions = {}): Promise<'DELETE_COMPLETE' | 'DELETE_FAILED'> {
    const region = operation.region ?? this.options.target.region;
    const inRegion = this.state.region(region);
    const stack = inRegion.get(stackName);
    const record = this.state.records.liveStack(region, stackName);
    const log = (event: StackEvent): void => {
      if (record !== undefined) this.state.records.log(record, event);
      this.options.onStackEvent?.(event);
      for (const watcher of this.watchers) watcher(event, region);
      operation.onEvent?.(event);
    };
    if (stack !== undefined) {
      // CloudFormation keeps an export another stack imports: the delete fails, and nothing goes.
      const importers = this.importersIn(region);
      for (const name of Object.values(stack.exports ?? {})) {
        const user = [...(importers.get(name) ?? [])].find((other) => other !== stackName && inRegion.has(other));
        if (user !== undefined) throw new ExportInUseError(name, user);
      }
      const { failed, remaining } = await deleteStack(stack, this.options.providers, log, {
        names: this.state.names,
        target: { ...this.options.target, region },
      });
      // The stack and its record stay, in DELETE_FAILED, holding what could not be deleted.
      if (failed.length > 0) {
        inRegion.set(stackName, { ...stack, resources: remaining, status: 'DELETE_FAILED' });
        return 'DELETE_FAILED';
      }
    } else if (record !== undefined) {
      // A stack still in review has no resources: it only goes through the two statuses.
      for (const status of ['DELETE_IN_PROGRESS', 'DELETE_COMPLETE'])
        log({
          timestamp: new Date(),
          stackName,
          logicalId: stackName,
          resourceType: STACK_RESOURCE_TYPE,
          status,
          physicalId: record.stackId,
        });
    }
    inRegion.delete(stackName);
    for (const users of this.importersIn(region).values()) users.delete(stackName);
    if (record !== undefined) this.state.records.retire(record, new Date());
    return 'DELETE_COMPLETE';
  }

  private importersIn(region: string): Map<string, Set<string>> {
    const found = this.importers.get(region) ?? new Map<string, Set<string>>();
    this.importers.set(region, found);
    return found;
  }

  /** The stack's record, created at its first deploy when the lab deploys it without the API. */
  private recordOf(region: string, stackName: string, stackId: string): StackRecord {
    const existing = this.state.records.liveStack(region, stackName);
    if (existing !== undefined) return existing;
    return this.state.records.create(region, stackName, stackId, 'CREATE_IN_PROGRESS', new Date());
  }
}
