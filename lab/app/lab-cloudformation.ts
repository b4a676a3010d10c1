/**
 * The lab's CloudFormation: one account (the lab's), the providers of every type the lab
 * deploys on its services, and the bootstrap version CDK's templates check, read from the lab's
 * SSM (where `cdk bootstrap` on the lab stores it), else the version the lab claims.
 */
import { CloudFormationService } from '../services/cloudformation/cloudformation-service';
import { CloudFormationState } from '../services/cloudformation/cloudformation-state';
import type { LabDeployContext, LabProviderSettings } from './lab-deploy-context';
import { labProviderRegistry } from './lab-provider-registry';
import { LAB_TARGET, type LabServices } from './lab-services';

/** The SSM parameter CDK's templates read their bootstrap version from. */
const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

/** The bootstrap version the lab claims when nothing is stored in its SSM (a lab never bootstrapped). */
const LAB_BOOTSTRAP_VERSION = '30';

/** How the lab's CloudFormation deploys, beyond the providers' settings. */
export interface LabCloudFormationSettings extends LabProviderSettings {
  /**
   * Check every resource's properties against its CloudFormation registry schema before
   * creating or updating it, as CloudFormation does (default true; off only to measure the cost).
   */
  readonly validateProperties?: boolean;
}

/** CloudFormation on the lab's services, in the lab's account and region. */
export function createLabCloudFormation(
  services: LabServices,
  context: Omit<LabDeployContext, 'stackIdOf'>,
  settings: LabCloudFormationSettings,
): CloudFormationService {
  const state = new CloudFormationState();
  const providers = labProviderRegistry(
    services,
    // Custom resources get the id of the stack of the lab's own region.
    { ...context, stackIdOf: (stackName) => state.stacksIn(LAB_TARGET.region).get(stackName)?.stackId },
    settings,
  );
  return new CloudFormationService({
    providers,
    state,
    target: LAB_TARGET,
    parameters: { [BOOTSTRAP_VERSION_PARAMETER]: LAB_BOOTSTRAP_VERSION },
    // Read at each deploy, so a `cdk bootstrap` on the lab (version 33) is what the next deploy checks.
    ssmParameter: (name) => services.ssm.valueOf(name),
    ...(settings.validateProperties === undefined ? {} : { validateProperties: settings.validateProperties }),
    // Every CloudFormation event (`CREATE_IN_PROGRESS`, …), as `cdk deploy` prints them, on the lab's bus.
    onStackEvent: (event) => context.logs.emit('stack-event', event),
  });
}
