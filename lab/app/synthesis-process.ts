/**
 * The child process `synthesizeApp` synthesizes in on a cache miss: it imports the app's module
 * (a {@link ModuleSynthesis}'s `module`) once and calls its `synthesize` for each request, with the
 * lab's CDK context under the request's. It answers each request over IPC in turn, and stays for
 * the next one (the app's aws-cdk-lib is imported once); it ends when the lab's process does.
 */
import { pathToFileURL } from 'node:url';
import type { ModuleSynthesis, SynthesisCall } from './lab-app';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-process-protocol';
import { copyAssembly, prepareSynthesisWorkdir, removeSynthesisWorkdirs } from './synthesis-workdir';

/** What an app's module exports for the lab. */
interface AppModule {
  synthesize(call: SynthesisCall): void | Promise<void>;
}

/** The modules imported so far, by path. */
const modules = new Map<string, Promise<AppModule>>();

function appModule(path: ModuleSynthesis['module']): Promise<AppModule> {
  let loaded = modules.get(path);
  if (loaded === undefined) {
    loaded = import(pathToFileURL(path).href).then((module: Partial<AppModule>) => {
      if (typeof module.synthesize !== 'function')
        throw new Error(`${path} exports no synthesize function for the lab to call`);
      return module as AppModule;
    });
    modules.set(path, loaded);
  }
  return loaded;
}

async function synthesize({ module, call, outdir, inputsKey }: SynthesisRequest): Promise<void> {
  const app = await appModule(module);
  // In the work directory of these inputs, where CDK finds the bundles an earlier variant made
  // (synthesis-workdir.ts), then copied to the assembly's own directory.
  const workdir = prepareSynthesisWorkdir(inputsKey);
  await app.synthesize({ outdir: workdir, context: { ...LAB_CDK_CONTEXT, ...call.context }, request: call.request });
  copyAssembly(workdir, outdir);
}

function answer(message: SynthesisAnswer): void {
  // The lab's process may be gone by the time the answer is ready (a test that timed out):
  // nobody is left to answer, so end quietly instead of on an unhandled EPIPE.
  process.send?.(message, undefined, {}, (error) => {
    if (error !== null) process.exit(0);
  });
}

// The lab's process ended (or let go of this one): nothing more will be asked.
process.once('disconnect', () => process.exit(0));
process.once('exit', removeSynthesisWorkdirs);

process.on('message', (request: SynthesisRequest) => {
  synthesize(request).then(
    () => answer({ ok: true }),
    (error: unknown) => answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
