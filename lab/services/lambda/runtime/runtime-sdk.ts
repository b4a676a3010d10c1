/**
 * The AWS SDK v3 the lab's Node.js runtimes provide, as Lambda's do (`/var/runtime/node_modules`:
 * every `@aws-sdk/*` client; no v2 since nodejs18.x; Lambda guide, "Building Lambda functions
 * with Node.js", Runtime-included SDK versions). A client the lab itself carries is that copy
 * (the version in the lab's package.json, {@link RUNTIME_SDK_VERSION} for `@aws-sdk/client-sqs`);
 * a client it does not carry is fetched from the npm registry, its newest release at or before
 * {@link RUNTIME_SDK_VERSION} (clients are published when they change), into
 * `.lab/nodejs-runtime/` when a function that imports it is created, before it is Active, as a
 * function does not start on Lambda until its runtime is there. A function's own `node_modules`
 * comes first (lambda-module-resolution.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { LAB_WORK_DIR } from '../../../common/lab-work-dir';
import { packageNameOf } from './lambda-module-resolution';

const requireFromLab = createRequire(import.meta.url);

/** The SDK version the runtime's clients have: the lab's own `@aws-sdk/client-sqs`'s. */
export const RUNTIME_SDK_VERSION: string = (
  JSON.parse(readFileSync(requireFromLab.resolve('@aws-sdk/client-sqs/package.json'), 'utf8')) as { version: string }
).version;

/** Where clients the lab does not carry are fetched to: `.lab/nodejs-runtime/<version>/node_modules`. */
export const FETCHED_SDK_ROOT = join(LAB_WORK_DIR, 'nodejs-runtime', RUNTIME_SDK_VERSION);

/** A client the lab could not provide: the function's import would fail where Lambda's would not. */
export class RuntimeSdkFetchError extends Error {
  override readonly name = 'RuntimeSdkFetchError';
}

/** Fetches `packages` (`name@version`) into `root`'s node_modules (default: npm, from the registry). */
export type SdkFetcher = (packages: readonly string[], root: string) => Promise<void>;

/**
 * The folders whose `node_modules` hold the runtime's SDK, in the order they are searched: the
 * fetched clients, then every `node_modules` the lab's own package resolves from.
 */
export function runtimeSdkRoots(): readonly string[] {
  // The same for every function of the run: looked up once.
  roots ??= [
    FETCHED_SDK_ROOT,
    ...(requireFromLab.resolve.paths('@aws-sdk/client-sqs') ?? [])
      .filter((folder) => folder.endsWith('node_modules') && existsSync(folder))
      .map((folder) => dirname(folder)),
  ];
  return roots;
}

let roots: readonly string[] | undefined;

/**
 * The `@aws-sdk/*` packages the handler file `entry` imports, itself or through the code's own
 * files: esbuild reads the code as JavaScript (so an SDK error message that names a package is not
 * an import) and every package import is left outside and recorded. A file esbuild cannot read
 * (a syntax error) names none; its INIT fails anyway.
 */
export async function sdkPackagesImported(entry: string): Promise<string[]> {
  const names = new Set<string>();
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      logLevel: 'silent',
      plugins: [
        {
          name: 'record-packages',
          setup(plugin) {
            plugin.onResolve({ filter: /^[^./]/ }, ({ path }) => {
              if (path.startsWith('@aws-sdk/')) names.add(packageNameOf(path));
              return { path, external: true };
            });
          },
        },
      ],
    });
  } catch {
    return [];
  }
  return [...names].sort();
}

/**
 * Makes sure every `@aws-sdk/*` client the handler file `entry` in `codeDir` imports is there for it: in its own
 * node_modules, among the lab's copies, or fetched now. Throws {@link RuntimeSdkFetchError} when
 * one could not be fetched.
 */
export async function provideRuntimeSdk(codeDir: string, entry: string, fetch: SdkFetcher = npmFetch): Promise<void> {
  const roots = runtimeSdkRoots();
  const missing = (await sdkPackagesImported(entry)).filter(
    (name) =>
      !existsSync(join(codeDir, 'node_modules', name)) &&
      !roots.some((root) => existsSync(join(root, 'node_modules', name))),
  );
  if (missing.length === 0) return;
  await mkdir(FETCHED_SDK_ROOT, { recursive: true });
  try {
    await fetch(
      // Clients are published when they change: the newest at or before the runtime's version.
      missing.map((name) => `${name}@<=${RUNTIME_SDK_VERSION}`),
      FETCHED_SDK_ROOT,
    );
  } catch (error) {
    throw new RuntimeSdkFetchError(
      `the function imports ${missing.join(', ')}, which Lambda's Node.js runtime provides; the lab carries no copy and could not fetch ${missing.length === 1 ? 'it' : 'them'} from the npm registry (at or before ${RUNTIME_SDK_VERSION}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** `npm install` into `root` (its own package.json, so that later fetches keep the earlier ones). */
async function npmFetch(packages: readonly string[], root: string): Promise<void> {
  const manifest = join(root, 'package.json');
  if (!existsSync(manifest))
    await writeFile(manifest, `${JSON.stringify({ name: 'lab-nodejs-runtime-sdk', private: true }, null, 2)}\n`);
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.platform === 'win32' ? 'npm.cmd' : 'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', root, ...packages],
      { timeout: 180_000 },
      (error, _stdout, stderr) =>
        error === null ? resolve() : reject(new Error(stderr.trim().split('\n').pop() ?? error.message)),
    );
  });
}
