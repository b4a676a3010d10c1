/**
 * Bundle size and module load time of each Lambda, built exactly as the stacks build them
 * (lab/services/lambda/runtime/bundle.ts: the esbuild options of CDK's NodejsFunction, minified,
 * the AWS SDK bundled in), beside the same workers written with Powertools, and the size each
 * had before the SDK was bundled (`@aws-sdk/*` left to the runtime). Load time is a cold-start
 * proxy: a fresh `node -e` requires the bundle, SDK included, median of several runs,
 * interleaved so machine noise falls on every bundle alike.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { fakeAwsEnvironment } from '@sqs-lab/lab/local-aws';
import { bundleFunction, NODEJS_FUNCTION_OPTIONS } from '@sqs-lab/lab/bundle';
import { stripDependencyMappings } from '../../lib/bundling/strip-dependency-mappings';
import { PROJECT_ROOT } from '../../lib/project-root';
import { batchPartialTopology, visibilityDupTopology } from '../../lib/topology';
import { median } from '@sqs-lab/lab/bench';

/** Whose handler: the project's, or the same worker on Powertools. */
export type BundleVariant = 'project' | 'powertools';

/** One function to bundle. */
export interface BundleSubject {
  readonly variant: BundleVariant;
  readonly stackName: string;
  readonly functionId: string;
  /** Entry, relative to the project root. */
  readonly entry: string;
}

/** One bundle's figures. */
export interface BundleRow extends BundleSubject {
  /** Minified `index.cjs` with the AWS SDK bundled in (what the stack deploys), source map excluded. */
  readonly bytes: number;
  /** Its source map as the asset ships it beside the bundle (the project's own mappings only). */
  readonly mapBytes: number;
  /** The same entry with `@aws-sdk/*` external, as deployed before the SDK was bundled. */
  readonly sdkExternalBytes: number;
  /** Median time to `require` the bundle in a fresh Node process, in ms. */
  readonly loadMs: number;
  readonly loadRunsMs: readonly number[];
}

const run = promisify(execFile);

/** Every function of both stacks, then the Powertools workers. */
export function bundleSubjects(): BundleSubject[] {
  const project = [visibilityDupTopology(), batchPartialTopology()].flatMap((topology) =>
    topology.functions.map((spec) => ({
      variant: 'project' as const,
      stackName: topology.stackName,
      functionId: spec.id,
      entry: spec.entry,
    })),
  );
  return [
    ...project,
    {
      variant: 'powertools',
      stackName: 'VisibilityDupStack',
      functionId: 'Worker',
      entry: 'bench/powertools/visibility-dup-worker.ts',
    },
    {
      variant: 'powertools',
      stackName: 'BatchPartialStack',
      functionId: 'Worker',
      entry: 'bench/powertools/batch-partial-worker.ts',
    },
  ];
}

/** The variables the handlers read at module load; none is used to reach anything. */
function loadEnvironment(subject: BundleSubject): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...fakeAwsEnvironment(),
    AWS_LAMBDA_FUNCTION_NAME: `${subject.stackName}-${subject.functionId}`,
    QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-queue',
    TABLE_NAME: 'bench-table',
    VISIBILITY_TIMEOUT_SECONDS: '5',
    REPORT_BATCH_ITEM_FAILURES: 'true',
  };
}

const LOAD_SCRIPT =
  "const t=performance.now();const m=require(process.env.BENCH_BUNDLE);if(typeof m.handler!=='function')throw new Error('no handler');process.stdout.write(String(performance.now()-t))";

/** Raised when a bundle does not load in a fresh process. */
export class BundleLoadError extends Error {
  override readonly name = 'BundleLoadError';
}

async function loadOnce(path: string, subject: BundleSubject): Promise<number> {
  try {
    const { stdout } = await run(process.execPath, ['-e', LOAD_SCRIPT], {
      cwd: PROJECT_ROOT,
      env: { ...loadEnvironment(subject), BENCH_BUNDLE: path },
    });
    return Number(stdout);
  } catch (error) {
    throw new BundleLoadError(
      `${subject.entry} did not load: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

async function sdkExternalBytes(entry: string): Promise<number> {
  const result = await build({
    ...NODEJS_FUNCTION_OPTIONS,
    external: ['@aws-sdk/*'],
    sourcemap: false,
    entryPoints: [join(PROJECT_ROOT, entry)],
    write: false,
    outfile: 'index.cjs',
  });
  return result.outputFiles?.find((file) => file.path.endsWith('.cjs'))?.contents.byteLength ?? 0;
}

/** Bundles every subject, measures sizes, then `loads` interleaved load runs. */
export async function measureBundles(
  loads: number,
  workDir: string,
  onProgress: (line: string) => void = () => undefined,
): Promise<BundleRow[]> {
  const subjects = bundleSubjects();
  const built = await Promise.all(
    subjects.map(async (subject) => {
      const path = await bundleFunction({
        entry: subject.entry,
        stackName: `${subject.variant}-${subject.stackName}`,
        functionId: subject.functionId,
        bundleDir: join(workDir, 'bundles'),
      });
      return {
        subject,
        path,
        bytes: (await stat(path)).size,
        // As the stacks' afterBundling hook leaves it: the project's own mappings only.
        mapBytes: Buffer.byteLength(stripDependencyMappings(await readFile(`${path}.map`, 'utf8'))),
        sdkExternalBytes: await sdkExternalBytes(subject.entry),
      };
    }),
  );
  const runs = built.map(() => [] as number[]);
  for (let round = 0; round < loads; round += 1) {
    for (const [index, bundle] of built.entries()) runs[index]?.push(await loadOnce(bundle.path, bundle.subject));
    onProgress(`load round ${round + 1}/${loads}`);
  }
  return built.map((bundle, index) => ({
    ...bundle.subject,
    bytes: bundle.bytes,
    mapBytes: bundle.mapBytes,
    sdkExternalBytes: bundle.sdkExternalBytes,
    loadMs: median(runs[index] ?? []),
    loadRunsMs: runs[index] ?? [],
  }));
}
