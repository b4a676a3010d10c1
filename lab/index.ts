/**
 * The lab's API, for a program that uses the lab (bench/ is one): start a lab or only its
 * emulators, deploy the app's stacks, run an experiment or a plan of chaos runs, and read what
 * happened. Everything else in lab/ is internal; tests import the module they test.
 */

// Start a lab (both stacks deployed, functions, mappings, APIs), or only the emulators.
export { startLab } from './lab';
export type { Lab, StartLabOptions } from './lab';
export type { LabStack } from './app/stack-view';
export type { StackName } from './app/lab-topologies';
export { TopologyError } from './app/topology-error';
export { ESTABLISHED_ACCOUNT_CONCURRENCY, NEW_ACCOUNT_CONCURRENCY } from './services/lambda/account-concurrency';
export { createDynamoDbClient, createSqsClient, startEmulators } from './emulators/emulators';
export type { EmulatorEndpoints, Emulators } from './emulators/emulators';
export { startEmulatorsEndpoint } from './app/lab-endpoint';
// The real CDK CLI against a lab's one endpoint, as `npm run cdk:lab` runs it.
export { CDK_CLI_SCRIPT, cdkLabArguments, cdkLabEnvironment } from './cli/cdk-lab-environment';
export { LAB_ACCOUNT_ID, LAB_CREDENTIALS, LAB_REGION } from './common/local-aws';

// Deploy: synthesize the CDK app (`startLab` deploys it; `onStackEvent` follows the deploy).
export { synthesizeApp } from './app/synthesize-app';
export type { StackEvent } from './services/cloudformation/engine/deployed-stack';

// Run an experiment on a lab, or a plan of chaos runs, each on a lab of its own.
export { EXPERIMENTS, findExperiment } from './experiments/catalog';
export type { Experiment } from './experiments/experiment';
export { openLocalProbe } from './experiments/local-probe';
export { runExperiment } from './experiments/runner';
export { CHAOS_MIXES, findMix } from './chaos/mixes';
export { planChaosRuns, runChaosPlan } from './chaos/run-chaos-plan';
export { DEFAULT_CHAOS_PARALLEL } from './cli/chaos-args';

// Read the results: verdicts and reports, the chaos invariant, AWS calls, mapping counters, logs.
export type { ExperimentResult } from './experiments/experiment-result';
export { renderResult, renderTable, toRow } from './experiments/report';
export type { ChaosPlanResult } from './chaos/run-chaos-plan';
export { invariantViolations } from './chaos/invariant';
export { LAB_CALL_SITE } from './interceptors/aws-call-faults';
export type { AwsCallCounts } from './interceptors/aws-call-ledger';
export { emptyMappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export type { MappingCounters } from './services/lambda/event-source-mapping/event-source-mapping';
export type { LabLogRecord } from './bus/lab-log-record';
export { LabBus } from './bus/lab-bus';
export type { AlarmActionOutcome, AlarmChange, LabBusEvents } from './bus/lab-bus-events';

// Logs Insights: a query over log events, as the lab's Logs endpoint runs it (the bench times it).
export { compileQuery, runQuery } from './services/logs/insights/query-evaluator';
export type { LogRecord } from './services/logs/insights/log-fields';

// Read a command line as the lab's commands do: --lang and --help, each mistake one sentence in the command's language.
export { HELP_OPTION, LANGUAGE_OPTION, readCommand } from './cli/command-line';
export type { CommandLine, CommandRead, OptionTable } from './cli/command-line';
export { UsageError } from './cli/usage-error';
export { resolveLanguage } from './common/language';
export type { Language } from './common/language';
