/**
 * The lab's API, for a program that uses the lab (the tutorial's experiments and the bench are
 * two): start a lab serving a CDK app or only its emulators, deploy, and read what happened;
 * the pieces a command of the lab's kind is made of (its command line, its words, its
 * terminal output, its outputs file, its console). Everything else in lab/ is internal; tests
 * import the module they test.
 */

// Start a lab serving an app (its stacks deployed, functions, mappings, APIs), or only the emulators.
export { startLab } from './lab';
export type { Lab, StartLabOptions } from './lab';
export type { LabStack } from './app/stack-view';
// The app a lab serves: its stacks' layouts and how the lab's synthesis process synthesizes it.
export type {
  AppSynthesis,
  CommandSynthesis,
  LabApp,
  ModuleSynthesis,
  StackLayout,
  SynthesisCall,
} from './app/lab-app';
export { cdkAppDirectory, NotACdkAppError } from './app/cdk-app-directory';
export { LAB_CDK_CONTEXT, LAB_QUEUE_SETTLE_SECONDS, labQueueSettleSeconds } from './app/lab-cdk-context';
export { resolvePropagation } from './common/propagation';
export type { PropagationOptions } from './common/propagation';
export { TopologyError } from './app/topology-error';
export { ESTABLISHED_ACCOUNT_CONCURRENCY, NEW_ACCOUNT_CONCURRENCY } from './services/lambda/account-concurrency';
export { createDynamoDbClient, createSqsClient, startEmulators } from './emulators/emulators';
export type { EmulatorEndpoints, Emulators } from './emulators/emulators';
export { SqsCallError, SqsJsonClient } from './emulators/sqs-json-client';
export type { SqsCalls } from './services/sqs/sqs-calls';
export { withSharedEmulators } from './app/shared-emulators';
export { onEmulatorThreadLost } from './emulators/emulator-thread-client';
export { startEmulatorsEndpoint } from './app/lab-endpoint';
// The real CDK CLI against a lab's one endpoint, as `npm run cdk:lab` runs it.
export { CDK_CLI_SCRIPT, cdkLabArguments, cdkLabEnvironment } from './cli/cdk-lab-environment';
export { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION } from './common/local-aws';
export { REPOSITORY_ROOT } from './common/lab-work-dir';

// Deploy: synthesize an app (`startLab` deploys it), follow the deploy, redeploy from another process.
export { synthesizeApp } from './app/synthesize-app';
export type { StackEvent } from './services/cloudformation/engine/deployed-stack';
export { formatStackEvent } from './services/cloudformation/cdk-client/stack-event-format';
export { startDeployEndpoint } from './services/cloudformation/cdk-client/deploy-endpoint';
export type { DeployStreamLine } from './services/cloudformation/cdk-client/deploy-endpoint';
export { StackOperationFailedError } from './services/cloudformation/errors';
export { MAX_PAYLOAD_BYTES } from './services/apigateway/apigateway-api';

// Faults, AWS calls, mapping counters, batch formation, the redrive a console or experiment runs.
export { LAB_CALL_SITE } from './interceptors/aws-call-faults';
export type { AwsCallsOptions, AwsFaultRule } from './interceptors/aws-call-faults';
export type { AwsCallCounts } from './interceptors/aws-call-ledger';
export { emptyMappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export type { MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export type { BatchFormation } from './services/lambda/event-source-mapping/batch-formation';
export { DEFAULT_BATCH_FORMATION, ReceiveSizer } from './services/lambda/event-source-mapping/batch-formation';
export { BATCH_FORMATION_OPTIONS, batchFormationLine, parseBatchFormation } from './cli/batch-formation-args';
export { redriveWithMoveTask } from './console/redrive';
export type { RedriveReport } from './console/redrive';

// What the lab emits, and how a terminal prints it.
export type { LabLogRecord } from './bus/lab-log-record';
export { LabBus } from './bus/lab-bus';
export type { AlarmActionOutcome, AlarmChange, LabBusEvents } from './bus/lab-bus-events';
export { LOG_PRINT_FORMATS, printLogs } from './terminal/print-logs';
export type { LogPrintFormat } from './terminal/print-logs';
export { padColumns, truncateColumns } from './common/terminal-columns';
export { terminalSafe } from './common/terminal-safe';
export { markdownTable } from './common/markdown-table';

// The console, with the experiments an app registers with it.
export { startConsole } from './console/console-server';
export type { ConsoleExperiments, ConsoleTimeline } from './console/console-experiments';
export type { ConsoleOptions } from './console/console-server';
export type { SendForm, SendFormField, SendFormStack } from './console/send-form';
export type { InFlightLines, ParsedLine } from './console/in-flight-lines';

// The outputs file (`cdk-outputs.local.json`), and the ports a restarted lab keeps.
export { LOCAL_LAB_KEY, LOCAL_OUTPUTS_FILE, readLocalLabEntry, writeLabOutputs } from './outputs';
export type { LabOutputs } from './outputs';
export { previousPorts } from './cli/previous-ports';
export { stopRequest } from './cli/stop-request';
export { extraOriginsFrom } from './common/lab-origins';

// Logs Insights: a query over log events, as the lab's Logs endpoint runs it (the bench times it).
export { compileQuery, runQuery } from './services/logs/insights/query-evaluator';
export type { LogRecord } from './services/logs/insights/log-fields';

// Read a command line as the lab's commands do: --lang and --help, each mistake one sentence in the command's language.
export { HELP_OPTION, LANGUAGE_OPTION, namedInList, readCommand, readCommandLine } from './cli/command-line';
export type { CommandLine, CommandRead, OptionTable } from './cli/command-line';
export { UsageError } from './cli/usage-error';
export { INSPECT_OPTION, parseInspectTarget, withInspectDefault } from './cli/inspect-args';
export type { InspectTarget } from './cli/inspect-args';
export { inspectorRefusal, openLabInspector } from './cli/lab-inspector';
export { localizedFrom, resolveLanguage } from './common/language';
export type { Language, Localized } from './common/language';
export { MESSAGES as LAB_MESSAGES } from './locales/messages';
export type { Messages as LabMessages } from './locales/messages';

// Small helpers the experiments share with the lab.
export { parseJsonObject } from './common/parse-json-object';
export { seededRandom } from './common/seeded-random';

// The timeline: its model and renderer (the console draws any app's queues with it; an app may draw its own runs).
export type { Timeline, TimelineLane, TimelineMark, TimelineSpan } from './timeline/timeline-model';
export { escapeXml, renderLegendSvg, renderTimelineSvg } from './timeline/timeline-svg';
export type { MarkShape, MarkStyle, TimelineLook, TimelineWords } from './timeline/timeline-svg';
export { queueTimelineLook } from './timeline/queue-timeline-look';
export type { QueueMarkKind, QueueTimeline } from './timeline/queue-timeline';
export { QUEUE_TIMELINE_LANES } from './lab';
