/**
 * The project's import boundaries and cycles, checked by dependency-cruiser (`npm run lint`).
 * Rule names say what they keep apart; each `comment` says why.
 */
module.exports = {
  forbidden: [
    {
      name: 'lab-core-knows-no-app',
      comment:
        "The lab package (lab/) is generic: it imports nothing of the tutorial app (lib/, lambda/, bin/, cost/, bench/, experiments/). An app describes itself to it (lab/app/lab-app.ts) and registers what the console shows (its experiments, send form and log lines); the tutorial's experiments, tour and chaos plans live beside the app in experiments/.",
      severity: 'error',
      from: { path: '^lab/' },
      to: { path: '^(lib|lambda|bin|cost|bench|experiments)/' },
    },
    {
      name: 'bench-reaches-the-lab-through-its-api',
      comment:
        "bench/ uses the lab as a program would, through lab/index.ts, apart from the internals it measures: the bundler, the fake credentials, the Markdown tables its report shares with the docs, and the lab's own bench (its sections and measuring tools, lab/bench/index.ts).",
      severity: 'error',
      from: { path: '^bench/' },
      to: {
        path: '^lab/',
        pathNot: '^lab/(index|bench/index|services/lambda/runtime/bundle|common/local-aws|common/markdown-table)\\.ts$',
      },
    },
    {
      name: 'the-lab-is-reached-by-its-package-name',
      comment:
        "Outside the lab and its tests, code (the app, the bench, the scripts) imports the lab as @sqs-lab/lab (its workspace package), so Node and tsc hold it to the files lab/package.json's exports name; a relative path into lab/ would pass by them.",
      severity: 'error',
      from: { path: '^(bench|lib|lambda|cost|bin|experiments|scripts)/' },
      // The lab's tests are not its API: scripts/ reads its conformance catalog to write lab/docs/fidelity.md.
      to: { path: '^lab/', pathNot: '^lab/test/conformance/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'tests-import-the-module-they-test',
      comment: 'A test imports the lab module it tests, not the API (lab/index.ts), so a failure points at its module.',
      severity: 'error',
      from: { path: '^(test|lab/test)/' },
      to: { path: '^lab/index\\.ts$' },
    },
    {
      name: 'unit-tests-open-no-socket',
      comment:
        "test/unit/ (and the lab package's lab/test/unit/) starts no lab, gateway, emulator or server, so it runs in a second with nothing listening; a test that needs one lives in test/lab/ (or conformance/, infra/, bench/), at its module's path.",
      severity: 'error',
      from: { path: '^(test|lab/test)/unit/' },
      to: {
        path: '^lab/(lab|gateway/lab-gateway|common/serve-on-loopback)\\.ts$|^lab/emulators/|(^|node_modules/)(dynalite|fauxqs)(/|$)|^(node:)?(http|https|http2|net|dgram)$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'code-imports-no-tests',
      comment:
        'Nothing that runs (the app, the lab, the bench) depends on a test file, the lab package\'s own (lab/test/) included; scripts/ may, to write docs/fidelity.md from the conformance catalog. The lab\'s tests depend on none of the app\'s tests.',
      severity: 'error',
      from: { path: '^(lab|lib|lambda|bench|cost|bin|experiments)/', pathNot: '^lab/test/' },
      to: { path: '^(test|lab/test)/' },
    },
    {
      name: 'lab-tests-stay-in-the-lab',
      comment: "The lab package's tests (lab/test/) use the lab and their own helpers, never the app's tests (test/).",
      severity: 'error',
      from: { path: '^lab/test/' },
      to: { path: '^test/' },
    },
    {
      name: 'deployed-code-knows-no-lab',
      comment: 'What is deployed to AWS (lib/, lambda/) runs without the lab, the bench or the tests.',
      severity: 'error',
      from: { path: '^(lib|lambda)/' },
      to: { path: '^(lab|bench|test)/' },
    },
    {
      name: 'browser-code-stays-in-the-browser',
      comment:
        "The console page's modules run in the browser: they import one another only (the server hands them their words), never Node's or the lab's server code.",
      severity: 'error',
      from: { path: '^lab/console/browser/' },
      to: { pathNot: '^lab/console/browser/' },
    },
    {
      name: 'no-file-cycles',
      comment: 'Files that import each other in a loop have no order a reader can follow.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders that import each other in a loop are one concern cut in two.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|\\.lab|lab-report)/' },
    // swc reads type-only imports too, so the TypeScript compiler's pre-compilation pass (which
    // does not read TypeScript 7 yet) is not needed.
    tsPreCompilationDeps: false,
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
