/**
 * The project's lint rules beside prettier and dependency-cruiser (`npm run lint`), each with why;
 * test/unit/oxlint.config.test.ts shows each one catching what it names. Only these rules run: the
 * category oxlint turns on by default is off. A later override replaces an earlier one's options
 * for the same rule, so the files two groups reach (the lab package's tests) get an override made
 * of both groups' pieces, last.
 */
import { defineConfig } from 'oxlint';

const SERVE = 'open a server with serveOnLoopback (lab/common/serve-on-loopback.ts)';

/**
 * A server of the lab, the bench or the experiments opens through serveOnLoopback only: on
 * loopback, behind the request guard (any web page the user visits can reach 127.0.0.1).
 */
const SERVER_PROPERTIES = ['createServer', 'createSecureServer', 'listen'].map((property) => ({
  property,
  message: SERVE,
}));
const SERVER_IMPORTS = [
  { name: 'node:http', importNames: ['createServer'], message: SERVE },
  { name: 'node:https', importNames: ['createServer'], message: SERVE },
  { name: 'node:http2', importNames: ['createServer', 'createSecureServer'], message: SERVE },
  { name: 'node:net', importNames: ['createServer'], message: SERVE },
];

/** A green run means every test ran: nothing run on a condition or left to do. */
const TEST_PROPERTIES = [
  { property: 'skipIf', message: 'a green run means every test ran: no test runs on a condition' },
  { property: 'runIf', message: 'a green run means every test ran: no test runs on a condition' },
  { property: 'todo', message: 'a green run means every test ran: no test left to do' },
];

/**
 * Test files mock AWS clients through lab/test/helpers/mock-aws-client.ts, which restores them
 * when the file ends (test files share their worker's modules).
 */
const MOCK_IMPORTS = [
  {
    name: 'aws-sdk-client-mock',
    importNames: ['mockClient'],
    message: 'mock AWS clients with lab/test/helpers/mock-aws-client.ts',
  },
];

const TESTS = ['test/**/*.ts', 'lab/test/**/*.ts'];
const MOCK_HELPER = 'lab/test/helpers/mock-aws-client.ts';

export default defineConfig({
  plugins: ['typescript', 'vitest', 'import'],
  categories: { correctness: 'off' },
  rules: {
    // An `any` says why: `// oxlint-disable-next-line typescript/no-explicit-any -- why`.
    'typescript/no-explicit-any': 'error',
  },
  overrides: [
    {
      // Past 350 lines a file of the lab's services holds more than one concept: split it.
      files: ['lab/services/**/*.ts'],
      rules: { 'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }] },
    },
    {
      // Lambda code logs one JSON line per event through its Logger, never console.
      files: ['lambda/**/*.ts'],
      rules: { 'no-console': 'error' },
    },
    {
      files: ['lab/**/*.ts', 'bench/**/*.ts', 'experiments/**/*.ts'],
      excludeFiles: ['lab/common/serve-on-loopback.ts'],
      rules: {
        'no-restricted-properties': ['error', ...SERVER_PROPERTIES],
        'no-restricted-imports': ['error', { paths: SERVER_IMPORTS }],
      },
    },
    {
      // Nothing focused or skipped either; tests import the project by alias (#lab/…, #lib/…,
      // #test/…: package.json imports), never ../.
      files: TESTS,
      rules: {
        'vitest/no-focused-tests': 'error',
        'vitest/no-disabled-tests': 'error',
        'import/no-relative-parent-imports': 'error',
        'no-restricted-properties': ['error', ...TEST_PROPERTIES],
        'no-restricted-imports': ['error', { paths: MOCK_IMPORTS }],
      },
    },
    {
      // The lab package's tests are the lab's code and tests at once: both groups above.
      files: ['lab/test/**/*.ts'],
      rules: {
        'no-restricted-properties': ['error', ...SERVER_PROPERTIES, ...TEST_PROPERTIES],
        'no-restricted-imports': ['error', { paths: [...SERVER_IMPORTS, ...MOCK_IMPORTS] }],
      },
    },
    {
      // The helper that restores what it mocks is the one file that may import mockClient.
      files: [MOCK_HELPER],
      rules: { 'no-restricted-imports': ['error', { paths: SERVER_IMPORTS }] },
    },
  ],
});
