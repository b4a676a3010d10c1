/**
 * A bundle's source map read the way a debugger reads it: the `//# sourceMappingURL=` comment
 * resolved against the script's URL, each `sources` entry against the map's URL
 * (https://tc39.es/ecma426/, "Resolving sources"), and positions looked up both ways.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, type SourceMapMappings } from '@jridgewell/sourcemap-codec';

/** A script's source map, its sources as absolute paths. */
export interface ScriptSourceMap {
  /** The map's own URL, as the script's comment names it. */
  readonly url: string;
  readonly sources: readonly string[];
  readonly mappings: SourceMapMappings;
}

/** A 0-based line and column, as the inspector protocol counts them. */
export interface Position {
  readonly lineNumber: number;
  readonly columnNumber: number;
}

/** The source map `scriptPath` names in its last line; throws when it names none. */
export function sourceMapOf(scriptPath: string): ScriptSourceMap {
  const comment = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(scriptPath, 'utf8'));
  if (comment?.[1] === undefined) throw new Error(`${scriptPath} names no source map`);
  const url = new URL(comment[1], pathToFileURL(scriptPath));
  const map = JSON.parse(readFileSync(url, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string };
  const root = map.sourceRoot ?? '';
  return {
    url: url.href,
    sources: map.sources.map((source) => fileURLToPath(new URL(`${root}${source}`, url))),
    mappings: decode(map.mappings),
  };
}

/** Where line `line` (0-based) of `source` (an absolute path) first appears in the script, or undefined. */
export function generatedPosition(map: ScriptSourceMap, source: string, line: number): Position | undefined {
  const index = map.sources.indexOf(source);
  for (const [lineNumber, segments] of map.mappings.entries()) {
    const segment = segments.find((candidate) => candidate[1] === index && candidate[2] === line);
    if (segment !== undefined) return { lineNumber, columnNumber: segment[0] };
  }
  return undefined;
}

/** The source and 0-based line a script position maps to: the last segment at or before its column. */
export function originalPosition(
  map: ScriptSourceMap,
  position: Position,
): { readonly source: string; readonly line: number } | undefined {
  const segments = map.mappings[position.lineNumber] ?? [];
  const segment = segments.findLast((candidate) => candidate[0] <= position.columnNumber);
  if (segment?.[1] === undefined || segment[2] === undefined) return undefined;
  const source = map.sources[segment[1]];
  return source === undefined ? undefined : { source, line: segment[2] };
}
