/**
 * A copy of the CDK app (bin/, lib/, lambda/, cdk.json, package files, tsconfig) in a temporary
 * folder, with the project's node_modules linked in: the real CDK CLI synthesizes and bundles it
 * there, and the bench and the tests edit the copy (a setting, a handler) as a learner edits the project, without
 * touching the project's own files.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';

const COPIED = ['bin', 'lib', 'lambda', 'cdk.json', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The copy's folder, and a way to remove it. */
export interface ProjectCopy {
  readonly dir: string;
  /** Replaces `from` with `to` in the copy's file `path` (relative), as a learner's edit; throws when `from` is not there. */
  edit(path: string, from: string, to: string): void;
  remove(): void;
}

/** Copies the app into a new temporary folder. */
export function copyProject(prefix: string): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of COPIED) cpSync(join(PROJECT_ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return {
    dir,
    edit(path, from, to) {
      const file = join(dir, path);
      const text = readFileSync(file, 'utf8');
      if (!text.includes(from)) throw new Error(`${path} has no "${from}" to edit`);
      writeFileSync(file, text.replace(from, to));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
