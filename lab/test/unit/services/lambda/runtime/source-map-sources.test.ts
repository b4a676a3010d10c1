import { describe, expect, it } from 'vitest';
import { rebaseSourceMapSources } from '#lab/services/lambda/runtime/source-map-sources';

// A zip the CDK CLI built in <project>/cdk.out/asset.<hash>/, unpacked into the lab's code cache.
const PROJECT = '/home/learner/sqs-lab';
const MAP_DIR = `${PROJECT}/.lab/lambda-code/0123abcd`;
const FILES = new Set([
  `${PROJECT}/lambda/visibility-dup/worker.ts`,
  `${PROJECT}/lib/settings.ts`,
  `${PROJECT}/node_modules/@smithy/core/dist-es/index.js`,
]);
const exists = (path: string): boolean => FILES.has(path);
const mapOf = (sources: readonly (string | null)[], extra: object = {}): string =>
  JSON.stringify({ version: 3, sources, mappings: 'AAAA', ...extra });

describe('rebaseSourceMapSources', () => {
  it("points sources written from the CLI's cdk.out back at the project's files, relative to the map", () => {
    const rebased = rebaseSourceMapSources(
      mapOf([
        '../../lambda/visibility-dup/worker.ts',
        '../../lib/settings.ts',
        '../../node_modules/@smithy/core/dist-es/index.js',
      ]),
      MAP_DIR,
      PROJECT,
      exists,
    );

    expect(JSON.parse(rebased ?? '{}')).toEqual({
      version: 3,
      sources: [
        '../../../lambda/visibility-dup/worker.ts',
        '../../../lib/settings.ts',
        '../../../node_modules/@smithy/core/dist-es/index.js',
      ],
      mappings: 'AAAA',
    });
  });

  it('leaves a map whose sources already resolve from where it lies (the cloud assembly’s assets) as it is', () => {
    const map = mapOf(['../../../lambda/visibility-dup/worker.ts']);

    expect(rebaseSourceMapSources(map, MAP_DIR, PROJECT, exists)).toBeUndefined();
  });

  it('keeps what it cannot place: files the project lacks, absolute paths, URLs, null', () => {
    const map = mapOf(['../../lambda/gone.ts', '/abs/lambda/x.ts', 'webpack://app/lambda/x.ts', null]);

    expect(rebaseSourceMapSources(map, MAP_DIR, PROJECT, exists)).toBeUndefined();
  });

  it('leaves a map with a sourceRoot, and a file that is not JSON, untouched', () => {
    expect(
      rebaseSourceMapSources(mapOf(['../../lib/settings.ts'], { sourceRoot: '/src/' }), MAP_DIR, PROJECT, exists),
    ).toBeUndefined();
    expect(rebaseSourceMapSources('not a map', MAP_DIR, PROJECT, exists)).toBeUndefined();
  });
});
