/**
 * The lab's own AWS clients (pollers, deletes, provisioning, `lab.clients`): counted and faulted
 * through a middleware on each client, so several labs in one process keep their counts apart.
 * The functions' calls are gated at the HTTP level inside each execution environment instead
 * (aws-call-gate.ts), because the SDK a function bundles is private to its bundle.
 */
import type { CallSite, FaultAction, FaultPlan } from './aws-call-faults';

/** One call: the client's `serviceId` and the command name without `Command`. */
export interface DescribedCall {
  readonly service: string;
  readonly operation: string;
  /** `Service.Operation`, the key of `lab.awsCallCounts()`. */
  readonly call: string;
  readonly input: unknown;
  /** How the call was sent: a form post (the query protocol: SNS, STS) or JSON (the default). */
  readonly protocol?: 'query' | 'json';
}

/** What the lab's client middleware reports, and how it fails a call. */
export interface InterceptorHooks {
  readonly site: CallSite;
  readonly plan: FaultPlan;
  /** Every call as it starts, with the fault the plan chose for it (undefined: none). */
  onCall(call: DescribedCall, fault: FaultAction | undefined): void;
  /** The error a faulted call throws. */
  makeError(service: string, error: { readonly name: string; readonly message: string }): Error;
}

/** The part of a smithy client the interceptor reads. */
interface ClientLike {
  readonly config?: { readonly serviceId?: unknown };
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
 * stack. Crash rules do not apply here.
 */
export function instrumentClient(client: MiddlewareClient, hooks: InterceptorHooks): void {
  const service = typeof client.config?.serviceId === 'string' ? client.config.serviceId : 'Unknown';
  const middleware: InitializeMiddleware = (next, context) => async (args) => {
    const operation = (context.commandName ?? 'UnknownCommand').replace(/Command$/, '');
    await interceptCall(hooks, service, operation, args.input);
    return next(args);
  };
  client.middlewareStack.add(middleware as never, {
    step: 'initialize',
    name: 'labAwsCallInterceptor',
    override: true,
  });
}

/**
 * What the lab does as one of its own calls starts, whatever sends it (an SDK client's
 * middleware, or the pollers' JSON client): counts it, then waits and throws as the fault
 * plan chose.
 */
export async function interceptCall(
  hooks: InterceptorHooks,
  service: string,
  operation: string,
  input: unknown,
): Promise<void> {
  const call: DescribedCall = { service, operation, call: `${service}.${operation}`, input };
  const action = hooks.plan.decide(hooks.site, service, operation, input);
  hooks.onCall(call, action);
  if (action === undefined) return;
  if (action.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, action.delayMs));
  if (action.error !== undefined) throw hooks.makeError(service, action.error);
}

/** An SDK service exception class (`new Cls({ message, $metadata })`). */
type ServiceExceptionClass = new (options: { message: string; $metadata: Record<string, unknown> }) => Error;

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
