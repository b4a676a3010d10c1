/**
 * Lambda's REPORT line in the Text log format, from a `platform.report` record:
 * `REPORT RequestId: …\tDuration: 2.37 ms\tBilled Duration: 3 ms\tMemory Size: 128 MB\tMax Memory Used: 67 MB\t`
 * (plus `Init Duration` after a cold start, `Status` and `Error Type` when it failed).
 */
export function reportText(requestId: string, report: Readonly<Record<string, unknown>>): string {
  const metrics = (report.metrics ?? {}) as Record<string, number | undefined>;
  const parts = [
    `REPORT RequestId: ${requestId}`,
    `Duration: ${(metrics.durationMs ?? 0).toFixed(2)} ms`,
    `Billed Duration: ${metrics.billedDurationMs ?? 0} ms`,
    `Memory Size: ${metrics.memorySizeMB ?? 0} MB`,
    `Max Memory Used: ${metrics.maxMemoryUsedMB ?? 0} MB`,
  ];
  if (metrics.initDurationMs !== undefined) parts.push(`Init Duration: ${metrics.initDurationMs.toFixed(2)} ms`);
  if (report.status !== undefined && report.status !== 'success') parts.push(`Status: ${String(report.status)}`);
  if (typeof report.errorType === 'string') parts.push(`Error Type: ${report.errorType}`);
  return `${parts.join('\t')}\t`;
}
