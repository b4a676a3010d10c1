/**
 * The fake AWS identity every lab component shares: one account, one region, dummy keys.
 *
 * The emulators accept any credentials; the SDK only needs some so that it never looks for
 * real ones (environment, `~/.aws`, instance metadata). Nothing here can reach AWS.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Region of every lab resource, as fauxqs writes it into queue URLs and ARNs. */
export const LAB_REGION = 'us-east-1';

/** The account id fauxqs puts in queue URLs and ARNs. */
export const LAB_ACCOUNT_ID = '000000000000';

/** Dummy credentials: accepted by fauxqs and dynalite, useless anywhere else. */
export const LAB_CREDENTIALS = {
  accessKeyId: 'lab-access-key',
  secretAccessKey: 'lab-secret-key',
  sessionToken: 'lab-session-token',
} as const;

/**
 * Environment variables that pin the SDK to the fake identity. `AWS_CONFIG_FILE` and
 * `AWS_SHARED_CREDENTIALS_FILE` point at a file that does not exist, so a developer's own
 * profile (region, endpoint, credentials) can never leak into a lab function.
 */
export function fakeAwsEnvironment(): Record<string, string> {
  const nowhere = join(tmpdir(), 'sqs-lab-no-aws-config');
  return {
    AWS_REGION: LAB_REGION,
    AWS_DEFAULT_REGION: LAB_REGION,
    AWS_ACCESS_KEY_ID: LAB_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LAB_CREDENTIALS.secretAccessKey,
    AWS_SESSION_TOKEN: LAB_CREDENTIALS.sessionToken,
    AWS_CONFIG_FILE: nowhere,
    AWS_SHARED_CREDENTIALS_FILE: nowhere,
  };
}

/**
 * The access key id of a function's execution-role session: Lambda gives each function its role's
 * temporary credentials (`ASIA…`), so STS's GetCallerIdentity inside it names
 * `assumed-role/<role>/<function>`. Derived from the role and the function, so the lab's STS finds
 * the session again from the key alone.
 */
export function functionAccessKeyId(roleArn: string, functionName: string): string {
  return `ASIA${createHash('sha256').update(`${roleArn}|${functionName}`).digest('hex').slice(0, 16).toUpperCase()}`;
}

/** ARN of a lab queue, as Lambda puts it in `eventSourceARN`. */
export function queueArn(queueName: string): string {
  return `arn:aws:sqs:${LAB_REGION}:${LAB_ACCOUNT_ID}:${queueName}`;
}

/** ARN of a lab function, as Lambda puts it in `context.invokedFunctionArn`. */
export function functionArn(functionName: string): string {
  return `arn:aws:lambda:${LAB_REGION}:${LAB_ACCOUNT_ID}:function:${functionName}`;
}
