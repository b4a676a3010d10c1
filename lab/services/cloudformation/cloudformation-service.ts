/**
 * The lab's CloudFormation: deploys stacks through the resource providers (stack-deployer.ts)
 * into one account, in any region, and keeps what each deploy left (cloudformation-state.ts),
 * so the next deploy of a stack updates it, and a name one stack holds fails another's create.
 */
import type { DeployedStack, DeployTarget, StackEvent } from './deployed-stack';
import type { ProviderRegistry } from './resource-provider';
import { CloudFormationState } from './cloudformation-state';
import { deployStack } from './stack-deployer';
import type { Template } from './template';

/** How a {@link CloudFormationService} deploys. */
export interface CloudFormationOptions {
  readonly providers: ProviderRegistry;
  /** The state to keep stacks in, when others read it before the service exists (a provider); default a new one. */
  readonly state?: CloudFormationState;
  /** The account, and the region a deploy goes to unless it names another. */
  readonly target: DeployTarget;
  /** Values for template parameters, and for SSM-typed ones by their default name (`/cdk-bootstrap/…/version`). */
  readonly parameters?: Readonly<Record<string, string>>;
  /** Check properties against the registry schemas (default true). */
  readonly validateProperties?: boolean;
  /** Every event of every deploy. */
  readonly onStackEvent?: (event: StackEvent) => void;
}

/** Stacks of one account: deployed in order, kept by region. */
export class CloudFormationService {
  readonly state: CloudFormationState;

  constructor(private readonly options: CloudFormationOptions) {
    this.state = options.state ?? new CloudFormationState();
    this.state.region(options.target.region);
  }

  /** The stacks of the service's own region, by name. */
  get home(): Map<string, DeployedStack> {
    return this.state.region(this.options.target.region);
  }

  /**
   * Creates or updates each stack in turn, in `region` (default the service's own); the first
   * failure (rolled back) ends the deploy with its `StackOperationFailedError`.
   */
  async deploy(
    stacks: readonly { readonly stackName: string; readonly template: Template }[],
    deploy: { readonly region?: string; readonly onEvent?: (event: StackEvent) => void } = {},
  ): Promise<DeployedStack[]> {
    const region = deploy.region ?? this.options.target.region;
    const inRegion = this.state.region(region);
    const results: DeployedStack[] = [];
    for (const stack of stacks) {
      const deployed = await deployStack({
        stackName: stack.stackName,
        template: stack.template,
        providers: this.options.providers,
        target: { ...this.options.target, region },
        names: this.state.names,
        previous: inRegion.get(stack.stackName),
        ...(this.options.parameters === undefined ? {} : { parameters: this.options.parameters }),
        ...(this.options.validateProperties === undefined
          ? {}
          : { validateProperties: this.options.validateProperties }),
        onEvent: (event) => {
          this.options.onStackEvent?.(event);
          deploy.onEvent?.(event);
        },
      });
      inRegion.set(stack.stackName, deployed);
      results.push(deployed);
    }
    return results;
  }
}
