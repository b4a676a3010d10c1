/**
 * The CDK app a lab serves, as the lab sees it: the stacks it deploys and views by construct id,
 * and how its synthesis process synthesizes them. The lab imports no app: an app describes itself
 * with these types (the tutorial's does in experiments/tutorial-app.ts) and hands them to
 * `startLab({ app })`.
 */

/** One stack as the lab views it: by construct ids (CDK's logical ids without their 8-character hash). */
export interface StackLayout {
  readonly stackName: string;
  /** The queue a producer sends to (`LabStack.queueUrl`); its dead-letter queue is `LabStack.dlqUrl`. */
  readonly mainQueueId: string;
  readonly queues: readonly { readonly id: string; readonly deadLetter?: { readonly queueId: string } }[];
  readonly tables: readonly { readonly id: string }[];
  readonly functions: readonly { readonly id: string }[];
}

/** How the lab synthesizes an app: through a module its synthesis process keeps, or the app's own command. */
export type AppSynthesis = ModuleSynthesis | CommandSynthesis;

/**
 * An app synthesized as the CDK CLI runs it: `command` (cdk.json's `app`) in `root`, with
 * `CDK_OUTDIR` and `CDK_CONTEXT_JSON` set (cdk.json's and cdk.context.json's context beneath the
 * lab's and the deploy's), on every cache miss. Any CDK app works this way, in any language its
 * command runs; each synthesis pays the app's start-up (lab/app/cdk-app-directory.ts).
 */
export interface CommandSynthesis {
  readonly root: string;
  /** The shell command that runs the app (cdk.json's `app`). */
  readonly command: string;
  /** CDK context over cdk.json's, cdk.context.json's and the lab's own. */
  readonly context: Readonly<Record<string, string>>;
  /** Files and folders (absolute) whose content decides the assembly: the cache key. */
  readonly inputs: readonly string[];
}

/**
 * How the lab's synthesis process synthesizes an app (lab/app/synthesis-process.ts). The process
 * imports `module` once and keeps it while `moduleInputs` are unchanged; each synthesis calls the
 * module's export `synthesize({ outdir, context, request })`, which builds the app's own CDK `App`
 * (with the app's own aws-cdk-lib) into `outdir` and calls `synth()`.
 */
export interface ModuleSynthesis {
  /** The app's directory: the process runs there, and the cache names `inputs` relative to it. */
  readonly root: string;
  /** The module the process imports: an absolute path, TypeScript or JavaScript. */
  readonly module: string;
  /** What the module's `synthesize` is given beside the context (JSON): which stacks, which variant. */
  readonly request: unknown;
  /** CDK context over the lab's own (`LAB_CDK_CONTEXT`); the module adds its cdk.json's beneath both. */
  readonly context: Readonly<Record<string, string>>;
  /** Files and folders (absolute) whose content decides the assembly: the cache key. */
  readonly inputs: readonly string[];
  /** Files and folders (absolute) the module imports: a change needs a new synthesis process. */
  readonly moduleInputs: readonly string[];
}

/** What the module of a {@link ModuleSynthesis} is called with. */
export interface SynthesisCall {
  readonly outdir: string;
  readonly context: Readonly<Record<string, string>>;
  readonly request: unknown;
}

/** The app a lab serves. */
export interface LabApp {
  /**
   * The stacks the lab deploys and views (`lab.stacks`), in order. Absent: the lab deploys every
   * stack of the app's cloud assembly, as `cdk deploy --all` does, and views none by layout
   * (`lab.deployed` shows them).
   */
  readonly stacks?: readonly StackLayout[];
  /** The app's synthesis, with a deploy's CDK context (`-c name=value`) over the app's own. */
  synthesis(context?: Readonly<Record<string, string>>): AppSynthesis;
}
