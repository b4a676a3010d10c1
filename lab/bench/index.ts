/**
 * The lab's bench, as a package entry (`@sqs-lab/lab/bench`): what the lab measures of itself
 * (the emulators' ceiling, the one endpoint's cost, Logs Insights' query time, the SQS
 * emulator under a long backlog), with each
 * section's table and target, and the tools an app's own bench measures its pipelines with
 * (request counters, busy meters, pools, medians, throwaway queues and tables, the real CDK CLI
 * run against a lab).
 * `npm run bench -w @sqs-lab/lab` runs the lab's sections alone (main.ts).
 */

export type { CallCounter, CallCounts, CountableClient } from './aws-call-counter';
export { countAwsCalls, countOf, diffCounts } from './aws-call-counter';
export { BenchResourceError, createBenchQueue, createBenchTable } from './bench-resources';
export type { BenchTarget, BenchTargetStatus } from './bench-target';
export { targetsTable } from './bench-target';
export type { CeilingRun, CeilingShape } from './emulator-ceiling';
export { batchLoopShape, ceilingTable, CeilingStalledError, measureCeiling } from './emulator-ceiling';
export type { EndpointOverheadResult } from './endpoint-overhead';
export { endpointTable, endpointTarget, MAX_ENDPOINT_OVERHEAD, measureEndpointOverhead } from './endpoint-overhead';
export type { InsightsBenchResult, InsightsSizeRow } from './logs-insights';
export {
  INSIGHTS_BENCH_QUERIES,
  insightsTable,
  insightsTarget,
  MAX_INSIGHTS_TIME_RATIO_PER_4X,
  measureInsights,
  tourShapedLines,
} from './logs-insights';
export type { BacklogBenchResult, BacklogSizeRow } from './sqs-backlog';
export {
  BacklogBenchError,
  backlogTable,
  backlogTarget,
  MAX_BACKLOG_TIME_RATIO_PER_4X,
  measureSqsBacklog,
} from './sqs-backlog';
export type { LabBenchResults, LabBenchSizes } from './lab-bench';
export { LAB_BENCH_FULL, LAB_BENCH_QUICK, renderLabBench, runLabBench } from './lab-bench';
export { runPool } from './pool';
export { runCdkOnLab } from './run-cdk-on-lab';
export type { CommandResult } from './run-command';
export { runCommand } from './run-command';
export { mean, median } from './stats';
export type { ThreadCpuMs } from './thread-cpu';
export { startThreadCpuMeter } from './thread-cpu';
export type { ThreadBusy } from './thread-busy';
export { startBusyMeter } from './thread-busy';
