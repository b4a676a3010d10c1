/**
 * The modules a run of experiments needs (the emulators, the local probe, progress, report and
 * timeline page), loaded only when a command runs one, so that `--help` and a usage mistake
 * answer at once instead of after importing the whole lab.
 */
export async function loadRunModules() {
  const [emulators, localProbe, progress, report, runner, reportPage] = await Promise.all([
    import('../services/emulators'),
    import('../experiments/local-probe'),
    import('../experiments/progress'),
    import('../experiments/report'),
    import('../experiments/runner'),
    import('../experiments/timeline/report-page'),
  ]);
  return {
    startEmulators: emulators.startEmulators,
    openLocalProbe: localProbe.openLocalProbe,
    ProgressBoard: progress.ProgressBoard,
    renderResult: report.renderResult,
    renderTable: report.renderTable,
    toRow: report.toRow,
    runExperiment: runner.runExperiment,
    writeReport: reportPage.writeReport,
  };
}
