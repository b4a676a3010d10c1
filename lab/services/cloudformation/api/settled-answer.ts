/**
 * When ExecuteChangeSet and DeleteStack answer: once the operation they start has settled (or
 * after {@link SETTLE_WAIT_MS}, whichever is first). CloudFormation answers at once and the CDK
 * CLI then polls DescribeStacks every 5 seconds (aws-cdk's `stabilizeStack`, `waitFor` with its
 * 5,000 ms default), asking first right away; the lab's deploys take well under a second, so an
 * answer given once the stack is stable lets that first poll see the end, as it would on an AWS
 * that fast, instead of the CLI sleeping 5 seconds per stack. What a client sees is unchanged: the
 * same statuses and events, in the same order, only no poll lands in the middle of a short deploy.
 */

/** The longest an answer waits for its operation; a longer deploy is answered and then polled. */
export const SETTLE_WAIT_MS = 20_000;

/** Resolves when `operation` settles (either way) or `waitMs` has passed. */
export async function settledOrLater(operation: Promise<unknown> | undefined, waitMs = SETTLE_WAIT_MS): Promise<void> {
  if (operation === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    operation.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
