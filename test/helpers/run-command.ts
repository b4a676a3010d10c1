/** Runs a command (or the CDK CLI against a lab) without blocking the test's event loop: the bench's, shared. */
export { type CommandResult, runCommand } from '#bench/run-command';
export { runCdkOnLab } from '#bench/run-cdk-on-lab';
