/**
 * The console's page: one self-contained HTML document (no external assets), reading the lab
 * only through the console API (`/api/state`, `/api/events`, `/api/enqueue`, `/api/redrive`,
 * `/api/experiments`).
 */
const PAGE = `<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<title>{{title}}</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1d2330; }
  header { background: #232f3e; color: #fff; padding: 10px 16px; font-size: 16px; }
  main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; padding: 12px; }
  #stacks { display: grid; gap: 12px; align-content: start; }
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
  .log { grid-column: 1 / -1; }
  #log { height: 240px; overflow: auto; font: 12px/1.35 ui-monospace, monospace; background: #111827; color: #e5e7eb; padding: 6px; }
  .log-line.WARN { color: #fbbf24; } .log-line.ERROR { color: #f87171; }
  textarea { width: 100%; height: 70px; font: 12px ui-monospace, monospace; }
  button { cursor: pointer; }
  pre { margin: 0; max-height: 160px; overflow: auto; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
  .muted { color: #6b7280; }
  .alarm { font-size: 12px; padding: 2px 6px; border-radius: 3px; background: #e5e7eb; }
  .alarm.ALARM { background: #d13212; color: #fff; } .alarm.OK { background: #1d8102; color: #fff; }
</style>
</head>
<body>
<header>{{title}} <span class="muted" id="clock"></span></header>
<main>
  <div id="stacks"></div>
  <div style="display: grid; gap: 12px; align-content: start">
    <section>
      <h2>{{sendJob}}</h2>
      <label>{{stack}} <select id="stack"><option>VisibilityDupStack</option><option>BatchPartialStack</option></select></label>
      <label><input type="checkbox" id="heartbeat" checked> heartbeat</label>
      <label><input type="checkbox" id="idempotency" checked> idempotency</label>
      <textarea id="body">{"id":"msg-1","sleep":8}</textarea>
      <button id="send">POST /enqueue</button> <span id="send-result" class="muted"></span>
    </section>
    <section>
      <h2>{{experiments}}</h2>
      <div id="experiments" class="muted">{{loading}}</div>
      <pre id="experiment-result"></pre>
    </section>
  </div>
  <section class="log">
    <h2>{{logStream}} <input id="log-filter" placeholder="{{filter}}"></h2>
    <div id="log"></div>
  </section>
</main>
<script>
const $ = (selector) => document.querySelector(selector);
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
let state = { now: Date.now(), stacks: [] };
let offset = 0;

function renderStacks() {
  const now = Date.now() + offset;
  $('#stacks').innerHTML = state.stacks.map((stack) => {
    const counts = stack.queues.map((q) => '<div class="count" data-queue="' + q.role + '"><span class="muted">' + (q.role === 'dlq' ? 'DLQ' : '{{queue}}') + ' (' + q.visibilityTimeoutSeconds + ' s)</span>' +
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
    const dlq = stack.dlqMessages.map((m) => '<tr data-dlq-message="' + escape(m.messageId) + '"><td>' + escape(m.body).slice(0, 80) + '</td><td>' + m.receiveCount + '</td></tr>').join('');
    const items = stack.tableItems.map((item) => escape(JSON.stringify(item))).join('\\n');
    const alarms = stack.alarms.map((a) => '<span class="alarm ' + a.state + '" data-alarm-state="' + a.state + '">{{alarm}} ' + a.state + '</span>').join(' ');
    return '<section data-stack="' + stack.stackName + '"><h2>' + stack.stackName + ' ' + alarms + '</h2><div class="counts">' + counts + '</div>' +
      '<h3>{{inFlightTitle}}</h3><table><tr><th>id</th><th>{{receiveNo}}</th><th>{{heartbeats}}</th><th>{{visibleIn}}</th><th></th></tr>' + rows + '</table>' +
      (stack.queues.some((q) => q.role === 'dlq') ? '<h3>DLQ <button data-redrive="' + stack.stackName + '">{{redrive}}</button></h3><table>' + dlq + '</table>' : '') +
      (stack.tableItems.length > 0 ? '<h3>{{table}}</h3><pre class="table-items">' + items + '</pre>' : '') + '</section>';
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

$('#send').addEventListener('click', async () => {
  let body;
  try { body = JSON.parse($('#body').value); } catch { $('#send-result').textContent = '{{notJson}}'; return; }
  if ($('#stack').value === 'VisibilityDupStack') { body.heartbeat = $('#heartbeat').checked; body.idempotency = $('#idempotency').checked; }
  const answer = await fetch('/api/enqueue', { method: 'POST', body: JSON.stringify({ stack: $('#stack').value, body }) }).then((r) => r.json());
  $('#send-result').textContent = answer.error ? answer.error : answer.status + ' ' + JSON.stringify(answer.body);
});

document.addEventListener('click', async (event) => {
  const redrive = event.target.closest('[data-redrive]');
  if (redrive) {
    redrive.disabled = true;
    await fetch('/api/redrive', { method: 'POST', body: JSON.stringify({ stack: redrive.dataset.redrive }) });
    redrive.disabled = false;
  }
  const run = event.target.closest('[data-experiment]');
  if (run) {
    $('#experiment-result').textContent = run.dataset.experiment + '{{running}}';
    const result = await fetch('/api/experiments/' + run.dataset.experiment + '?lang={{lang}}', { method: 'POST' }).then((r) => r.json());
    $('#experiment-result').textContent = result.error ? result.error :
      result.name + ': ' + (result.matched ? '{{matched}}' : '{{notMatched}}') + ' (' + result.seconds.toFixed(1) + ' s)\\n{{predicted}}' + result.prediction + '\\n\\n' + result.lines.join('\\n');
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
  if (key !== drawn) { drawn = key; renderStacks(); }
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
</script>
</body>
</html>
`;

const WORDS = {
  en: {
    lang: 'en',
    title: 'sqs-lab console',
    sendJob: 'Send a job',
    stack: 'Stack',
    experiments: 'Experiments',
    loading: 'loading…',
    logStream: 'Log stream',
    filter: 'filter by id, messageId or text',
    queue: 'queue',
    visible: 'visible',
    inFlight: 'in flight',
    delayed: 'delayed',
    visibleAgain: 'visible again',
    inFlightTitle: 'In flight (the deadline moves with each heartbeat)',
    receiveNo: 'receive #',
    heartbeats: 'heartbeats',
    visibleIn: 'visible in',
    redrive: 'redrive to source',
    table: 'Idempotency table',
    notJson: 'the body is not JSON',
    running: ': running on a fresh lab…',
    matched: 'matched',
    notMatched: 'did not match',
    predicted: 'predicted: ',
    alarm: 'DLQ alarm',
  },
  ja: {
    lang: 'ja',
    title: 'sqs-lab コンソール',
    sendJob: 'ジョブを送る',
    stack: 'スタック',
    experiments: '実験',
    loading: '読み込み中…',
    logStream: 'ログ',
    filter: 'id、messageId、文字列で絞り込み',
    queue: 'キュー',
    visible: '見えている',
    inFlight: '処理中',
    delayed: '遅延中',
    visibleAgain: '再び見える',
    inFlightTitle: '処理中（ハートビートのたびに期限が延びる）',
    receiveNo: '受信回数',
    heartbeats: 'ハートビート',
    visibleIn: '見えるまで',
    redrive: '元のキューへ redrive',
    table: '冪等性テーブル',
    notJson: '本文が JSON ではありません',
    running: ': 新しいラボで実行中…',
    matched: '予測どおり',
    notMatched: '予測と違う',
    predicted: '予測: ',
    alarm: 'DLQ アラーム',
  },
} as const;

/** The page in `language` (labels only: log lines keep the tutorials' words). */
export function consolePage(language: keyof typeof WORDS): string {
  const words: Record<string, string> = WORDS[language];
  return PAGE.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => words[key] ?? key);
}
