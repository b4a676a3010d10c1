/**
 * Bundles a function's entry the way CDK's `NodejsFunction` does for the stacks' nodejs24.x
 * functions (esbuild, platform node, target node24, CommonJS, minified, the AWS SDK bundled in):
 * the lab runs the same SDK code the deployed asset carries, the versions package-lock.json
 * pins, never whatever SDK a runtime happens to provide.
 */
import { BundleError } from '../errors';
import { LAB_WORK_DIR, REPOSITORY_ROOT } from '../../../common/lab-work-dir';
import { writeAtomically } from '../../../common/write-atomically';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

/** Where function bundles go by default: `.lab/bundles/<stack>/<fn>/index.cjs`. */
export const DEFAULT_BUNDLE_DIR = join(LAB_WORK_DIR, 'bundles');

/**
 * The esbuild options NodejsFunction uses for the stacks' functions (lib/constructs/function-with-log-group.ts:
 * nodejs24.x, `minify`, `sourceMap` without sources, no external module: the SDK is bundled).
 * (The stacks' `afterBundling` hook then cuts the map to the project's own code; this bundler
 * leaves it whole.)
 */
export const NODEJS_FUNCTION_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'silent',
};

/**
 * Bundles `entry` (relative to the project root) to `<bundleDir>/<stackName>/<functionId>/index.cjs`
 * and returns that path. The file is replaced atomically, so a lab starting in parallel never
 * loads half a bundle.
 */
export async function bundleFunction(options: {
  readonly entry: string;
  readonly stackName: string;
  readonly functionId: string;
  readonly bundleDir?: string;
}): Promise<string> {
  const outfile = join(
    resolve(REPOSITORY_ROOT, options.bundleDir ?? DEFAULT_BUNDLE_DIR),
    options.stackName,
    options.functionId,
    'index.cjs',
  );
  const files = await esbuildOutputs(
    { ...NODEJS_FUNCTION_OPTIONS, entryPoints: [resolve(REPOSITORY_ROOT, options.entry)], outfile },
    options.entry,
  );
  // The map first, so a reader of the new bundle never finds an old map beside it.
  if (files.map !== undefined) await writeAtomically(`${outfile}.map`, files.map);
  await writeAtomically(outfile, files.code);
  return outfile;
}

/** Bundles the lab's own runtime (the worker-thread side) to `.lab/runtime/runtime-worker.cjs`. */
export async function bundleRuntimeWorker(): Promise<string> {
  const outfile = join(LAB_WORK_DIR, 'runtime', 'runtime-worker.cjs');
  const entry = fileURLToPath(new URL('./runtime-worker.ts', import.meta.url));
  const files = await esbuildOutputs(
    {
      ...{ bundle: true, platform: 'node', target: 'node24', format: 'cjs', logLevel: 'silent' },
      ...{ entryPoints: [entry], outfile },
    },
    entry,
  );
  await writeAtomically(outfile, files.code);
  return outfile;
}

/**
 * esbuild's output for `options` (its `outfile` the path the bundle is written to), kept in
 * memory. The map's `sources` are relative to that `outfile`, so a debugger that reads the map
 * beside the bundle (its `sourceMappingURL` comment) finds the project's own `.ts` files.
 */
async function esbuildOutputs(
  options: BuildOptions & { readonly outfile: string },
  entry: string,
): Promise<{ code: string; map: string | undefined }> {
  try {
    const result = await build({ ...options, write: false });
    const files = result.outputFiles ?? [];
    const code = files.find((file) => file.path.endsWith('.cjs'));
    if (code === undefined) throw new Error('esbuild produced no output');
    return { code: code.text, map: files.find((file) => file.path.endsWith('.map'))?.text };
  } catch (error) {
    throw new BundleError(`could not bundle ${entry}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
