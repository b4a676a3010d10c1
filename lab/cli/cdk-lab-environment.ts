/**
 * The environment `npm run cdk:lab` runs the real CDK CLI in: the learner's environment without a
 * single `AWS_*` variable of their own (no profile, no session token, no other endpoint), then the
 * lab's identity, region and one endpoint, and the CLI's notices and telemetry off. So a learner's
 * real credentials can never reach the CLI through the wrapper, and the CLI's calls all go to
 * loopback. LocalStack's `cdklocal` strips `AWS_*` the same way (localstack/aws-cdk-local, bin/cdklocal).
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../common/lab-work-dir';
import { LAB_CDK_CONTEXT } from '../app/lab-cdk-context';
import { isLoopbackHostname } from '../common/request-guard';
import { fakeAwsEnvironment } from '../common/local-aws';

/**
 * The CLI's own script, to run under the project's Node (the project's Node 24): its
 * `#!/usr/bin/env node` would find the machine's.
 */
export const CDK_CLI_SCRIPT = join(REPOSITORY_ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk');

/** An endpoint the wrapper will not point the CLI at: not `http://` on a loopback address. */
export class NotLoopbackEndpointError extends Error {
  override readonly name = 'NotLoopbackEndpointError';

  constructor(
    readonly endpointUrl: string,
    options?: { readonly cause?: unknown },
  ) {
    super(`${endpointUrl} is not the lab's loopback endpoint (http://127.0.0.1:<port>)`, options);
  }
}

/** Throws {@link NotLoopbackEndpointError} unless `endpointUrl` is `http://` on loopback. */
export function checkLoopbackEndpoint(endpointUrl: string): URL {
  let url: URL;
  try {
    url = new URL(endpointUrl);
  } catch (error) {
    throw new NotLoopbackEndpointError(endpointUrl, { cause: error });
  }
  if (url.protocol !== 'http:' || !isLoopbackHostname(url.hostname)) throw new NotLoopbackEndpointError(endpointUrl);
  return url;
}

/** `environment` without any `AWS_*` or `CDK_*` variable, plus the lab's, for the CLI at `endpointUrl`. */
export function cdkLabEnvironment(endpointUrl: string, environment: NodeJS.ProcessEnv): Record<string, string> {
  checkLoopbackEndpoint(endpointUrl);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment))
    if (value !== undefined && !/^(AWS|CDK)_/i.test(name)) kept[name] = value;
  return {
    ...kept,
    ...fakeAwsEnvironment(),
    AWS_ENDPOINT_URL: endpointUrl,
    // No instance-metadata lookups for credentials or region (the CLI's SDK tries it last).
    AWS_EC2_METADATA_DISABLED: 'true',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
  };
}

/**
 * The CLI's arguments with the lab's CDK context added (lab-cdk-context.ts: what differs between
 * a deploy to AWS and one to the lab, such as the Raise step's 60 s wait, 0.4 s on the lab) and
 * `--no-notices`, unless the learner gave them.
 */
export function cdkLabArguments(args: readonly string[]): string[] {
  if (args.length === 0) return [];
  const given = args.join(' ');
  const context = Object.entries(LAB_CDK_CONTEXT)
    .filter(([name]) => !given.includes(`${name}=`))
    .flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return [...args, ...context, ...(args.includes('--no-notices') ? [] : ['--no-notices'])];
}
