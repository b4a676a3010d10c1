/**
 * Where one test file bundles its functions, apart from `.lab/bundles` and from other test files
 * running in parallel.
 */
import { join } from 'node:path';

/** Bundles of one test file, apart from `.lab/bundles` and from other test files running in parallel. */
export function testBundleDir(name: string): string {
  return join('.lab', 'test-bundles', name);
}
