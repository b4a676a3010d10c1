/**
 * The execution environments of one lab function, shaped after LocalStack's
 * `AssignmentService` (`services/lambda_/invocation/assignment.py`): an invocation takes an idle
 * (warm) environment or starts a new one (a cold start), so concurrent invocations get separate
 * environments; an environment that survives its invocation goes back to idle, any other is
 * terminated. Provisioned concurrency starts environments ahead of traffic.
 */
import { type EnvironmentStart, ExecutionEnvironment, RuntimeStatus } from './execution-environment';
import { newLogStreamName } from './lambda-environment';
import type { LocalFunctionOptions } from './local-function-options';

/** A function's pool of execution environments. */
export class EnvironmentPool {
  private readonly idle: ExecutionEnvironment[] = [];
  private readonly busy = new Set<ExecutionEnvironment>();
  private stopped = false;
  private started = 0;
  private killed = 0;

  constructor(private readonly options: LocalFunctionOptions) {}

  /** Environments started so far (cold starts, provisioned ones included). */
  get coldStarts(): number {
    return this.started;
  }

  /** Environments killed by {@link EnvironmentPool.killRandom}. */
  get kills(): number {
    return this.killed;
  }

  /** Environments running an invocation right now. */
  get busyCount(): number {
    return this.busy.size;
  }

  /** True once {@link EnvironmentPool.stop} was called. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** An idle (warm) environment, if there is one. */
  takeIdle(): ExecutionEnvironment | undefined {
    return this.idle.pop();
  }

  /**
   * Starts an on-demand environment for an invocation that found none idle (a cold start).
   * `announce` runs once it is counted, just before its INIT phase begins (Lambda's INIT_START).
   */
  startOnDemand(logStreamName: string, announce: () => void): Promise<EnvironmentStart> {
    this.started += 1;
    announce();
    return ExecutionEnvironment.start(this.options, this.started, logStreamName);
  }

  /** Counts `environment` as running an invocation. */
  reserve(environment: ExecutionEnvironment): void {
    this.busy.add(environment);
  }

  /**
   * Takes `environment` back after its invocation. When `reusable` (it answered without a fatal
   * error), still INVOKING (no timeout, crash or kill stopped it) and the pool runs on, it goes
   * back to idle and nothing is returned, so a warm return costs no turn of the event loop;
   * otherwise it is terminated, and the returned promise settles once its thread is gone.
   */
  release(environment: ExecutionEnvironment, reusable: boolean): Promise<void> | undefined {
    this.busy.delete(environment);
    if (reusable && environment.status === RuntimeStatus.Invoking && !this.stopped) {
      environment.release();
      this.idle.push(environment);
      return undefined;
    }
    return environment.terminate();
  }

  /**
   * Starts `count` environments ahead of traffic, `parallel` at a time, and keeps them warm,
   * as Lambda's provisioned concurrency does: a load test then does not begin with a burst
   * of simultaneous cold starts competing for the CPU. Throws the INIT error if one fails.
   */
  async provision(count: number, parallel = 2): Promise<void> {
    let remaining = count;
    const starter = async (): Promise<void> => {
      while (remaining > 0 && !this.stopped) {
        remaining -= 1;
        this.started += 1;
        const init = await ExecutionEnvironment.start(
          this.options,
          this.started,
          newLogStreamName(),
          'provisioned-concurrency',
        );
        if (!init.ok)
          throw new Error(
            `${this.options.ref.functionName} INIT failed: ${init.error.errorType}: ${init.error.errorMessage}`,
          );
        if (this.stopped) {
          await init.environment.terminate();
          return;
        }
        this.idle.push(init.environment);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, starter));
  }

  /**
   * Crashes one busy environment, picked with `random` (0 ≤ x < 1): its thread is terminated
   * mid-invocation, so the invocation ends as an error. Returns false when none is busy.
   */
  killRandom(random: () => number): boolean {
    const busy = [...this.busy];
    const victim = busy[Math.floor(random() * busy.length)];
    if (victim === undefined) return false;
    this.busy.delete(victim);
    this.killed += 1;
    void victim.kill('killed by LocalFunction.killRandom()');
    return true;
  }

  /** Terminates every environment, idle and busy; nothing is started or kept afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    const environments = [...this.idle, ...this.busy];
    this.idle.length = 0;
    await Promise.all(environments.map((environment) => environment.terminate()));
  }
}
