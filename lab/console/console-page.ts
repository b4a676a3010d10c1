/**
 * The console's page: an HTML document with its style sheet (`/console.css`) and script
 * (`/console.js`), all served by the console itself (no external assets, no inline script, so a
 * Content-Security-Policy of `script-src 'self'` holds), reading the lab only through the console API (`/api/state`, `/api/events`, `/api/enqueue`, `/api/redrive`,
 * `/api/experiments`, `/api/logs/…`). The send form has a field for each body field of `POST /enqueue`
 * (Step 7: lambda/visibility-dup/job.ts; Step 8: lambda/batch-partial/run.ts); an experiment's
 * run draws its timeline, full width above the log stream, when it ends; the Logs Insights panel
 * (query-panel-page.ts) follows the log stream.
 */
import { BATCH_PARTIAL, SQS_MAX_DELAY_SECONDS, VISIBILITY_DUP } from '../../lib/settings';
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { DLQ_PAGE } from './dlq-page';
import { QUERY_PANEL_HTML, QUERY_PANEL_SCRIPT, QUERY_PANEL_STYLE } from './query-panel-page';

const PAGE = `<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<title>{{title}}</title>
<link rel="stylesheet" href="/console.css">
</head>
<body>
<header>{{title}} <span class="muted" id="clock"></span></header>
<main>
  <div id="stacks"></div>
  <div id="side">
    <section>
      <h2>{{sendJob}}</h2>
      <label>{{stack}} <select id="stack"><option>VisibilityDupStack</option><option>BatchPartialStack</option></select></label>
      <fieldset data-stack-fields="VisibilityDupStack">
        <label><code>id</code> <input type="text" id="id" data-field="id" value="msg-1"> <span class="hint">{{hintId}}</span></label>
        <label><code>sleep</code> <input type="number" id="sleep" data-field="sleep" value="8" min="0" max="${VISIBILITY_DUP.maxSleepSeconds}" step="any"> <span class="hint">{{hintSleep}}</span></label>
        <label><input type="checkbox" id="heartbeat" data-field="heartbeat" checked> <code>heartbeat</code> <span class="hint">{{hintHeartbeat}}</span></label>
        <label><input type="checkbox" id="failHeartbeat" data-field="failHeartbeat"> <code>failHeartbeat</code> <span class="hint">{{hintFailHeartbeat}}</span></label>
        <label><input type="checkbox" id="idempotency" data-field="idempotency" checked> <code>idempotency</code> <span class="hint">{{hintIdempotency}}</span></label>
        <label><code>delaySeconds</code> <input type="number" id="delaySeconds" data-field="delaySeconds" min="0" max="${SQS_MAX_DELAY_SECONDS}" step="1"> <span class="hint">{{hintDelaySeconds}}</span></label>
        <label><input type="checkbox" id="sendTwice" data-field="sendTwice"> <code>sendTwice</code> <span class="hint">{{hintSendTwice}}</span></label>
      </fieldset>
      <fieldset data-stack-fields="BatchPartialStack" hidden>
        <label><code>count</code> <input type="number" id="count" data-field="count" value="10" min="1" max="${BATCH_PARTIAL.maxCount}" step="1"> <span class="hint">{{hintCount}}</span></label>
        <label><code>failEvery</code> <input type="number" id="failEvery" data-field="failEvery" value="3" min="0" max="${BATCH_PARTIAL.maxCount}" step="1"> <span class="hint">{{hintFailEvery}}</span></label>
      </fieldset>
      <div class="hint">{{bodyHint}}</div>
      <textarea id="body">{"id":"msg-1","sleep":8}</textarea>
      <button id="send">POST /enqueue</button> <span id="send-result" class="muted"></span>
    </section>
    <section>
      <h2>{{experiments}}</h2>
      <div id="experiments" class="muted">{{loading}}</div>
      <pre id="experiment-result"></pre>
    </section>
  </div>
  <section class="wide" id="experiment-timeline" hidden></section>
  <section class="log">
    <h2>{{logStream}} <input id="log-filter" placeholder="{{filter}}"></h2>
    <div id="log"></div>
  </section>
  ${QUERY_PANEL_HTML}</main>
<script src="/console.js?lang={{lang}}"></script>
</body>
</html>
`;

const STYLE = `  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1d2330; }
  header { background: #232f3e; color: #fff; padding: 10px 16px; font-size: 16px; }
  main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; padding: 12px; }
  #stacks, #side { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; align-content: start; }
  section { background: #fff; border: 1px solid #d5dbe3; border-radius: 6px; padding: 10px 12px; }
  h2 { font-size: 15px; margin: 0 0 8px; }
  h3 { font-size: 13px; margin: 10px 0 4px; color: #4a5568; }
  .counts { display: flex; gap: 8px; flex-wrap: wrap; }
  .count { border: 1px solid #d5dbe3; border-radius: 4px; padding: 4px 8px; min-width: 110px; }
  .count b { font-size: 18px; display: block; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; }
  td, th { border-bottom: 1px solid #eef1f5; padding: 3px 6px; text-align: left; }
  .bar { height: 8px; background: #e8edf3; border-radius: 4px; overflow: hidden; }
  .bar > span { display: block; height: 100%; background: #ff9900; }
  tr.visible-again td { color: #b7410e; }
  .log, .wide { grid-column: 1 / -1; }
  section[hidden] { display: none; }
  #log { height: 240px; overflow: auto; font: 12px/1.35 ui-monospace, monospace; background: #111827; color: #e5e7eb; padding: 6px; }
  .log-line.WARN { color: #fbbf24; } .log-line.ERROR { color: #f87171; }
  textarea { width: 100%; height: 70px; font: 12px ui-monospace, monospace; }
  button { cursor: pointer; }
  pre { margin: 0; max-height: 160px; overflow: auto; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
  .muted { color: #6b7280; }
  .alarm { font-size: 12px; padding: 2px 6px; border-radius: 3px; background: #e5e7eb; }
  .alarm.ALARM { background: #d13212; color: #fff; } .alarm.OK { background: #1d8102; color: #fff; }
  fieldset { border: 1px solid #e2e6ec; border-radius: 4px; margin: 6px 0; padding: 4px 8px; display: grid; gap: 3px; min-width: 0; }
  fieldset[hidden] { display: none; }
  fieldset label { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; }
  fieldset input[type=text] { width: 160px; } fieldset input[type=number] { width: 70px; }
  #send-result { overflow-wrap: anywhere; }
  .hint { color: #6b7280; font-size: 12px; }
  #experiment-timeline { overflow-x: auto; }
  #experiment-timeline svg { display: block; background: #fff; }
`;

const SCRIPT = `const $ = (selector) => document.querySelector(selector);
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
// The console's writes are JSON: a page on another site cannot send that type without a preflight.
const JSON_TYPE = { 'content-type': 'application/json' };
let state = { now: Date.now(), stacks: [] };
let offset = 0;
// The DLQ page each stack shows: the state carries the first ${DLQ_PAGE}; later pages come from GET /api/dlq.
const dlqPages = {};
async function loadDlqPage(stackName, from) {
  if (from <= 0) { delete dlqPages[stackName]; renderStacks(); return; }
  const page = await fetch('/api/dlq?lang={{lang}}&stack=' + encodeURIComponent(stackName) + '&offset=' + from).then((r) => r.json());
  if (!page.error) { dlqPages[stackName] = page; renderStacks(); }
}
function dlqSection(stack) {
  const page = dlqPages[stack.stackName] || { offset: 0, total: stack.dlqTotal, messages: stack.dlqMessages };
  const rows = page.messages.map((m) => '<tr data-dlq-message="' + escape(m.messageId) + '"><td>' + escape(Array.from(m.body).slice(0, 80).join('')) + '</td>' +
    '<td class="arrival-receives">' + (m.receiveCountOnArrival === undefined ? '-' : m.receiveCountOnArrival) + '</td><td class="receives-now">' + m.receiveCount + '</td></tr>').join('');
  const first = page.total === 0 ? 0 : page.offset + 1, last = page.offset + page.messages.length;
  const nav = '<span class="muted" data-dlq-range="' + first + '-' + last + '/' + page.total + '">' + first + '–' + last + ' {{dlqShowing}} {{dlqOf}} ' + page.total + '</span> ' +
    '<button data-dlq-page="' + stack.stackName + '" data-dlq-offset="' + (page.offset - ${DLQ_PAGE}) + '"' + (page.offset > 0 ? '' : ' disabled') + '>{{dlqPrevious}}</button> ' +
    '<button data-dlq-page="' + stack.stackName + '" data-dlq-offset="' + (page.offset + ${DLQ_PAGE}) + '"' + (last < page.total ? '' : ' disabled') + '>{{dlqNext}}</button>';
  return '<h3>DLQ ' + nav + ' <button data-redrive="' + stack.stackName + '">{{redrive}}</button></h3>' +
    '<table><tr><th>{{dlqBody}}</th><th>{{dlqArrivalReceives}}</th><th>{{dlqReceivesNow}}</th></tr>' + rows + '</table>';
}

function renderStacks() {
  const now = Date.now() + offset;
  $('#stacks').innerHTML = state.stacks.map((stack) => {
    // The tutorials' names: ShortVTQueue / BatchQueue, the DLQ, IdemTable.
    const counts = stack.queues.map((q) => '<div class="count" data-queue="' + q.role + '" data-queue-id="' + escape(q.id) + '"><span class="muted">' + (q.role === 'dlq' ? 'DLQ (' + escape(q.id) + ')' : escape(q.id)) + ' · ' + q.visibilityTimeoutSeconds + ' s</span>' +
      '<b><span class="count-visible">' + q.visible + '</span> {{visible}}</b>' +
      '<span class="count-inflight">' + q.inFlight + '</span> {{inFlight}} · <span class="count-delayed">' + q.delayed + '</span> {{delayed}}</div>').join('');
    const rows = stack.inFlight.map((m) => {
      const left = Math.max(0, (m.deadline - now) / 1000);
      const total = Math.max(1, (m.deadline - m.receivedAt) / 1000);
      const state = now < m.deadline ? 'in-flight' : 'visible-again';
      return '<tr class="' + state + '" data-message-id="' + escape(m.messageId) + '" data-id="' + escape(m.id) + '" data-state="' + state + '" data-deadline="' + m.deadline + '" data-received-at="' + m.receivedAt + '">' +
        '<td>' + escape(m.id) + '</td><td class="receive-count">' + m.receiveCount + '</td><td>' + m.extensions + '</td>' +
        '<td class="countdown">' + (state === 'in-flight' ? left.toFixed(1) + ' s' : '{{visibleAgain}}') + '</td>' +
        '<td style="width:30%"><div class="bar"><span style="width:' + Math.min(100, (left / total) * 100) + '%"></span></div></td></tr>';
    }).join('');
    const items = stack.tableItems.map((item) => escape(JSON.stringify(item))).join('\\n');
    const alarms = stack.alarms.map((a) => '<span class="alarm ' + a.state + '" data-alarm-state="' + a.state + '">{{alarm}} ' + a.state + '</span>' +
      (a.actionFailed ? ' <span class="alarm ALARM" data-alarm-action="failed" title="' + escape(a.actionFailed) + '">{{alarmActionFailed}}</span>' : '')).join(' ');
    return '<section data-stack="' + stack.stackName + '"><h2>' + stack.stackName + ' ' + alarms + '</h2><div class="counts">' + counts + '</div>' +
      '<h3>{{inFlightTitle}}</h3><table><tr><th>id</th><th>{{receiveNo}}</th><th>{{heartbeats}}</th><th>{{visibleIn}}</th><th></th></tr>' + rows + '</table>' +
      (stack.queues.some((q) => q.role === 'dlq') ? dlqSection(stack) : '') +
      (stack.tableItems.length > 0 ? '<h3 data-table-id="' + escape(stack.tableId || '') + '">{{table}} (' + escape(stack.tableId || '') + ')</h3><pre class="table-items">' + items + '</pre>' : '') + '</section>';
  }).join('');
  $('#clock').textContent = new Date(now).toLocaleTimeString();
}

function addLog(line) {
  const div = document.createElement('div');
  div.className = 'log-line ' + line.level;
  div.dataset.id = line.id || '';
  div.dataset.messageId = line.messageId || '';
  div.dataset.event = line.event || '';
  div.textContent = new Date(line.time).toISOString().slice(11, 23) + '  ' + line.stack + '/' + line.function + '  ' + line.level.padEnd(5) + ' ' + line.message;
  applyFilter(div);
  $('#log').appendChild(div);
  $('#log').scrollTop = $('#log').scrollHeight;
}

function applyFilter(div) {
  const filter = $('#log-filter').value.trim();
  div.style.display = !filter || div.textContent.includes(filter) || div.dataset.id === filter || div.dataset.messageId === filter ? '' : 'none';
}

$('#log-filter').addEventListener('input', () => document.querySelectorAll('.log-line').forEach(applyFilter));

// The form's fields write the body in the text area; the text area can also be edited by hand.
// On send, the switches (checkboxes) of the chosen stack always apply.
const fieldsOf = (stack) => [...document.querySelectorAll('[data-stack-fields="' + stack + '"] [data-field]')];
function formBody() {
  const body = {};
  for (const input of fieldsOf($('#stack').value)) {
    if (input.type === 'checkbox') body[input.dataset.field] = input.checked;
    else if (input.value.trim() !== '') body[input.dataset.field] = input.type === 'number' ? Number(input.value) : input.value;
  }
  return body;
}
function showFields() {
  document.querySelectorAll('[data-stack-fields]').forEach((set) => { set.hidden = set.dataset.stackFields !== $('#stack').value; });
  $('#body').value = JSON.stringify(formBody());
}
$('#stack').addEventListener('change', showFields);
document.querySelectorAll('[data-field]').forEach((input) => input.addEventListener('input', () => { $('#body').value = JSON.stringify(formBody()); }));
document.querySelectorAll('[data-field][type=checkbox]').forEach((input) => input.addEventListener('change', () => { $('#body').value = JSON.stringify(formBody()); }));
$('#body').addEventListener('input', () => {
  let body;
  try { body = JSON.parse($('#body').value); } catch { return; }
  if (body === null || typeof body !== 'object') return;
  for (const input of fieldsOf($('#stack').value)) {
    const value = body[input.dataset.field];
    if (input.type === 'checkbox') { if (typeof value === 'boolean') input.checked = value; }
    else input.value = value === undefined ? '' : String(value);
  }
});
showFields();

$('#send').addEventListener('click', async () => {
  let body;
  try { body = JSON.parse($('#body').value); } catch { $('#send-result').textContent = '{{notJson}}'; return; }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) { $('#send-result').textContent = '{{notJson}}'; return; }
  for (const input of fieldsOf($('#stack').value)) if (input.type === 'checkbox') body[input.dataset.field] = input.checked;
  const answer = await fetch('/api/enqueue?lang={{lang}}', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ stack: $('#stack').value, body }) }).then((r) => r.json());
  $('#send-result').textContent = answer.error ? answer.error : answer.status + ' ' + JSON.stringify(answer.body);
});

document.addEventListener('click', async (event) => {
  const dlqPage = event.target.closest('[data-dlq-page]');
  if (dlqPage) await loadDlqPage(dlqPage.dataset.dlqPage, Number(dlqPage.dataset.dlqOffset));
  const redrive = event.target.closest('[data-redrive]');
  if (redrive) {
    redrive.disabled = true;
    await fetch('/api/redrive?lang={{lang}}', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ stack: redrive.dataset.redrive }) });
    redrive.disabled = false;
  }
  const run = event.target.closest('[data-experiment]');
  if (run) {
    $('#experiment-result').textContent = run.dataset.experiment + '{{running}}';
    $('#experiment-timeline').innerHTML = '';
    $('#experiment-timeline').hidden = true;
    const result = await fetch('/api/experiments/' + run.dataset.experiment + '?lang={{lang}}', { method: 'POST', headers: JSON_TYPE }).then((r) => r.json());
    $('#experiment-result').textContent = result.error ? result.error :
      result.name + ': ' + (result.matched ? '{{matched}}' : '{{notMatched}}') + ' (' + result.seconds.toFixed(1) + ' s)\\n{{predicted}}' + result.prediction + '\\n\\n' + result.lines.join('\\n');
    // The server draws the SVG (the report's, escaped there); an experiment without message lanes has none.
    if (!result.error && result.timeline) {
      $('#experiment-timeline').innerHTML = '<h2>' + escape(result.name) + ': {{timeline}}</h2>' + result.timeline.svg + result.timeline.legend;
      $('#experiment-timeline').hidden = false;
      $('#experiment-timeline').scrollIntoView({ block: 'start' });
    }
  }
});

fetch('/api/experiments').then((r) => r.json()).then((list) => {
  $('#experiments').innerHTML = list.map((e) => '<div><button data-experiment="' + e.name + '">' + e.name + '</button> <span class="muted">' + escape(e.title['{{lang}}']) + '</span></div>').join('');
});

const events = new EventSource('/api/events');
// Redraw only when something changed, so buttons are not replaced under the pointer; the
// countdowns move in place between redraws.
let drawn = '';
events.addEventListener('state', (event) => {
  state = JSON.parse(event.data);
  offset = state.now - Date.now();
  const key = JSON.stringify(state.stacks);
  if (key !== drawn) {
    drawn = key;
    // A later DLQ page is read again with each change, so it stays as current as the first.
    for (const name of Object.keys(dlqPages)) loadDlqPage(name, dlqPages[name].offset);
    renderStacks();
  }
});
function tick() {
  const now = Date.now() + offset;
  document.querySelectorAll('tr[data-deadline]').forEach((row) => {
    const deadline = Number(row.dataset.deadline), receivedAt = Number(row.dataset.receivedAt);
    const left = Math.max(0, (deadline - now) / 1000), total = Math.max(1, (deadline - receivedAt) / 1000);
    const visible = now >= deadline;
    row.dataset.state = visible ? 'visible-again' : 'in-flight';
    row.className = row.dataset.state;
    row.querySelector('.countdown').textContent = visible ? '{{visibleAgain}}' : left.toFixed(1) + ' s';
    row.querySelector('.bar > span').style.width = Math.min(100, (left / total) * 100) + '%';
  });
  $('#clock').textContent = new Date(now).toLocaleTimeString();
}
events.addEventListener('log', (event) => addLog(JSON.parse(event.data)));
setInterval(tick, 200);
`;

/** `template` with each `{{key}}` replaced by the page's word for it in `language` (`{{lang}}`: the language). */
function fill(template: string, language: Language): string {
  const words: Readonly<Record<string, string>> = { ...MESSAGES[language].consolePage, lang: language };
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => words[key] ?? key);
}

/** The page in `language` (labels only: log lines keep the tutorials' words). */
export function consolePage(language: Language): string {
  return fill(PAGE, language);
}

/** The page's script, with its texts in `language`. */
export function consoleScript(language: Language): string {
  return fill(SCRIPT + QUERY_PANEL_SCRIPT, language);
}

/** The page's style sheet. */
export function consoleStyle(): string {
  return STYLE + QUERY_PANEL_STYLE;
}
