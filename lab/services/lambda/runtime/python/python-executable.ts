/**
 * The machine's Python the lab runs Python functions on: `LAB_PYTHON` when set, else the first
 * `python3` on the lab's own PATH (a function's environment has Lambda's PATH, which would find
 * another one, without the machine's boto3). Looked up once.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

let found: string | undefined;

/** The absolute path of the Python to run, or `python3` when the PATH holds none (the spawn then fails with ENOENT). */
export function pythonExecutable(environment: NodeJS.ProcessEnv = process.env): string {
  if (environment.LAB_PYTHON !== undefined && environment.LAB_PYTHON !== '') return environment.LAB_PYTHON;
  found ??= (environment.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => join(folder, 'python3'))
    .find((candidate) => {
      try {
        accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return found ?? 'python3';
}
