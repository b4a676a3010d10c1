import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository the lab runs in, found from this file's place (lab/common/), so the lab works
 * from any working directory. Function entries and bundle folders given to the lab's services,
 * the app the lab synthesizes and the outputs file it writes are relative to it. (The app's own
 * lib/project-root.ts finds the same folder; the lab imports nothing of the app.)
 */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The lab's working folder, `.lab/` (git-ignored): bundles, cloud assemblies, resource schemas. */
export const LAB_WORK_DIR = join(REPOSITORY_ROOT, '.lab');
