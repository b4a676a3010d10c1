/** Runs a command without blocking the test's event loop: the bench's (bench/run-command.ts), shared. */
export { type CommandResult, runCommand } from '../../bench/run-command';
