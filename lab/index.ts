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
export { ChaosPlanError, planChaosRuns, runChaosPlan } from './chaos/run-chaos-plan';
export type { ChaosPlanResult, PlannedChaosRun } from './chaos/run-chaos-plan';
export type { ChaosResult } from './chaos/run-chaos';
export {
  CHAOS_VISIBILITY_TIMING,
  TimeScaleError,
  chaosBatchTopology,
  chaosVisibilityTopology,
} from './chaos/topologies';
export { batchWorkload, bodyKey, visibilityWorkload } from './chaos/workload';
export { DEFAULT_CHAOS_PARALLEL, DEFAULT_RESULTS_FILE, parseChaosArgs } from './cli/chaos-args';
export { LANGUAGE_OPTION, readCommandLine } from './cli/command-line';
export { UsageError, parseLabArgs } from './cli/lab-args';
export { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION, fakeAwsEnvironment } from './common/local-aws';
export {
  AWS_DOCUMENTED_PROPAGATION_MS,
  DEFAULT_IAM_GRANT_PROPAGATION,
  LAB_MAX_PROPAGATION_MS,
  PropagationOptionError,
  propagationDelayMs,
  resolvePropagation,
  settleSecondsOf,
} from './common/propagation';
export type { PropagationOptions, ResolvedPropagation } from './common/propagation';
export {
  AwsProbe,
  DeployedOutputsError,
  LabOnlyActionError,
  QueueNotLoweredError,
  loweredVisibilityTimeout,
  openAwsProbe,
  readDeployedOutputs,
  requiredContextFlags,
} from './experiments/aws-probe';
export { EXPERIMENTS, UnknownExperimentError, findExperiment, labOnlyReason } from './experiments/catalog';
export type { FifoDedupExperiment, PollingExperiment } from './experiments/experiment';
export { openLocalProbe } from './experiments/local-probe';
export {
  batchIndexOf,
  observeBatch,
  observeCrash,
  observeManager,
  observeSweep,
  observeVisibility,
} from './experiments/observation';
export type {
  AlarmReading,
  BatchObservation,
  FifoDedupObservation,
  ManagerObservation,
  PollingConsumerObservation,
  PollingObservation,
  VisibilityObservation,
  WorkerLine,
} from './experiments/observation';
export { QueueNotEmptyError } from './experiments/queue-runs/polling-run';
export { isQueueProbe } from './experiments/probe';
export { RedriveFailedError, redriveWithMoveTask } from './experiments/redrive';
export { toRow } from './experiments/report';
export { runExperiment } from './experiments/runner';
export type { ExperimentResult } from './experiments/experiment-result';
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
export {
  batchEventFilter,
  longQueueTimeout,
  queueDelay,
  throttledCompletion,
  variantSummary,
  visibilityManagerWorker,
  workerAssumesVisibilityTimeout,
  workerTimeout,
} from './experiments/variants';
export { FaultPlan, FaultRuleError, LAB_CALL_SITE, validateFaultRules } from './interceptors/aws-call-faults';
export type { AwsCallsOptions, AwsFaultRule } from './interceptors/aws-call-faults';
export type { AwsCallCounts } from './interceptors/aws-call-ledger';
export { startLab } from './lab';
export { TopologyError } from './app/topology-error';
export type { Lab } from './lab';
export type { StackName } from './app/lab-topologies';
export { LOCAL_LAB_KEY, writeLabOutputs } from './outputs';
export { INTEGRATION_TIMEOUT_MS, LocalApi, parseProxyResponse } from './services/apigateway/local-api';
export { TokenBucket } from './services/apigateway/token-bucket';
export { createDynamoDbClient, createSqsClient, localhostDnsModuleUrl, startEmulators } from './services/emulators';
export type { EmulatorEndpoints, Emulators, SqsClockControl, StartEmulatorsOptions } from './services/emulators';
export { settleBatch } from './services/lambda/event-source-mapping/batch-settlement';
export { describeBatchFormation } from './services/lambda/event-source-mapping/batch-formation';
export type { BatchFormation } from './services/lambda/event-source-mapping/batch-formation';
export { MAX_INVOCATION_PAYLOAD_BYTES } from './services/lambda/event-source-mapping/payload-limit';
export { LAB_MAX_CONCURRENT_BATCHES, LAMBDA_START_CONCURRENCY } from './services/lambda/event-source-mapping/scaling';
export { EventSourceMapping, emptyMappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export type {
  EventSourceMappingProperties,
  MappingCounters,
} from './services/lambda/event-source-mapping/event-source-mapping';
export { toSqsEvent, toSqsRecord } from './services/lambda/event-source-mapping/sqs-event';
export { NODEJS_FUNCTION_OPTIONS, bundleFunction, bundleRuntimeWorker } from './services/lambda/runtime/bundle';
export {
  FunctionStoppedError,
  IncompleteMessageError,
  InvalidFilterPatternError,
  InvalidParameterValueError,
  MappingValidationError,
  ReservedVariableError,
} from './services/lambda/errors';
export { LocalFunction, timeoutMessage } from './services/lambda/runtime/local-function';
export {
  LAB_FUNCTION_LOGGING,
  lambdaEnvironment,
  logGroupName,
  newLogStreamName,
} from './services/lambda/runtime/lambda-environment';
export type { LambdaLogging, LogLevelName } from './services/lambda/runtime/lambda-environment';
export type { Invocable, InvocationResult } from './services/lambda/runtime/local-function';
export { readCloudAssembly } from './services/cloudformation/assembly-reader';
export type { AssemblyStack, CloudAssembly } from './services/cloudformation/assembly-reader';
export {
  CloudFormationError,
  PropertiesValidationError,
  ResourceAlreadyExistsError,
  StackOperationFailedError,
  UnemulatedPropertyError,
  UnsupportedResourceTypeError,
} from './services/cloudformation/errors';
export { DEPLOYED_TYPE_COVERAGE } from './services/cloudformation/deployed-types';
export { mergeNotes, notesFor } from './services/cloudformation/property-coverage';
export type { DeployNote, LabNote, PropertyCoverage } from './services/cloudformation/property-coverage';
export { propertyFailures } from './services/cloudformation/property-validator';
export { resourceSchemas } from './services/cloudformation/resource-schemas';
export { registrySchemas } from './services/cloudformation/registry-schemas';
export type { RegistrySchemas } from './services/cloudformation/registry-schemas';
export { javaPattern } from './services/cloudformation/java-pattern';
export { compileFilterCriteria, MAX_FILTERS } from './services/lambda/event-source-mapping/filter-criteria';
export type { FilterCriteria, RecordFilter } from './services/lambda/event-source-mapping/filter-criteria';
export type { ObjectSchema, ResourceSchemas } from './services/cloudformation/resource-schemas';
export { evaluateConditions, resolveValue } from './services/cloudformation/intrinsic-resolver';
export type { ResolutionContext } from './services/cloudformation/intrinsic-resolver';
export { ProviderRegistry } from './services/cloudformation/resource-provider';
export type { ResourceProvider } from './services/cloudformation/resource-provider';
export { deployStack } from './services/cloudformation/stack-deployer';
export { deploymentOrder } from './services/cloudformation/deployment-order';
export type { DeployedStack, StackEvent } from './services/cloudformation/deployed-stack';
export { formatStackEvent } from './services/cloudformation/stack-event-format';
export { synthesizeApp } from './app/synthesize-app';
export { SynthesisChild } from './app/synthesis-child';
export { LAB_CDK_CONTEXT, LAB_QUEUE_SETTLE_SECONDS, labQueueSettleSeconds } from './app/lab-cdk-context';
export type { Template } from './services/cloudformation/template';
export { accessDenied } from './services/iam/access-denied';
export { iamRequestsOf } from './services/iam/call-authorization';
export { IamEvaluator } from './services/iam/iam-evaluator';
export { UnknownManagedPolicyError, UnmappedCallError } from './services/iam/errors';
export { IamRegistry, roleArn } from './services/iam/iam-registry';
export type { AlarmActionOutcome } from './services/cloudwatch/cloudwatch-state';
export { NAMED_RESOURCE_TYPES, NameRegistry } from './services/cloudformation/name-registry';
export { defaultTopicPolicy, SnsService } from './services/sns/sns-service';
export { propagatedValue } from './services/sqs/attribute-propagation';
export { startDeployEndpoint } from './services/cloudformation/deploy-endpoint';
export type { DeployEndpoint } from './services/cloudformation/deploy-endpoint';
export { LabBus } from './bus/lab-bus';
export type { FunctionLogRecord, LabLogRecord, MappingLogRecord, PlatformLogRecord } from './bus/lab-log-record';
export { printLogs, type LogPrintFormat } from './terminal/print-logs';
export { prettyText } from './terminal/pretty-text';
export { compileFilterPattern } from './services/logs/filter-pattern';
export { LogsService } from './services/logs/logs-service';
export { LogsServer } from './services/logs/logs-server';
export { InvalidParameterError, LogsServiceError, ResourceNotFoundError } from './services/logs/errors';
export { consoleTimelineOf, startConsole } from './console/console-server';
export type { ConsoleRunAnswer, ConsoleState, ConsoleTimeline, LabConsole } from './console/console-server';
export { LANGUAGES, resolveLanguage, UnknownLanguageError } from './common/language';
export type { Language } from './common/language';
export { serveOnLoopback, type LoopbackServer, LOOPBACK_ADDRESS } from './common/serve-on-loopback';
export { terminalSafe } from './common/terminal-safe';
export { RequestGuard, isLoopbackHostname, parseHostHeader, type GuardRefusal } from './common/request-guard';
export { labOrigins, LabOrigins, extraOriginsFrom, normalizeOrigin, InvalidOriginError } from './common/lab-origins';
export { CONSOLE_SECURITY_HEADERS, CONSOLE_MAX_REQUEST_BYTES } from './console/console-server';
export { SQS_MAX_REQUEST_BYTES } from './services/sqs/errors';
export { DYNAMODB_MAX_REQUEST_BYTES } from './services/dynamodb/errors';
export { LOGS_MAX_REQUEST_BYTES } from './services/logs/logs-server';
export { MAX_PAYLOAD_BYTES } from './services/apigateway/local-api';
export { DEPLOY_MAX_REQUEST_BYTES } from './services/cloudformation/deploy-endpoint';
export { previousPorts } from './cli/previous-ports';
export { RETIRED_HANDLES_KEPT, ReceiptHandleBook } from './services/sqs/fidelity/receipt-handle-book';
// Everything a user reads, per language.
export { MESSAGES, type Messages } from './locales/messages';
export { renderResult, renderTable } from './experiments/report';
export { markdownTable } from './common/markdown-table';
