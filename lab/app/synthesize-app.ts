/**
 * This project's CDK app as the lab synthesizes it: bin/sqs-lab.ts's stacks (lib/app.ts) with
 * cdk.json's context, the lab's own context on top, and a learner's `-c` switches; or variant
 * stacks built from topologies (tests, experiments, chaos). The assembly is cached while the
 * files the app reads are unchanged (bin/, lib/, lambda/, cdk.json, package-lock.json and the
 * entries of variant functions).
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../lib/project-root';
import type { AppSource } from './app-source';
import { type SynthesizedAssembly, synthesizeCached } from '../services/cloudformation/synthesize-cached';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-process-protocol';

export type { AppSource } from './app-source';

/** tsx's loader, by path: the child needs it whatever the current directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The child's entry. */
const SYNTHESIS_PROCESS = fileURLToPath(new URL('./synthesis-process.ts', import.meta.url));

/** What the app reads besides the entries of variant functions. */
const APP_INPUTS = ['bin', 'lib', 'lambda', 'cdk.json', 'package-lock.json'];

/** Synthesizes `source` into a cloud assembly, or returns the cached one with the same inputs. */
export function synthesizeApp(
  source: AppSource,
  options: { readonly cacheDir?: string } = {},
): Promise<SynthesizedAssembly> {
  return synthesizeCached(
    {
      source,
      settings: LAB_CDK_CONTEXT,
      inputs: appInputs(source),
      root: PROJECT_ROOT,
      synthesize: (outdir) => synthesizeInto(source, outdir),
    },
    options,
  );
}

function appInputs(source: AppSource): string[] {
  const inputs = APP_INPUTS.map((input) => join(PROJECT_ROOT, input));
  if (source.kind === 'topologies') {
    for (const topology of source.topologies) {
      for (const spec of topology.functions) inputs.push(dirname(resolve(PROJECT_ROOT, spec.entry)));
    }
  }
  return inputs;
}

/**
 * Synthesizes in a child process: CDK's synthesis, and esbuild's bundling inside it, run
 * synchronously for seconds, and on the lab's main thread they would stall the functions already
 * running (their AWS calls wait for the main thread's IAM answer), so a heartbeat came late. (A
 * worker thread will not do: CDK's bundling hands process.stderr to spawnSync, which a thread's
 * stderr is not.)
 */
function synthesizeInto(source: AppSource, outdir: string): Promise<void> {
  // One synthesis at a time per process, as when it ran on the main thread: eight labs starting
  // side by side would otherwise run eight CPU-bound children on two cores at once.
  const turn = lastSynthesis.then(() => synthesizeInChild(source, outdir));
  lastSynthesis = turn.catch(() => undefined);
  return turn;
}

/** The end of the latest synthesis this process started. */
let lastSynthesis: Promise<unknown> = Promise.resolve();

function synthesizeInChild(source: AppSource, outdir: string): Promise<void> {
  const child = fork(SYNTHESIS_PROCESS, [], {
    cwd: PROJECT_ROOT,
    // The child runs the project's TypeScript as the lab's CLIs do, through tsx.
    execArgv: ['--import', TSX_LOADER],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once('message', (answer: SynthesisAnswer) => {
      answered = true;
      if (answer.ok) resolve();
      else reject(new Error(answer.message));
    });
    child.once('error', (error) => {
      answered = true;
      reject(error);
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`the synthesis process ended without an answer (exit code ${code})`));
    });
    const request: SynthesisRequest = { source, outdir };
    child.send(request);
  });
}
