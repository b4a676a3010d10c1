/**
 * The modules a run of experiments needs (the shared emulators, the local probe, progress, report and
 * timeline page), loaded only when a command runs one, so that `--help` and a usage mistake
 * answer at once instead of after importing the whole lab.
 */
export async function loadRunModules() {
  const [sharedEmulators, localProbe, progress, report, runner, reportPage] = await Promise.all([
    import('@sqs-lab/lab'),
    import('../local-probe'),
    import('../progress'),
    import('../report'),
    import('../runner'),
    import('../timeline/report-page'),
  ]);
  return {
    withEmulators: sharedEmulators.withSharedEmulators,
    openLocalProbe: localProbe.openLocalProbe,
    ProgressBoard: progress.ProgressBoard,
    renderResult: report.renderResult,
    renderTable: report.renderTable,
    toRow: report.toRow,
    runExperiment: runner.runExperiment,
    writeReport: reportPage.writeReport,
  };
}
