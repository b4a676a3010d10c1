import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `text` to `path` through a temporary file and a rename, so another process (two test
 * files bundling at once) never reads half a file. Creates the folder.
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** {@link writeAtomically}, for callers that cannot wait (a cache filled inside a synchronous lookup). */
export function writeAtomicallySync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
