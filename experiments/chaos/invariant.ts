/**
 * The claim the project makes, checked on a run's books: nothing lost, nothing done twice
 * with the guard on; and with the guard off the same run must show double effects, or the
 * harness could not see the failure the guard prevents.
 */
import type { ChaosResult } from './run-chaos';

/** What is wrong with a run, one sentence each; empty when the invariant holds. */
export function invariantViolations(result: ChaosResult): string[] {
  const problems: string[] = [];
  if (result.timedOut) problems.push(`the queue did not drain in time: ${result.remaining} messages left in it`);
  if (result.lost > 0) problems.push(`${result.lost} messages lost (no effect and not in the DLQ)`);
  if (result.guard === 'off') {
    if (result.doubleEffects === 0) {
      problems.push('guard off, yet no id had its effect applied twice: this run cannot show what the guard prevents');
    }
  } else if (result.doubleEffects > 0) {
    problems.push(`${result.doubleEffects} ids had their effect applied more than once`);
  }
  return problems;
}
