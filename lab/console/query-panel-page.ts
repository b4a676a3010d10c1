/**
 * The console page's Logs Insights panel: the saved queries (one click fills the query, picks its
 * log group and runs it), a pick of the lab's log groups, a time range, the query, Run, then the
 * status, the statistics line and a table whose columns are the query's fields in their order, as
 * the AWS console shows them; a malformed query's MalformedQueryException in the panel, its place
 * selected in the query. Its markup, script and style join the page's (console-page.ts), whose
 * `{{key}}` words they share; the script uses the page's `$`, `escape` and `JSON_TYPE`, and reads
 * `GET /api/logs/groups`, `GET /api/logs/saved-queries` and `POST /api/logs/query`.
 */

/** The panel's markup, a full-width section above the log stream. */
export const QUERY_PANEL_HTML = `<section class="wide" id="query-panel">
    <h2>{{queryTitle}} <span class="hint">{{queryHint}}</span></h2>
    <div id="saved-queries"><span class="muted">{{querySaved}}:</span> <span id="saved-query-buttons"></span></div>
    <div class="query-form">
      <div>
        <label for="query-groups">{{queryGroups}}</label> <button id="query-groups-refresh" type="button">{{queryRefresh}}</button>
        <select id="query-groups" multiple size="6"></select>
        <label>{{queryRange}} <select id="query-range">
          <option value="15m">{{queryRange15m}}</option><option value="1h">{{queryRange1h}}</option><option value="run">{{queryRangeRun}}</option>
        </select></label>
      </div>
      <div>
        <textarea id="query-text" spellcheck="false" aria-label="{{queryTitle}}">fields @timestamp, @message, @logStream
| sort @timestamp desc
| limit 20</textarea>
        <button id="query-run" type="button">{{queryRun}}</button>
        <span class="muted">{{queryStatus}}:</span> <span id="query-status"></span>
        <span id="query-stats" class="muted"></span>
      </div>
    </div>
    <div id="query-error" hidden></div>
    <div class="query-results"><table id="query-table"></table></div>
  </section>
`;

/** The panel's script (after the page's, whose helpers it uses). */
export const QUERY_PANEL_SCRIPT = `
// The Logs Insights panel: every query runs on the lab's Logs endpoint (StartQuery, GetQueryResults).
async function loadQueryGroups() {
  const chosen = new Set([...$('#query-groups').selectedOptions].map((option) => option.value));
  const answer = await fetch('/api/logs/groups?lang={{lang}}').then((r) => r.json());
  if (answer.error) return;
  $('#query-groups').innerHTML = answer.logGroups.map((group) => '<option value="' + escape(group.logGroupName) + '"' +
    (chosen.has(group.logGroupName) ? ' selected' : '') + '>' + escape(group.logGroupName) + '</option>').join('');
}
let savedQueries = [];
async function loadSavedQueries() {
  const answer = await fetch('/api/logs/saved-queries?lang={{lang}}').then((r) => r.json());
  if (answer.error) return;
  savedQueries = answer.savedQueries;
  $('#saved-query-buttons').innerHTML = savedQueries.map((saved) => '<button type="button" data-saved-query="' + escape(saved.id) + '">' + escape(saved.title) + '</button>').join(' ');
}
function showQueryAnswer(answer) {
  $('#query-status').textContent = answer.status;
  $('#query-status').dataset.status = answer.status;
  const stats = answer.statistics;
  $('#query-stats').textContent = '{{queryStatistics}}'.replace('%matched', stats.recordsMatched).replace('%scanned', stats.recordsScanned).replace('%bytes', stats.bytesScanned);
  $('#query-stats').dataset.matched = stats.recordsMatched;
  $('#query-stats').dataset.scanned = stats.recordsScanned;
  $('#query-table').innerHTML = answer.rows.length === 0 ? '<caption class="muted">{{queryNoRows}}</caption>' :
    '<thead><tr>' + answer.columns.map((column) => '<th>' + escape(column) + '</th>').join('') + '</tr></thead><tbody>' +
    answer.rows.map((row) => '<tr>' + answer.columns.map((column) => '<td>' + escape(row[column] === undefined ? '' : row[column]) + '</td>').join('') + '</tr>').join('') + '</tbody>';
}
// A refusal in the panel; a malformed query's place is selected in the query.
function showQueryError(text, place) {
  $('#query-status').textContent = '';
  $('#query-status').dataset.status = 'Failed';
  $('#query-error').textContent = text;
  $('#query-error').hidden = false;
  if (place) {
    $('#query-error').dataset.start = place.startCharOffset;
    $('#query-error').dataset.end = place.endCharOffset;
    $('#query-text').focus();
    $('#query-text').setSelectionRange(place.startCharOffset, place.endCharOffset);
  }
}
async function runQuery() {
  // Cleared before the first await: the page never shows an earlier run's answer as this one's.
  $('#query-error').hidden = true;
  $('#query-error').textContent = '';
  delete $('#query-error').dataset.start;
  delete $('#query-error').dataset.end;
  $('#query-table').innerHTML = '';
  $('#query-stats').textContent = '';
  $('#query-status').dataset.status = '';
  const logGroupNames = [...$('#query-groups').selectedOptions].map((option) => option.value);
  if (logGroupNames.length === 0) return showQueryError('{{queryNoGroup}}');
  $('#query-status').textContent = '{{queryRunning}}';
  $('#query-run').disabled = true;
  try {
    const body = JSON.stringify({ queryString: $('#query-text').value, logGroupNames, range: $('#query-range').value });
    const answer = await fetch('/api/logs/query?lang={{lang}}', { method: 'POST', headers: JSON_TYPE, body }).then((r) => r.json());
    if (answer.error) showQueryError(answer.error, answer.queryCompileError && answer.queryCompileError.location);
    else showQueryAnswer(answer);
  } finally {
    $('#query-run').disabled = false;
  }
}
$('#query-run').addEventListener('click', runQuery);
$('#query-groups-refresh').addEventListener('click', loadQueryGroups);
$('#saved-query-buttons').addEventListener('click', (event) => {
  const button = event.target.closest('[data-saved-query]');
  const saved = button && savedQueries.find((candidate) => candidate.id === button.dataset.savedQuery);
  if (!saved) return;
  $('#query-text').value = saved.queryString;
  for (const option of $('#query-groups').options) option.selected = saved.logGroupNames.includes(option.value);
  runQuery();
});
loadQueryGroups();
loadSavedQueries();
`;

/** The panel's style. */
export const QUERY_PANEL_STYLE = `  #query-panel .query-form { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 10px; margin: 6px 0; }
  #query-groups { display: block; width: 100%; margin: 4px 0 6px; font: 12px ui-monospace, monospace; }
  #query-text { height: 96px; }
  #saved-queries button { margin: 2px 2px 2px 0; }
  #query-error { color: #d13212; white-space: pre-wrap; margin: 6px 0; }
  #query-error[hidden] { display: none; }
  .query-results { max-height: 360px; overflow: auto; }
  #query-table th { position: sticky; top: 0; background: #fff; }
  #query-table td { font: 12px ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; vertical-align: top; }
`;
