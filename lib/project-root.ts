import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the repository root. Topology entries are relative to it, so synth works
 * from any working directory (the CDK CLI, vitest, an IDE).
 */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
