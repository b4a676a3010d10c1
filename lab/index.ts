/**
 * The lab's one import surface for bench/, test/ and the console: everything outside lab/
 * reaches the lab through this file, never through its folders.
 */
export { batchInputCases, outcomeProblem, sweepInputs, visibilityInputCases } from './chaos/bad-input';
export type { InputCase, InputOutcome } from './chaos/bad-input';
export { invariantViolations } from './chaos/invariant';
export { CHAOS_MIXES, findMix } from './chaos/mixes';
export { reliabilityTable } from './chaos/report';
export { books, runChaos } from './chaos/run-chaos';
export type { ChaosResult } from './chaos/run-chaos';
export {
  CHAOS_VISIBILITY_TIMING,
  TimeScaleError,
  chaosBatchTopology,
  chaosVisibilityTopology,
} from './chaos/topologies';
export { batchWorkload, bodyKey, visibilityWorkload } from './chaos/workload';
export { DEFAULT_RESULTS_FILE, parseChaosArgs } from './cli/chaos-args';
export { UsageError, parseLabArgs } from './cli/lab-args';
export { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION, fakeAwsEnvironment } from './common/local-aws';
export { AwsProbe, DeployedOutputsError, readDeployedOutputs, requiredContextFlags } from './experiments/aws-probe';
export { EXPERIMENTS, UnknownExperimentError, findExperiment } from './experiments/catalog';
export { openLocalProbe } from './experiments/local-probe';
export { batchIndexOf, observeBatch, observeSweep, observeVisibility } from './experiments/observation';
export type { BatchObservation, VisibilityObservation, WorkerLine } from './experiments/observation';
export { RedriveFailedError, redriveByCopy, redriveWithMoveTask } from './experiments/redrive';
export { toRow } from './experiments/report';
export { runExperiment } from './experiments/runner';
export type { ExperimentResult } from './experiments/runner';
export { RawSendError, queueDepth, sendRawBodies } from './experiments/stack-reads';
export { ProgressBoard } from './experiments/progress';
export { renderReportPage, writeReport } from './experiments/timeline/report-page';
export type { ReportContext, WrittenReport } from './experiments/timeline/report-page';
export { buildTimeline } from './experiments/timeline/timeline';
export type { DlqMove, Timeline, TimelineInput, TimelineLane, TimelineMark } from './experiments/timeline/timeline';
export {
  GanttSyntaxError,
  mermaidBlock,
  parseTimelineGantt,
  renderTimelineMermaid,
} from './experiments/timeline/timeline-mermaid';
export type { GanttChart } from './experiments/timeline/timeline-mermaid';
export { timelineInputOf } from './experiments/timeline/timeline-of-result';
export { renderLegendSvg, renderTimelineSvg } from './experiments/timeline/timeline-svg';
export { throttledCompletion, workerAssumesVisibilityTimeout, workerTimeout } from './experiments/variants';
export { FaultPlan, FaultRuleError, LAB_CALL_SITE, validateFaultRules } from './interceptors/aws-call-faults';
export type { AwsCallsOptions, AwsFaultRule } from './interceptors/aws-call-faults';
export type { AwsCallCounts } from './interceptors/aws-call-ledger';
export { startLab } from './lab';
export type { Lab, StackName } from './lab';
export { LOCAL_LAB_KEY, writeLabOutputs } from './outputs';
export {
  TopologyError,
  createStackResources,
  lowerVisibilityTimeouts,
  requireQueue,
  resolveBindings,
} from './provision';
export { parseProxyResponse } from './services/apigateway/local-api';
export { TokenBucket } from './services/apigateway/token-bucket';
export { createDynamoDbClient, createSqsClient, localhostDnsModuleUrl, startEmulators } from './services/emulators';
export type { EmulatorEndpoints, Emulators } from './services/emulators';
export { settleBatch } from './services/lambda/event-source-mapping/batch-response';
export {
  EventSourceMapping,
  InvalidParameterValueError,
  emptyMappingCounters,
  validateEventSourceMapping,
} from './services/lambda/event-source-mapping/event-source-mapping';
export type { MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export { IncompleteMessageError, toSqsEvent, toSqsRecord } from './services/lambda/event-source-mapping/sqs-event';
export { NODEJS_FUNCTION_OPTIONS, bundleFunction, bundleRuntimeWorker } from './services/lambda/runtime/bundle';
export { FunctionStoppedError, LocalFunction, timeoutMessage } from './services/lambda/runtime/local-function';
export type { Invocable, InvocationResult } from './services/lambda/runtime/local-function';
export { LabLogs } from './services/logs/lab-logs';
export type { FunctionLogRecord, LabLogRecord, MappingLogRecord, PlatformLogRecord } from './services/logs/lab-logs';
