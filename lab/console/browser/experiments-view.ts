/**
 * The experiments list: a button per experiment; a run shows its verdict and lines, then its
 * timeline, full width above the log stream (the server draws the SVG, escaped there).
 */
import { CONSOLE, word } from './console-config';
import { $, escape, fetchJson, JSON_TYPE } from './dom';

/** An experiment's run, as `POST /api/experiments/<name>` answers it. */
interface ExperimentRunView {
  readonly error?: string;
  readonly name: string;
  readonly matched: boolean;
  readonly seconds: number;
  readonly prediction: string;
  readonly lines: readonly string[];
  readonly timeline?: { readonly svg: string; readonly legend: string };
}

/** Lists the experiments. */
export async function loadExperiments(): Promise<void> {
  const list =
    await fetchJson<readonly { readonly name: string; readonly title: Readonly<Record<string, string>> }[]>(
      '/api/experiments',
    );
  $('#experiments').innerHTML = list
    .map(
      (e) =>
        `<div><button data-experiment="${e.name}">${e.name}</button> <span class="muted">${escape(e.title[CONSOLE.lang])}</span></div>`,
    )
    .join('');
}

/** Runs the experiment of `button` and shows its outcome. */
export async function runExperiment(button: HTMLElement): Promise<void> {
  const name = button.dataset.experiment ?? '';
  $('#experiment-result').textContent = `${name}${word('running')}`;
  const timeline = $('#experiment-timeline');
  timeline.innerHTML = '';
  timeline.hidden = true;
  const result = await fetchJson<ExperimentRunView>(`/api/experiments/${name}?lang=${CONSOLE.lang}`, {
    method: 'POST',
    headers: JSON_TYPE,
  });
  $('#experiment-result').textContent = result.error
    ? result.error
    : `${result.name}: ${result.matched ? word('matched') : word('notMatched')} (${result.seconds.toFixed(1)} s)\n${word('predicted')}${result.prediction}\n\n${result.lines.join('\n')}`;
  // An experiment without message lanes has no timeline.
  if (!result.error && result.timeline) {
    timeline.innerHTML = `<h2>${escape(result.name)}: ${word('timeline')}</h2>${result.timeline.svg}${result.timeline.legend}`;
    timeline.hidden = false;
    timeline.scrollIntoView({ block: 'start' });
  }
}
