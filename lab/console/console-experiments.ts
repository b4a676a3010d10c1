/**
 * What the console's experiments panel shows and runs, registered by the app: the console lists
 * and runs what it is given (`startConsole(lab, { experiments })`) and imports no experiment.
 * The tutorial registers its catalog (experiments/console-experiments.ts); a console started
 * without experiments shows an empty panel.
 */
import type { Emulators } from '../emulators/emulators';
import type { Language, Localized } from '../common/language';

/** The drawn timeline of a run, in `POST /api/experiments/<name>`'s answer. */
export interface ConsoleTimeline {
  /** `<svg class="timeline">`: one lane per message, as the report draws it. */
  readonly svg: string;
  /** `<svg>` legend of the marks the timeline uses. */
  readonly legend: string;
  /** How many lanes (messages) it has. */
  readonly lanes: number;
}

/** `POST /api/experiments/<name>`: one run's outcome, as the panel shows it. */
export interface ConsoleRunAnswer {
  readonly name: string;
  readonly matched: boolean;
  readonly prediction: string;
  readonly seconds: number;
  /** What the run observed (counts, verdict inputs), as the experiment reports it. */
  readonly observation: unknown;
  readonly lines: readonly string[];
  /** `null` when the experiment has no message lanes to draw. */
  readonly timeline: ConsoleTimeline | null;
}

/** One experiment in `GET /api/experiments`. */
export interface ConsoleExperimentEntry {
  readonly name: string;
  readonly title: Localized;
  readonly prediction: Localized;
  /** The stack it runs on; none for an experiment that runs on a queue of its own. */
  readonly stack?: string;
  /** The body it posts, for the send form's example. */
  readonly body?: unknown;
}

/** The experiments an app registers with the console. */
export interface ConsoleExperiments {
  readonly list: readonly ConsoleExperimentEntry[];
  /** Runs the named experiment (one of `list`) on `emulators`, answering in `language`. */
  run(name: string, emulators: Emulators, language: Language): Promise<ConsoleRunAnswer>;
}

/** No experiments: the panel is empty. */
export const NO_CONSOLE_EXPERIMENTS: ConsoleExperiments = {
  list: [],
  run: (name) => Promise.reject(new Error(`no experiment named ${name} is registered`)),
};
