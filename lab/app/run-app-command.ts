/**
 * Runs a CDK app's own command as the CDK CLI does (`cdk synth`'s protocol with the app): the
 * command from cdk.json's `app`, in the app's directory, through a shell, with the assembly's
 * directory in `CDK_OUTDIR` and the context in `CDK_CONTEXT_JSON`. The context is what the CLI
 * would give: cdk.json's, then cdk.context.json's (the lookups it keeps), then the lab's and the
 * deploy's `-c`. The account and region are the lab's (`CDK_DEFAULT_ACCOUNT`, `CDK_DEFAULT_REGION`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../common/local-aws';
import type { CommandSynthesis } from './lab-app';
import { LAB_CDK_CONTEXT } from './lab-cdk-context';

/** Raised when an app's command cannot start or exits with an error. */
export class AppCommandError extends Error {
  override readonly name = 'AppCommandError';
}

/** How much of the command's error output a failure quotes: its last lines. */
const QUOTED_ERROR_CHARS = 2000;

/** Runs `app`'s command, writing its cloud assembly into `outdir`. */
export function runAppCommand(app: CommandSynthesis, outdir: string): Promise<void> {
  const context = { ...savedContext(app.root), ...LAB_CDK_CONTEXT, ...app.context };
  return new Promise<void>((resolve, reject) => {
    const child = spawn(app.command, {
      cwd: app.root,
      shell: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        CDK_OUTDIR: outdir,
        CDK_CONTEXT_JSON: JSON.stringify(context),
        CDK_DEFAULT_ACCOUNT: LAB_ACCOUNT_ID,
        CDK_DEFAULT_REGION: LAB_REGION,
      },
    });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-QUOTED_ERROR_CHARS);
    });
    child.on('error', (error) =>
      reject(
        new AppCommandError(`the app's command "${app.command}" did not start: ${error.message}`, { cause: error }),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new AppCommandError(
            `the app's command "${app.command}" exited with code ${code}: ${errors.trim() || '(no output)'}`,
          ),
        );
    });
  });
}

/** cdk.json's `context`, then cdk.context.json's, as the CLI reads them. */
function savedContext(root: string): Record<string, unknown> {
  return { ...contextIn(join(root, 'cdk.json'), true), ...contextIn(join(root, 'cdk.context.json'), false) };
}

function contextIn(file: string, nested: boolean): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const context = nested ? parsed.context : parsed;
  return context !== null && typeof context === 'object' && !Array.isArray(context)
    ? (context as Record<string, unknown>)
    : {};
}
