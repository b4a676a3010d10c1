/**
 * A source map's `sources` pointed back at this project's files. esbuild writes them relative to
 * the place it built the bundle in (`../../lambda/visibility-dup/worker.ts` from a CDK CLI's
 * `cdk.out/asset.<hash>/`). Unpacked from the zip the CLI uploaded into the lab's code cache
 * (`.lab/lambda-code/<sha256>/`), the same relative paths point nowhere: a debugger could not
 * bind a breakpoint set in `lambda/` (it resolves each source against the map's URL,
 * https://tc39.es/ecma426/ "Resolving sources"), and `--enable-source-maps` traces would name
 * files that do not exist. The bundle itself is left as it is.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A source map, as far as this reads it. */
interface SourceMapJson {
  readonly sources?: readonly (string | null)[];
  readonly sourceRoot?: string;
}

/**
 * `mapJson` with each source that does not exist from `mapDir` (where the map now lies) but
 * does under `projectRoot` once its leading `../` are dropped, made relative to `mapDir` again;
 * undefined when no source changes (sources that resolve, absolute paths, URLs, a `sourceRoot`)
 * or when `mapJson` is not JSON.
 */
export function rebaseSourceMapSources(
  mapJson: string,
  mapDir: string,
  projectRoot: string,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  let map: SourceMapJson;
  try {
    map = JSON.parse(mapJson) as SourceMapJson;
  } catch {
    // Not a map this can read: the function's code stays as it was uploaded.
    return undefined;
  }
  if (!Array.isArray(map.sources) || (map.sourceRoot ?? '') !== '') return undefined;
  let changed = false;
  const sources = map.sources.map((source) => {
    if (source === null || isAbsolute(source) || /^[a-z][a-z0-9+.-]*:/i.test(source)) return source;
    if (exists(resolve(mapDir, source))) return source;
    const inProject = source.replace(/^(\.\.?\/)+/, '');
    if (inProject === '' || !exists(join(projectRoot, inProject))) return source;
    changed = true;
    return relative(mapDir, join(projectRoot, inProject)).split(sep).join('/');
  });
  return changed ? JSON.stringify({ ...map, sources }) : undefined;
}
