/**
 * The lab's Lambda: functions by name (each a {@link LocalFunction} of worker threads), their
 * event source mappings, and the permissions others hold to invoke them. A function that
 * CloudFormation updates is swapped for a new one under the same name, so mappings and APIs
 * that invoke it by name reach the new code.
 */
import { ResourceNotFoundError } from './errors';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { LabBus } from '../../bus/lab-bus';
import type { Invocable, InvocationResult, InvokeAdmission, LocalFunction } from './runtime/local-function';
import { type DeployedFunction, LambdaState } from './lambda-state';
import { type DestinationSender, invokeAsynchronously } from './async-invocation';
import { labNote } from './lab-note';

/** Functions, mappings and permissions of one lab. */
export class LambdaService {
  private readonly state = new LambdaState();
  private readonly functions = this.state.functions;
  /** The event source mappings, by UUID. */
  readonly mappings = this.state.mappings;
  /** Who may invoke which function (`AWS::Lambda::Permission`), by the permission's id. */
  readonly permissions = this.state.permissions;
  /** `LastUpdateStatus` of functions being updated (or whose update failed), by name. */
  readonly updates = this.state.updates;
  /** Asynchronous invocation settings (`AWS::Lambda::EventInvokeConfig`), by function name. */
  readonly eventInvokeConfigs = this.state.eventInvokeConfigs;
  private readonly retiring = new Set<LocalFunction>();
  /** Asynchronous events still being run or retried. */
  private readonly queued = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();

  constructor(
    readonly deps: {
      readonly sqs: SQSClient;
      readonly logs: LabBus;
      /** Sends an asynchronous invocation's record to its destination (a queue, topic or function). */
      readonly sendRecord?: DestinationSender;
    },
  ) {}

  /**
   * Queues `event` for the function as an asynchronous invocation (InvocationType `Event`, SNS, S3):
   * run, retried after a function error and reported to its destination as the function's
   * EventInvokeConfig says. Throws at once for a function the lab does not have.
   */
  queueEvent(nameOrArn: string, event: unknown): void {
    const deployed = this.resolve(nameOrArn);
    const name = deployed.fn.ref.functionName;
    const running = invokeAsynchronously(this.invocable(name), event, {
      config: this.eventInvokeConfigs.get(name),
      functionArn: deployed.arn,
      sendRecord: this.deps.sendRecord,
      onRecordFailed: (destination, error) => this.noteRecordFailed(deployed, destination, error),
      signal: this.stopping.signal,
    })
      .catch(() => undefined)
      .finally(() => this.queued.delete(running));
    this.queued.add(running);
  }

  /** Lambda cannot deliver a record when the role may not: the lab says so in the function's log. */
  private noteRecordFailed(deployed: DeployedFunction, destination: string, error: unknown): void {
    this.deps.logs.publish(
      labNote(
        deployed.fn.ref,
        `Lab note: Lambda could not send the invocation record to ${destination}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  /** Adds or replaces a function; the replaced one is stopped after its invocations finish. */
  async put(name: string, deployed: DeployedFunction): Promise<void> {
    const before = this.functions.get(name);
    this.functions.set(name, deployed);
    if (before !== undefined && before.fn !== deployed.fn) await before.fn.stop();
  }

  /**
   * Replaces a function's code or configuration as Lambda's update APIs do: the next invocation
   * runs in a new execution environment of `deployed`, while invocations already running on
   * the old one finish there before its environments are retired.
   */
  swap(name: string, deployed: DeployedFunction): void {
    const before = this.functions.get(name);
    this.functions.set(name, deployed);
    if (before === undefined || before.fn === deployed.fn) return;
    const retiring = before.fn;
    this.retiring.add(retiring);
    void retiring.retire().finally(() => this.retiring.delete(retiring));
  }

  async remove(name: string): Promise<void> {
    const before = this.functions.get(name);
    this.functions.delete(name);
    this.updates.delete(name);
    await before?.fn.stop();
  }

  get(name: string): DeployedFunction {
    const deployed = this.functions.get(name);
    if (deployed === undefined) throw new ResourceNotFoundError(`Function not found: ${name}`);
    return deployed;
  }

  /**
   * The function by name, or by ARN: `arn:aws:lambda:<region>:<account>:function:<name>`, the
   * `function:` part optional and a qualifier after the name, as Lambda's FunctionName pattern
   * takes it (Lambda API reference, Invoke: `(arn:(aws[a-zA-Z-]*)?:lambda:)?([a-z]{2}(-gov)?-[a-z]+-\d{1}:)?(\d{12}:)?(function:)?([a-zA-Z0-9-_\.]+)(:(\$LATEST|[a-zA-Z0-9-_]+))?`).
   */
  resolve(nameOrArn: string): DeployedFunction {
    if (!nameOrArn.startsWith('arn:')) return this.get(nameOrArn);
    const [, , , , , ...rest] = nameOrArn.split(':');
    const name = rest[0] === 'function' ? rest[1] : rest[0];
    return this.get(name ?? nameOrArn);
  }

  /**
   * Whether a permission (`AWS::Lambda::Permission`) lets `principal` (`sns.amazonaws.com`,
   * `s3.amazonaws.com`) invoke the function `nameOrArn` names, by its name or its ARN.
   */
  permits(nameOrArn: string, principal: string): boolean {
    const name = this.resolve(nameOrArn).fn.ref.functionName;
    return [...this.permissions.values()].some(
      (permission) =>
        permission.principal === principal &&
        (permission.functionName === name || permission.functionName.endsWith(`:${name}`)),
    );
  }

  /** The log group a function writes to (`/aws/lambda/<name>` for one the lab does not know). */
  logGroupOf(name: string): string {
    return this.functions.get(name)?.logGroupName ?? `/aws/lambda/${name}`;
  }

  /** Every function, by name. */
  all(): ReadonlyMap<string, DeployedFunction> {
    return this.functions;
  }

  /**
   * An {@link Invocable} that looks the function up on every call, so it keeps working after
   * CloudFormation replaces the code behind the name.
   */
  invocable(name: string): Invocable {
    const service = this;
    return {
      get ref() {
        return service.get(name).fn.ref;
      },
      get timeoutSeconds() {
        return service.get(name).timeoutSeconds;
      },
      get concurrency() {
        return service.get(name).fn.concurrency;
      },
      invoke(event: unknown, admission?: InvokeAdmission): Promise<InvocationResult> {
        return service.get(name).fn.invoke(event, admission);
      },
    };
  }

  /** Stops every mapping (waiting for batches in flight), then every function. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.mappings.values()].map((mapping) => mapping.stop()));
    await Promise.allSettled([...this.functions.values()].map(({ fn }) => fn.stop()));
    // Retiring functions do not wait for their invocations any longer: the lab is going away.
    await Promise.allSettled([...this.retiring].map((fn) => fn.stop()));
    await Promise.allSettled([...this.queued]);
  }
}
