/**
 * The function bundles carry the AWS SDK, and esbuild maps every line of it: 0.74–0.93 MB of
 * source map. With `NODE_OPTIONS=--enable-source-maps`, Node decodes the whole map the first
 * time an execution environment formats an error's stack: 0.21–0.24 s for the Step 7 worker,
 * against about 10 ms once the dependencies' mappings are dropped (README, Performance and
 * cost). The map keeps what it is there for: the project's own frames in the logs read
 * `lambda/visibility-dup/worker.ts:52:55`; the SDK's frames stay positions in `index.js`.
 *
 * Runs as NodejsFunction's `afterBundling` command (`node strip-dependency-mappings.ts
 * <index.js.map>`, TypeScript run by Node 24 as is), so the asset the lab runs and AWS deploys
 * carries the cut map; the bench measures the map the same way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';

/** This file: NodejsFunction's `afterBundling` hook runs it with Node on each function's map. */
export const STRIP_DEPENDENCY_MAPPINGS_SCRIPT = fileURLToPath(import.meta.url);

/** A source map as esbuild writes it (version 3), as far as this reads it. */
interface SourceMapJson {
  readonly sources: readonly string[];
  readonly mappings: string;
}

/** The map with only the mappings whose source is outside `node_modules` (the project's own code). */
export function stripDependencyMappings(mapJson: string): string {
  const map = JSON.parse(mapJson) as SourceMapJson;
  const own = map.sources.map((source) => !source.split(/[\\/]/).includes('node_modules'));
  const lines = decode(map.mappings).map((line) =>
    // A one-field segment maps a generated column to no source: nothing to drop.
    line.filter((segment) => segment.length === 1 || own[segment[1]] === true),
  );
  return JSON.stringify({ ...map, mappings: encode(lines) });
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && pathToFileURL(invokedPath).href === import.meta.url) {
  const mapPath = process.argv[2];
  if (mapPath === undefined) {
    process.stderr.write('usage: node strip-dependency-mappings.ts <index.js.map>\n');
    process.exit(2);
  }
  writeFileSync(mapPath, stripDependencyMappings(readFileSync(mapPath, 'utf8')));
}
