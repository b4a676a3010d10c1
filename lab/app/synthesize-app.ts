/**
 * An app's synthesis ({@link AppSynthesis}) as the lab runs it: cached while the files the app
 * reads are unchanged (lab/services/cloudformation/cdk-client/synthesize-cached.ts), and on a miss
 * synthesized in a child process that keeps the app's modules imported for the next variant, or
 * by the app's own command, as the CDK CLI runs it.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assemblyKey,
  type SynthesizedAssembly,
  synthesizeCached,
} from '../services/cloudformation/cdk-client/synthesize-cached';
import type { AppSynthesis, ModuleSynthesis } from './lab-app';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';
import { runAppCommand } from './run-app-command';
import { SynthesisChild } from './synthesis-child';

/** Synthesizes `app` into a cloud assembly, or returns the cached one with the same inputs. */
export function synthesizeApp(
  app: AppSynthesis,
  options: { readonly cacheDir?: string } = {},
): Promise<SynthesizedAssembly> {
  const source =
    'command' in app ? { command: app.command } : { module: relative(app.root, app.module), request: app.request };
  return synthesizeCached(
    {
      source,
      settings: { ...LAB_CDK_CONTEXT, ...app.context },
      inputs: app.inputs,
      root: app.root,
      synthesize: (outdir) => ('command' in app ? runAppCommand(app, outdir) : synthesizeInto(app, outdir)),
    },
    options,
  );
}

/**
 * Synthesizes in a child process: CDK's synthesis, and esbuild's bundling inside it, run
 * synchronously for seconds, and on the lab's main thread they would stall the functions already
 * running (their AWS calls wait for the main thread's IAM answer), so a heartbeat came late. (A
 * worker thread will not do: CDK's bundling hands process.stderr to spawnSync, which a thread's
 * stderr is not.) One child serves the whole process while the app's modules are unchanged.
 */
function synthesizeInto(app: ModuleSynthesis, outdir: string): Promise<void> {
  const request = {
    module: app.module,
    call: { context: app.context, request: app.request },
    outdir,
    inputsKey: inputsKey(app),
  };
  return synthesisChild.synthesize(request, app.root, moduleKey(app));
}

/** The content of the files the app reads, without what it synthesizes: the child reuses bundles while it holds. */
function inputsKey(app: ModuleSynthesis): string {
  return assemblyKey({ source: 'inputs', inputs: app.inputs, root: app.root, synthesize: async () => undefined });
}

const synthesisChild = new SynthesisChild();

/** The app's directory and the content of what the child imports: a change needs a new child. */
function moduleKey(app: ModuleSynthesis): string {
  return assemblyKey({
    source: { process: 'synthesis-process', module: app.module },
    inputs: [...app.moduleInputs, SYNTHESIS_PROCESS_DIR],
    root: app.root,
    synthesize: async () => undefined,
  });
}

/** The lab's own side of the child (this folder: the process, its protocol, the lab's context). */
const SYNTHESIS_PROCESS_DIR = fileURLToPath(new URL('.', import.meta.url));
