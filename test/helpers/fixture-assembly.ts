/**
 * Cloud assemblies synthesized in a test, for `lab.deploy({ assemblyDir })` and
 * `startTutorialLab({ assemblyDir })`: a topology's stack, with a chance to edit the construct tree
 * first (a fixture shape of a template: the old one or the fixed one), and in-place edits of
 * the rendered template between deploys.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { LAB_CDK_CONTEXT } from '#lab/app/lab-cdk-context';
import { synthesizeApp } from '#lab/app/synthesize-app';
import { tutorialApp } from '#experiments/tutorial-app';
import { cdkJsonContext } from '#lib/app';
import { PROJECT_ROOT } from '#lib/project-root';
import type { StackTopology } from '#lib/topology';
import { TopologyStack } from '#lib/topology-stack';

/**
 * Synthesizes `topology` into a fresh directory with the lab's context (as `startLab` does),
 * letting `edit` change the construct tree first.
 * Inside the project, as `cdk.out` is: the functions find the runtime's SDK in node_modules.
 */
export function synthesize(topology: StackTopology, edit: (stack: TopologyStack) => void = () => undefined): string {
  mkdirSync(join(PROJECT_ROOT, '.lab', 'test-assemblies'), { recursive: true });
  const outdir = mkdtempSync(join(PROJECT_ROOT, '.lab', 'test-assemblies', 'cdk-out-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), ...LAB_CDK_CONTEXT } });
  edit(new TopologyStack(app, topology.stackName, { topology }));
  app.synth();
  return outdir;
}

/**
 * A copy of a cloud assembly (the lab's cached one: never edit that in place) in a fresh
 * directory, whose templates a test may then edit.
 */
export function copyAssembly(dir: string): string {
  mkdirSync(join(PROJECT_ROOT, '.lab', 'test-assemblies'), { recursive: true });
  const outdir = mkdtempSync(join(PROJECT_ROOT, '.lab', 'test-assemblies', 'copy-'));
  cpSync(dir, outdir, { recursive: true });
  return outdir;
}

/**
 * `topology` as the lab synthesizes it (its cached assembly), copied and edited into the shape a
 * test needs, independent of what lib/ renders today: the old shape of a template or the fixed one.
 */
export async function shapedAssembly(
  topology: StackTopology,
  edit: (template: RenderedTemplate) => void,
): Promise<string> {
  const { dir } = await synthesizeApp(tutorialApp({ stacks: [topology] }).synthesis());
  const copy = copyAssembly(dir);
  editTemplate(copy, topology.stackName, edit);
  return copy;
}

/** A rendered template's resources, as far as the tests edit them. */
export interface RenderedTemplate {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[] }>;
}

/** Rewrites the template of `stackName` in `outdir` with `edit`. */
export function editTemplate(outdir: string, stackName: string, edit: (template: RenderedTemplate) => void): void {
  const file = join(outdir, `${stackName}.template.json`);
  const template = JSON.parse(readFileSync(file, 'utf8')) as RenderedTemplate;
  edit(template);
  writeFileSync(file, JSON.stringify(template));
}

/** The logical id of the one resource of `type` (whose id starts with `prefix`, if given). */
export function logicalIdOf(template: RenderedTemplate, type: string, prefix = ''): string {
  const ids = Object.keys(template.Resources).filter(
    (id) => template.Resources[id]?.Type === type && id.startsWith(prefix),
  );
  if (ids.length !== 1) throw new Error(`expected one ${type} ${prefix}…, found ${ids.join(', ') || 'none'}`);
  return ids[0] as string;
}
