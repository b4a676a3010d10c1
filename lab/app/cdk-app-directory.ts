/**
 * Any CDK app as the lab serves it: a directory with its own cdk.json (and its own node_modules),
 * synthesized by the command cdk.json names, as the CDK CLI synthesizes it (run-app-command.ts).
 * The lab deploys every stack of its cloud assembly, as `cdk deploy --all` does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LabApp } from './lab-app';

/** Raised when a directory is not a CDK app the lab can run: no cdk.json, or no `app` in it. */
export class NotACdkAppError extends Error {
  override readonly name = 'NotACdkAppError';
}

/** What the cache does not read: dependencies, outputs, version control, the lab's work. */
const NOT_INPUTS = new Set(['node_modules', 'cdk.out', '.git', '.lab', 'cdk-outputs.json', 'cdk-outputs.local.json']);

/** The CDK app in `dir`, synthesized by cdk.json's `app` command, with `options.context` (`-c`) over cdk.json's. */
export function cdkAppDirectory(
  dir: string,
  options: { readonly context?: Readonly<Record<string, string>> } = {},
): LabApp {
  const root = resolve(dir);
  const cdkJson = join(root, 'cdk.json');
  if (!existsSync(cdkJson)) throw new NotACdkAppError(`${root} has no cdk.json: give the directory of a CDK app`);
  let settings: { app?: unknown; output?: unknown };
  try {
    settings = JSON.parse(readFileSync(cdkJson, 'utf8')) as { app?: unknown; output?: unknown };
  } catch (error) {
    throw new NotACdkAppError(`${cdkJson} is not JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const command = settings.app;
  if (typeof command !== 'string' || command.trim() === '')
    throw new NotACdkAppError(`${cdkJson} names no "app" command for the lab to run`);
  const skipped = new Set(NOT_INPUTS);
  if (typeof settings.output === 'string') skipped.add(settings.output);
  const inputs = readdirSync(root)
    .filter((entry) => !skipped.has(entry))
    .map((entry) => join(root, entry));
  return { synthesis: (context = {}) => ({ root, command, context: { ...options.context, ...context }, inputs }) };
}
