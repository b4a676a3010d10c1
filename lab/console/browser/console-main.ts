/**
 * The console page's script, the entry console-bundle.ts bundles: the stacks' cards (with each
 * queue's timeline), the send form, the experiments, the log stream and the Logs Insights panel,
 * fed by the console API's `state` and `log` events. It reads the lab only through the console API.
 */
import { CONSOLE } from './console-config';
import { JSON_TYPE } from './dom';
import { loadExperiments, runExperiment } from './experiments-view';
import { addLog, type LogLineView, startLogFilter } from './log-stream';
import { startQueryPanel } from './query-panel-view';
import { startSendForm } from './send-form';
import { refreshTimelines, TIMELINE_REFRESH_MS } from './queue-timeline-view';
import { type LabStateView, loadDlqPage, showState, stackNames, tick } from './stacks-view';

startLogFilter();
startSendForm();

document.addEventListener('click', async (event) => {
  const target = event.target as Element | null;
  const dlqPage = target?.closest<HTMLElement>('[data-dlq-page]');
  if (dlqPage) await loadDlqPage(dlqPage.dataset.dlqPage ?? '', Number(dlqPage.dataset.dlqOffset));
  const redrive = target?.closest<HTMLButtonElement>('[data-redrive]');
  if (redrive) {
    redrive.disabled = true;
    await fetch(`/api/redrive?lang=${CONSOLE.lang}`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ stack: redrive.dataset.redrive }),
    });
    redrive.disabled = false;
  }
  const run = target?.closest<HTMLElement>('[data-experiment]');
  if (run) await runExperiment(run);
});

void loadExperiments();

const events = new EventSource('/api/events');
// Redraw only when something changed, so buttons are not replaced under the pointer; the
// countdowns move in place between redraws.
let drawn = '';
events.addEventListener('state', (event) => {
  const state = JSON.parse((event as MessageEvent<string>).data) as LabStateView;
  const key = JSON.stringify(state.stacks);
  const first = drawn === '';
  showState(state, key !== drawn);
  drawn = key;
  if (first) void refreshTimelines(stackNames());
});
events.addEventListener('log', (event) => addLog(JSON.parse((event as MessageEvent<string>).data) as LogLineView));
setInterval(tick, 200);
setInterval(() => void refreshTimelines(stackNames()), TIMELINE_REFRESH_MS);

startQueryPanel();
