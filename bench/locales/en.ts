/** What `npm run bench` says in English: its help, its command-line mistakes and its last lines. */

/** What the help names: the sections and the default results file. */
export interface BenchHelpFacts {
  readonly sections: readonly string[];
  readonly resultsFile: string;
}

/** Every text of `npm run bench`; ja.ts gives each in Japanese. */
export interface BenchMessages {
  readonly usage: (facts: BenchHelpFacts) => string;
  readonly error: (message: string) => string;
  readonly unknownArgument: (argument: string) => string;
  readonly onlyNeedsList: string;
  readonly outNeedsFile: string;
  readonly unknownSection: (name: string, names: readonly string[]) => string;
  readonly resultsWritten: (file: string) => string;
  readonly failed: (message: string) => string;
  /** The line above the bench's tables in docs/project.md (`npm run bench:doc`). */
  readonly docIntro: string;
}

export const en: BenchMessages = {
  usage: (facts) => `Usage: npm run bench -- [options]

Measures, on the local lab (never AWS): AWS requests per message beside the tutorial's
naive versions, the cost per million messages, bundle size and load time beside
Powertools, lab throughput against the emulator's ceiling (emulators in the lab's main
thread and in their own threads, side by side), guard throughput, the lab's memory,
npm run chaos's wall time on a sample of mixes (one run after the other, then side by side),
Logs Insights' query time over 25 000 to 100 000 log lines, and the SQS emulator's CPU time
per message with 25 000 and 100 000 messages waiting in a queue.
Writes ${facts.resultsFile} and prints the tables (markdown).

Options:
  --quick             small sizes: a smoke test in well under a minute
  --only SECTION      run only these sections (repeat or comma-separate):
                      ${facts.sections.join(', ')} (cost runs requests too)
  --out FILE          write the results here instead of ${facts.resultsFile}
  --lang en|ja        the language of this help and of the mistakes (the tables stay in English)
  --help, -h          show this help
`,
  error: (message) => `error: ${message} (npm run bench -- --help lists the options)\n`,
  unknownArgument: (argument) => `unknown argument "${argument}"`,
  onlyNeedsList: '--only needs a comma-separated list of sections',
  outNeedsFile: '--out needs a file name',
  unknownSection: (name, names) => `unknown section "${name}"; sections: ${names.join(', ')}`,
  resultsWritten: (file) => `Results written to ${file}\n`,
  failed: (message) => `npm run bench failed: ${message}\n`,
  docIntro: 'From the last full run committed in bench/results.json:',
};
