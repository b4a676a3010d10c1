/**
 * How a Node.js function's code finds the packages it imports, as on Lambda: its own
 * `node_modules` inside its code's folder (`/var/task` on Lambda, where nothing lies above it),
 * then the runtime's AWS SDK v3 (`/var/runtime/node_modules`, the `@aws-sdk/*` packages Lambda's
 * Node.js runtimes ship; no v2 since nodejs18.x). Nothing above the code's folder is looked at,
 * so a package the project happens to have is not found by accident: the import fails with
 * `Cannot find module`, as it would on Lambda. Installed in the execution environment with
 * `module.registerHooks` (one synchronous hook for `require` and `import`); pure Node, bundled into
 * the lab's runtime worker.
 */
import { existsSync } from 'node:fs';
import { isBuiltin, registerHooks } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the function's code is, and where the runtime's SDK packages are found. */
export interface LambdaModuleRoots {
  /** The function's code folder (its `/var/task`). */
  readonly codeDir: string;
  /** Folders whose `node_modules` hold the runtime's `@aws-sdk/*` packages, searched in order. */
  readonly runtimeSdkRoots: readonly string[];
}

/** `@aws-sdk/client-sqs/dist-cjs/index.js` → `@aws-sdk/client-sqs`; `yaml/util` → `yaml`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** A bare specifier: a package name, not a path, a URL or a built-in. */
function isBare(specifier: string): boolean {
  return !/^(?:\.{0,2}\/|[a-zA-Z][a-zA-Z\d+.-]*:|#)/.test(specifier) && !isBuiltin(specifier);
}

function isWithin(path: string, dir: string): boolean {
  const rest = relative(dir, path);
  return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !rest.startsWith(sep));
}

/**
 * The folder to resolve `name` from for a module at `parentPath` inside `roots.codeDir`, or
 * undefined when neither the code nor the runtime has it.
 */
export function lambdaPackageRoot(roots: LambdaModuleRoots, parentPath: string, name: string): string | undefined {
  for (let dir = dirname(parentPath); isWithin(dir, roots.codeDir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name))) return dir;
    if (dir === roots.codeDir || dirname(dir) === dir) break;
  }
  if (!name.startsWith('@aws-sdk/')) return undefined;
  return roots.runtimeSdkRoots.find((root) => existsSync(join(root, 'node_modules', name)));
}

/** Node's error for a package it cannot find, for `require` or for `import`. */
function notFound(specifier: string, parentPath: string, required: boolean): Error {
  const error = required
    ? new Error(`Cannot find module '${specifier}'\nRequire stack:\n- ${parentPath}`)
    : new Error(`Cannot find package '${specifier}' imported from ${parentPath}`);
  return Object.assign(error, { code: required ? 'MODULE_NOT_FOUND' : 'ERR_MODULE_NOT_FOUND' });
}

/** Installs the resolution for this thread (an execution environment's worker). */
export function resolveModulesAsLambda(roots: LambdaModuleRoots): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent === undefined || !parent.startsWith('file:') || !isBare(specifier))
        return nextResolve(specifier, context);
      const parentPath = fileURLToPath(parent);
      if (!isWithin(parentPath, roots.codeDir)) return nextResolve(specifier, context);
      const root = lambdaPackageRoot(roots, parentPath, packageNameOf(specifier));
      if (root === undefined) throw notFound(specifier, parentPath, context.conditions?.includes('require') === true);
      // Resolved as if imported from that folder: its node_modules holds the package.
      return nextResolve(specifier, { ...context, parentURL: pathToFileURL(join(root, 'index.js')).href });
    },
  });
}
