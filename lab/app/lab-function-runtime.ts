/**
 * What every function the lab starts runs with: its runtime, the emulator endpoints, logs, IAM,
 * the AWS call interceptor. The function provider's, and the Lambda API's when an update starts a
 * function anew.
 */
import { RESPONSE_URL_HOST } from '../services/cloudformation/resource-providers/custom-resource-provider';
import { localhostDnsModuleUrl } from '../emulators/emulators';
import type { FunctionRuntimeOptions } from '../services/lambda/runtime/function-launcher';
import type { LabServices } from './lab-services';
import type { LabDeployContext, LabProviderSettings } from './lab-deploy-context';

/**
 * What every function the lab starts runs with (its runtime, the emulator endpoints, logs, IAM,
 * the AWS call interceptor): the function provider's, and the Lambda API's when an update
 * starts a function anew (`lambdaApi({ lambda, objectBytes, ...labFunctionRuntime(…) })`).
 */
export function labFunctionRuntime(
  services: Pick<LabServices, 'iam'>,
  context: Pick<
    LabDeployContext,
    'logs' | 'endpoints' | 'awsEndpoint' | 'runtimePath' | 'responses' | 'awsCalls' | 'concurrency'
  >,
  settings: Pick<LabProviderSettings, 'enforceIam' | 'debugging'>,
): FunctionRuntimeOptions {
  const { iam } = services;
  return {
    runtimePath: context.runtimePath,
    localhostDnsModuleUrl: localhostDnsModuleUrl(),
    endpoints: context.endpoints,
    ...(context.awsEndpoint === undefined ? {} : { awsEndpoint: context.awsEndpoint }),
    // A KmsKeyArn environment: the role must be allowed kms:Decrypt on the key (the key policy first).
    ...(settings.enforceIam === false
      ? {}
      : { keyAccess: (roleArn, sessionName, keyArn) => iam.allows(roleArn, sessionName, 'kms:Decrypt', keyArn) }),
    runtimeOptions: ({ functionName, roleArn }) => ({
      logs: context.logs,
      // A new function is Active once the grants its role already has have propagated.
      activeAt: iam.registry.grantsSettleAt(roleArn.slice(roleArn.lastIndexOf('/') + 1)),
      awsCalls: context.awsCalls,
      ...(settings.enforceIam === false
        ? {}
        : { authorize: iam.authorizer(roleArn, functionName), iamVersion: iam.version }),
      httpsRedirects: { [RESPONSE_URL_HOST]: context.responses.target },
      ...(context.concurrency === undefined ? {} : { concurrency: context.concurrency }),
      ...(settings.debugging === true ? { debugging: true } : {}),
    }),
  };
}
