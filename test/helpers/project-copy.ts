/** A copy of the CDK app for the real CDK CLI to run in: the bench's (bench/project-copy.ts), shared. */
export { copyProject, type ProjectCopy } from '#bench/project-copy';
