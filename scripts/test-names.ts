/**
 * Test files are named after what they test: a test under test/unit/ or test/lab/ (or the lab
 * package's lab/test/unit/ and lab/test/lab/) is
 * `<module>.test.ts` or `<module>.<aspect>.test.ts`, where `<module>` is a source file's name
 * (`iam-evaluator.grant-propagation.test.ts` tests lab/services/iam/iam-evaluator.ts), or a
 * configuration file's at the root, up to its first dot (`dependency-cruiser.test.ts`:
 * .dependency-cruiser.cjs; `oxlint.config.test.ts`: oxlint.config.ts). The
 * other trees gather tests by concern, not by module: conformance/, infra/, docs/, bench/,
 * robustness/.
 */
import { basename } from 'node:path';

/** The folders whose files are the project's modules. */
export const SOURCE_FOLDERS = ['lab', 'lib', 'lambda', 'experiments', 'bench', 'cost', 'scripts', 'bin'] as const;

/** The trees whose tests are named after a module. */
const MODULE_TREES = ['test/unit/', 'test/lab/', 'lab/test/unit/', 'lab/test/lab/'];

/** A source file's module name: `iam-evaluator` for `…/iam-evaluator.ts`. */
function moduleName(file: string): string {
  return basename(file).replace(/\.[^.]+$/, '');
}

/** A root configuration file's: its name up to its first dot (`dependency-cruiser` for `.dependency-cruiser.cjs`, `oxlint` for `oxlint.config.ts`). */
function configName(file: string): string {
  return file.replace(/^\./, '').split('.')[0] ?? file;
}

/**
 * The test files of `files` (project-relative paths, as git lists them) that are named after no
 * module: the name before `.test.ts`, up to its first dot, is no source file's or root config's.
 */
export function misnamedTests(files: readonly string[]): string[] {
  const modules = new Set<string>();
  for (const file of files) {
    const top = file.split('/')[0] ?? '';
    const rootConfig = !file.includes('/') && /\.(?:c?js|mjs|json|ts)$/.test(file);
    if ((SOURCE_FOLDERS as readonly string[]).includes(top) && file.endsWith('.ts')) modules.add(moduleName(file));
    else if (rootConfig) modules.add(configName(file));
  }
  return files.filter((file) => {
    if (!file.endsWith('.test.ts') || !MODULE_TREES.some((tree) => file.startsWith(tree))) return false;
    const subject = basename(file).slice(0, -'.test.ts'.length).split('.')[0] ?? '';
    return !modules.has(subject);
  });
}
