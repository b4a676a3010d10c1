/**
 * The tutorial's experiments as the console runs them: its catalog, registered with
 * `startConsole(lab, { experiments: TUTORIAL_CONSOLE_EXPERIMENTS })`. Each run is the same as
 * `npm run experiment`'s, on a fresh copy of its stack, with its timeline drawn for the page.
 */
import type { ConsoleExperiments, ConsoleTimeline, Language } from '@sqs-lab/lab';
import { EXPERIMENTS } from './catalog';
import type { ExperimentResult } from './experiment-result';
import { openLocalProbe } from './local-probe';
import { runExperiment } from './runner';
import type { TimelineMarkKind } from './timeline/timeline';
import { timelineOf } from './timeline/timeline-of-result';
import { renderLegendSvg, renderTimelineSvg } from './timeline/timeline-svg';

/** The run's timeline in `language`, or `null` when it has no lane to draw. */
export function consoleTimelineOf(result: ExperimentResult, language: Language): ConsoleTimeline | null {
  const timeline = timelineOf(result, language);
  if (timeline.lanes.length === 0) return null;
  const used = new Set<TimelineMarkKind>(timeline.lanes.flatMap((lane) => lane.marks.map((mark) => mark.kind)));
  const delayed = timeline.lanes.some((lane) => lane.spans.some((span) => span.kind === 'delayed'));
  return {
    svg: renderTimelineSvg(timeline),
    legend: renderLegendSvg([...used], language, delayed),
    lanes: timeline.lanes.length,
  };
}

/** The tutorial's catalog, for the console's experiments panel. */
export const TUTORIAL_CONSOLE_EXPERIMENTS: ConsoleExperiments = {
  list: EXPERIMENTS.map((experiment) => ({
    name: experiment.name,
    title: experiment.title,
    prediction: experiment.prediction,
    stack: experiment.stack,
    // An experiment without a stack posts nothing.
    body: 'body' in experiment ? experiment.body : undefined,
  })),
  async run(name, emulators, language) {
    const experiment = EXPERIMENTS.find((candidate) => candidate.name === name);
    if (experiment === undefined) throw new Error(`no experiment named ${name}`);
    const probe = await openLocalProbe(experiment, emulators);
    try {
      const result = await runExperiment(experiment, probe);
      return {
        name: experiment.name,
        matched: result.matched,
        prediction: experiment.prediction[language],
        seconds: result.seconds,
        observation: result.observation,
        lines: [...result.notes, ...result.lines],
        timeline: consoleTimelineOf(result, language),
      };
    } finally {
      await probe.close();
    }
  },
};
