/**
 * Where the synthesis process synthesizes, so that esbuild bundles each function once per
 * content of its sources, not once per assembly. CDK reuses a bundle within one process only
 * for the same asset output directory (aws-cdk-lib's AssetStaging keys its cache by the
 * directory, the source path and the bundling options): synthesizing every variant straight
 * into its own new assembly directory bundled all five functions each time, about 3.5 s of the
 * 4.6 s a variant took, and the tests synthesize some forty variants.
 *
 * So each synthesis runs in one work directory per content of the files the app reads
 * (`inputsKey`: bin/, lib/, lambda/, package-lock.json, variant entries): the same inputs, the
 * same directory, and CDK finds the bundles it made for an earlier variant; a changed handler
 * changes the key, and the new directory is bundled afresh. The assembly is then copied out:
 * the top-level files this synthesis wrote, and the asset directories its asset manifests name.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_WORK_DIR } from '../common/lab-work-dir';

/** The work directories of this process: under `.lab/synthesis-work/<pid>-<inputsKey>/`. */
const WORK_ROOT = join(LAB_WORK_DIR, 'synthesis-work');

/**
 * The work directory for `inputsKey`, emptied of the previous synthesis's files (manifest,
 * templates, asset manifests) but keeping its asset directories for CDK to find again.
 */
export function prepareSynthesisWorkdir(inputsKey: string): string {
  if (!staleRemoved) removeStaleWorkdirs();
  const workdir = join(WORK_ROOT, `${process.pid}-${inputsKey}`);
  mkdirSync(workdir, { recursive: true });
  for (const entry of readdirSync(workdir, { withFileTypes: true }))
    if (!(entry.isDirectory() && entry.name.startsWith('asset.')))
      rmSync(join(workdir, entry.name), { recursive: true, force: true });
  return workdir;
}

/** Copies the assembly synthesized in `workdir` to `outdir`: its files and the assets it names. */
export function copyAssembly(workdir: string, outdir: string): void {
  mkdirSync(outdir, { recursive: true });
  const assets = new Set<string>();
  for (const entry of readdirSync(workdir, { withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    cpSync(join(workdir, entry.name), join(outdir, entry.name));
    if (entry.name.endsWith('.assets.json')) for (const path of assetPaths(join(workdir, entry.name))) assets.add(path);
  }
  for (const path of assets)
    if (existsSync(join(workdir, path))) cpSync(join(workdir, path), join(outdir, path), { recursive: true });
}

/** The asset directories and files an asset manifest names (`files.<id>.source.path`). */
function assetPaths(manifestFile: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    readonly files?: Readonly<Record<string, { readonly source?: { readonly path?: string } }>>;
  };
  return Object.values(manifest.files ?? {})
    .map((file) => file.source?.path)
    .filter((path): path is string => typeof path === 'string' && path.startsWith('asset.'));
}

let staleRemoved = false;

/** Removes the work directories of synthesis processes that are gone (killed before they could). */
function removeStaleWorkdirs(): void {
  staleRemoved = true;
  if (!existsSync(WORK_ROOT)) return;
  for (const name of readdirSync(WORK_ROOT)) {
    const pid = Number.parseInt(name, 10);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid))
      rmSync(join(WORK_ROOT, name), { recursive: true, force: true });
  }
}

/** True while a process with this id runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes this process's work directories (the synthesis process does, when it ends). */
export function removeSynthesisWorkdirs(): void {
  if (!existsSync(WORK_ROOT)) return;
  for (const name of readdirSync(WORK_ROOT))
    if (name.startsWith(`${process.pid}-`)) rmSync(join(WORK_ROOT, name), { recursive: true, force: true });
}
