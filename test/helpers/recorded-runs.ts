/**
 * The log lines of real runs (`npm start -- --only … --report`), recorded for the timeline tests
 * by experiment name: test/unit/experiments/timeline/fixtures/runs.json.
 */
import { readFileSync } from 'node:fs';
import type { TimelineInput } from '#experiments/timeline/timeline';

/** Experiment name → the timeline input of its recorded run. */
export const RECORDED_RUNS = JSON.parse(
  readFileSync(new URL('../unit/experiments/timeline/fixtures/runs.json', import.meta.url), 'utf8'),
) as Readonly<Record<string, TimelineInput>>;
