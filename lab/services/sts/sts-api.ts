/**
 * STS on the lab's endpoint (query protocol): GetCallerIdentity and AssumeRole, what the CDK CLI
 * asks before every deploy (its deploy, file-publishing and lookup roles). The lab has one
 * account; the caller with the lab's static keys is the account's root
 * (`arn:aws:iam::000000000000:root`), a caller with keys AssumeRole issued is that role session
 * (`arn:aws:sts::000000000000:assumed-role/<role>/<session>`), and so is a function, whose keys are
 * its execution role's session named after the function (as Lambda's are), as GetCallerIdentity answers them
 * (https://docs.aws.amazon.com/STS/latest/APIReference/API_GetCallerIdentity.html).
 *
 * AssumeRole succeeds for a role the lab's IAM has; the role's trust policy is not evaluated
 * (the lab has one caller), and session tags, an external id or a session policy (the CDK CLI may
 * send `Tags` and `TransitiveTagKeys`) are accepted and not applied. Its credentials are accepted
 * by every lab service like any other.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { queryError, queryParameters, queryResponse } from '../../gateway/protocols/query-protocol';
import { AssumeRoleDeniedError, StsError, StsUnknownActionError, StsValidationError } from './errors';
import { nullMemberMessage } from '../../common/null-member-message';

/** STS's query namespace. */
const NAMESPACE = 'https://sts.amazonaws.com/doc/2011-06-15/';

/** What the STS handler needs of the lab. */
export interface StsApiOptions {
  readonly accountId: string;
  /** Whether the lab's IAM has the role of this ARN (iam-state.ts `roleByArn`). */
  readonly roleExists: (roleArn: string) => boolean;
  /**
   * The execution role and function name a function's access key stands for (its
   * `functionAccessKeyId`), if the key is one: a function's calls are that role's session.
   */
  readonly functionSessionOf?: (
    accessKeyId: string,
  ) => { readonly roleArn: string; readonly functionName: string } | undefined;
  readonly now?: () => Date;
}

/** A role session AssumeRole started. */
interface RoleSession {
  readonly arn: string;
  readonly userId: string;
}

/** The STS handler of the lab's endpoint (signing name `sts`). */
export function stsApi(options: StsApiOptions): GatewayHandler {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, RoleSession>();
  const callerOf = (request: GatewayRequest): RoleSession => {
    const accessKeyId = /Credential=([^/,\s]+)\//.exec(request.headers.authorization ?? '')?.[1];
    if (accessKeyId === undefined) return root;
    const started = sessions.get(accessKeyId);
    if (started !== undefined) return started;
    const fn = options.functionSessionOf?.(accessKeyId);
    return fn === undefined ? root : roleSession(fn.roleArn, fn.functionName);
  };
  const root: RoleSession = { arn: `arn:aws:iam::${options.accountId}:root`, userId: options.accountId };
  /** A role's session as STS names it: `assumed-role/<role>/<session>`, its user id the role's id and the session. */
  const roleSession = (roleArn: string, sessionName: string): RoleSession => {
    const roleName = roleArn.slice(roleArn.lastIndexOf('/') + 1);
    const roleId = `AROA${createHash('sha256').update(roleArn).digest('hex').slice(0, 17).toUpperCase()}`;
    return {
      arn: `arn:aws:sts::${options.accountId}:assumed-role/${roleName}/${sessionName}`,
      userId: `${roleId}:${sessionName}`,
    };
  };
  const assumeRole = (parameters: ReadonlyMap<string, string>, caller: RoleSession): GatewayResponse => {
    const roleArn = required(parameters, 'RoleArn', 20, 2048);
    const sessionName = required(parameters, 'RoleSessionName', 2, 64);
    if (!/^[\w+=,.@-]*$/.test(sessionName))
      throw new StsValidationError(
        `1 validation error detected: Value '${sessionName}' at 'roleSessionName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]*`,
      );
    const duration = Number(parameters.get('DurationSeconds') ?? '3600');
    if (!Number.isInteger(duration) || duration < 900 || duration > 43_200)
      throw new StsValidationError(
        `1 validation error detected: Value '${parameters.get('DurationSeconds') ?? ''}' at 'durationSeconds' failed to satisfy constraint: Member must have value between 900 and 43200`,
      );
    if (!options.roleExists(roleArn)) throw new AssumeRoleDeniedError(caller.arn, roleArn);
    const accessKeyId = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const session = roleSession(roleArn, sessionName);
    sessions.set(accessKeyId, session);
    return queryResponse('AssumeRole', NAMESPACE, {
      Credentials: {
        AccessKeyId: accessKeyId,
        SecretAccessKey: randomBytes(30).toString('base64'),
        SessionToken: randomBytes(64).toString('base64'),
        Expiration: new Date(now().getTime() + duration * 1000).toISOString(),
      },
      AssumedRoleUser: { AssumedRoleId: session.userId, Arn: session.arn },
    });
  };
  return {
    signingName: 'sts',
    async handle(request) {
      try {
        const parameters = queryParameters(request.body, request.query, (message) => new StsValidationError(message));
        const action = parameters.get('Action') ?? '';
        const caller = callerOf(request);
        switch (action) {
          case 'GetCallerIdentity':
            return queryResponse('GetCallerIdentity', NAMESPACE, {
              UserId: caller.userId,
              Account: options.accountId,
              Arn: caller.arn,
            });
          case 'AssumeRole':
            return assumeRole(parameters, caller);
        }
        throw new StsUnknownActionError(
          `the lab's STS answers GetCallerIdentity and AssumeRole, not ${action === '' ? 'a request without an Action' : action}`,
        );
      } catch (error) {
        if (error instanceof StsError) return queryError(error.code, error.message, error.statusCode, NAMESPACE);
        throw error;
      }
    },
  };
}

/** A required string parameter within its length bounds. */
function required(parameters: ReadonlyMap<string, string>, name: string, min: number, max: number): string {
  const value = parameters.get(name);
  const member = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  if (value === undefined) throw new StsValidationError(nullMemberMessage(name));
  if (value.length < min || value.length > max)
    throw new StsValidationError(
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: Member must have length ${value.length < min ? `greater than or equal to ${min}` : `less than or equal to ${max}`}`,
    );
  return value;
}
