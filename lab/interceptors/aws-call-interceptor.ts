/**
 * The lab's AWS call interceptor: every SDK v3 call a function makes goes through the shared
 * smithy `Client.prototype.send`, so patching it inside an execution environment, before the
 * handler bundle loads, counts and (by a {@link FaultPlan}) fails calls without a line of
 * handler code knowing. The lab's own clients get the same treatment through a middleware,
 * so several labs in one process keep their counts apart.
 */
import type { CallSite, FaultAction, FaultPlan } from './aws-call-faults';

/** One call: the client's `serviceId` and the command name without `Command`. */
export interface DescribedCall {
  readonly service: string;
  readonly operation: string;
  /** `Service.Operation`, the key of `lab.awsCallCounts()`. */
  readonly call: string;
  readonly input: unknown;
}

/** What the interceptor reports and how it fails a call. */
export interface InterceptorHooks {
  readonly site: CallSite;
  readonly plan: FaultPlan;
  /** Every call as it starts, with the fault the plan chose for it (undefined: none). */
  onCall(call: DescribedCall, fault: FaultAction | undefined): void;
  /** Ends the execution environment at once; never returns. */
  crash(call: DescribedCall, action: FaultAction): never;
  /** The error a faulted call throws. */
  makeError(service: string, error: { readonly name: string; readonly message: string }): Error;
  /**
   * IAM, between counting and faults: resolves to the AWS error of a denied call, or undefined
   * when the call may go on. Absent: nothing is authorized (calls are only counted and faulted).
   */
  authorize?(call: DescribedCall): Promise<Error | undefined>;
}

/** The part of a smithy client the interceptor reads. */
interface ClientLike {
  readonly config?: { readonly serviceId?: unknown };
}

/** The part of a command the interceptor reads; lib-dynamodb commands wrap a `clientCommand`. */
interface CommandLike {
  readonly input?: unknown;
  readonly clientCommand?: unknown;
}

type Send = (this: ClientLike, command: unknown, ...rest: unknown[]) => unknown;

/** Names a call from the client and the command (`DynamoDB` + `UpdateCommand` → `DynamoDB.UpdateItem`). */
export function describeCall(client: ClientLike, command: unknown): DescribedCall {
  const service = typeof client.config?.serviceId === 'string' ? client.config.serviceId : 'Unknown';
  const wrapped = (command as CommandLike | undefined)?.clientCommand;
  const named = wrapped ?? command;
  const className = (named as { constructor?: { name?: string } } | undefined)?.constructor?.name ?? 'Unknown';
  const operation = className.replace(/Command$/, '');
  return { service, operation, call: `${service}.${operation}`, input: (command as CommandLike | undefined)?.input };
}

/**
 * Replaces `prototype.send` (a smithy `Client.prototype`) with a version that counts each
 * call and applies the fault plan. Returns the function that puts the original back.
 */
export function patchClientSend(prototype: { send: Send }, hooks: InterceptorHooks): () => void {
  const original = prototype.send;
  prototype.send = function send(this: ClientLike, command: unknown, ...rest: unknown[]): unknown {
    const call = describeCall(this, command);
    const action = hooks.plan.decide(hooks.site, call.service, call.operation, call.input);
    hooks.onCall(call, action);
    if (action === undefined && hooks.authorize === undefined) return original.call(this, command, ...rest);
    const last = rest[rest.length - 1];
    const callback = typeof last === 'function' ? (last as (error: unknown, data?: unknown) => void) : undefined;
    const args = callback === undefined ? rest : rest.slice(0, -1);
    const result = (async (): Promise<unknown> => {
      const denied = await hooks.authorize?.(call);
      if (denied !== undefined) throw denied;
      if (action !== undefined) {
        if (action.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, action.delayMs));
        if (action.crash) hooks.crash(call, action);
        if (action.error !== undefined) throw hooks.makeError(call.service, action.error);
      }
      return original.call(this, command, ...args);
    })();
    if (callback === undefined) return result;
    result.then(
      (data) => callback(null, data),
      (error: unknown) => callback(error),
    );
    return undefined;
  };
  return () => {
    prototype.send = original;
  };
}

/** A smithy client's middleware stack, as far as the interceptor uses it. */
interface MiddlewareClient extends ClientLike {
  readonly middlewareStack: {
    // Each client's own middleware types differ; `never` accepts them all here.
    add(middleware: never, options: { step: 'initialize'; name: string; override?: boolean }): void;
  };
}

type InitializeArgs = { readonly input?: unknown };
type InitializeMiddleware = (
  next: (args: InitializeArgs) => Promise<unknown>,
  context: { readonly commandName?: string },
) => (args: InitializeArgs) => Promise<unknown>;

/**
 * Counts (and faults) the calls of one client the lab itself owns, through its middleware
 * stack rather than the shared prototype. Crash rules do not apply here.
 */
export function instrumentClient(client: MiddlewareClient, hooks: Omit<InterceptorHooks, 'crash'>): void {
  const service = typeof client.config?.serviceId === 'string' ? client.config.serviceId : 'Unknown';
  const middleware: InitializeMiddleware = (next, context) => async (args) => {
    const operation = (context.commandName ?? 'UnknownCommand').replace(/Command$/, '');
    const call: DescribedCall = { service, operation, call: `${service}.${operation}`, input: args.input };
    const action = hooks.plan.decide(hooks.site, service, operation, args.input);
    hooks.onCall(call, action);
    if (action !== undefined) {
      if (action.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, action.delayMs));
      if (action.error !== undefined) throw hooks.makeError(service, action.error);
    }
    return next(args);
  };
  client.middlewareStack.add(middleware as never, {
    step: 'initialize',
    name: 'labAwsCallInterceptor',
    override: true,
  });
}

/** An SDK service exception class (`new Cls({ message, $metadata })`). */
type ServiceExceptionClass = new (options: { message: string; $metadata: Record<string, unknown> }) => Error;

/** The error the SDK raises for an AWS error response that its model does not name (e.g. SQS's `AccessDenied`). */
export function buildDeniedError(
  load: (packageName: string) => unknown,
  service: string,
  denied: { readonly name: string; readonly message: string; readonly httpStatusCode: number },
): Error {
  const error = buildFaultError(load, service, denied);
  return Object.assign(error, {
    $fault: 'client',
    $metadata: { httpStatusCode: denied.httpStatusCode, attempts: 1, totalRetryDelay: 0 },
    ...(service === 'SQS' ? { Code: denied.name, Type: 'Sender' } : {}),
  });
}

/** The client package of a service, where its modeled exception classes live. */
export function servicePackage(service: string): string {
  const known: Record<string, string> = { SQS: '@aws-sdk/client-sqs', DynamoDB: '@aws-sdk/client-dynamodb' };
  return known[service] ?? `@aws-sdk/client-${service.toLowerCase().replaceAll(' ', '-')}`;
}

/**
 * Builds the error of a faulted call: an instance of the service's own exception class when
 * the SDK models one by that name (so `instanceof ConditionalCheckFailedException` holds),
 * otherwise an Error carrying the name and the SDK's `$fault` / `$metadata` fields.
 */
export function buildFaultError(
  load: (packageName: string) => unknown,
  service: string,
  error: { readonly name: string; readonly message: string },
): Error {
  let exported: unknown;
  try {
    exported = (load(servicePackage(service)) as Record<string, unknown>)[error.name];
  } catch {
    exported = undefined;
  }
  if (typeof exported === 'function') {
    try {
      const instance = new (exported as ServiceExceptionClass)({
        message: error.message,
        $metadata: { attempts: 1, totalRetryDelay: 0 },
      });
      if (instance instanceof Error && instance.name === error.name) return instance;
    } catch {
      // Not an exception class after all: fall through to a plain error.
    }
  }
  return Object.assign(new Error(error.message), {
    name: error.name,
    $fault: 'server',
    $metadata: { attempts: 1, totalRetryDelay: 0 },
  });
}
