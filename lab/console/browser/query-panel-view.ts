/**
 * The Logs Insights panel's script: the saved queries (one click fills the query, picks its log
 * groups and runs it), the lab's log groups, Run, then the status, the statistics line and the
 * rows; a malformed query's MalformedQueryException in the panel, its place selected in the query.
 * Every query runs on the lab's Logs endpoint (StartQuery, GetQueryResults).
 */
import { CONSOLE, word } from './console-config';
import { $, escape, fetchJson, JSON_TYPE } from './dom';

interface SavedQueryView {
  readonly id: string;
  readonly title: string;
  readonly queryString: string;
  readonly logGroupNames: readonly string[];
}

interface QueryAnswerView {
  readonly error?: string;
  readonly queryCompileError?: { readonly location?: QueryPlace };
  readonly status: string;
  readonly statistics: {
    readonly recordsMatched: number;
    readonly recordsScanned: number;
    readonly bytesScanned: number;
  };
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, unknown>>[];
}

interface QueryPlace {
  readonly startCharOffset: number;
  readonly endCharOffset: number;
}

let savedQueries: readonly SavedQueryView[] = [];

const groups = (): HTMLSelectElement => $<HTMLSelectElement>('#query-groups');
const queryText = (): HTMLTextAreaElement => $<HTMLTextAreaElement>('#query-text');

async function loadQueryGroups(): Promise<void> {
  const chosen = new Set([...groups().selectedOptions].map((option) => option.value));
  const answer = await fetchJson<{ error?: string; logGroups: readonly { logGroupName: string }[] }>(
    `/api/logs/groups?lang=${CONSOLE.lang}`,
  );
  if (answer.error) return;
  groups().innerHTML = answer.logGroups
    .map(
      (group) =>
        `<option value="${escape(group.logGroupName)}"${chosen.has(group.logGroupName) ? ' selected' : ''}>${escape(group.logGroupName)}</option>`,
    )
    .join('');
}

async function loadSavedQueries(): Promise<void> {
  const answer = await fetchJson<{ error?: string; savedQueries: readonly SavedQueryView[] }>(
    `/api/logs/saved-queries?lang=${CONSOLE.lang}`,
  );
  if (answer.error) return;
  savedQueries = answer.savedQueries;
  $('#saved-query-buttons').innerHTML = savedQueries
    .map((saved) => `<button type="button" data-saved-query="${escape(saved.id)}">${escape(saved.title)}</button>`)
    .join(' ');
}

function showQueryAnswer(answer: QueryAnswerView): void {
  const status = $('#query-status');
  status.textContent = answer.status;
  status.dataset.status = answer.status;
  const stats = answer.statistics;
  const line = $('#query-stats');
  line.textContent = word('queryStatistics')
    .replace('%matched', String(stats.recordsMatched))
    .replace('%scanned', String(stats.recordsScanned))
    .replace('%bytes', String(stats.bytesScanned));
  line.dataset.matched = String(stats.recordsMatched);
  line.dataset.scanned = String(stats.recordsScanned);
  $('#query-table').innerHTML =
    answer.rows.length === 0
      ? `<caption class="muted">${word('queryNoRows')}</caption>`
      : `<thead><tr>${answer.columns.map((column) => `<th>${escape(column)}</th>`).join('')}</tr></thead><tbody>` +
        answer.rows
          .map(
            (row) =>
              `<tr>${answer.columns.map((column) => `<td>${escape(row[column] === undefined ? '' : row[column])}</td>`).join('')}</tr>`,
          )
          .join('') +
        '</tbody>';
}

/** A refusal in the panel; a malformed query's place is selected in the query. */
function showQueryError(text: string, place?: QueryPlace): void {
  const status = $('#query-status');
  status.textContent = '';
  status.dataset.status = 'Failed';
  const error = $('#query-error');
  error.textContent = text;
  error.hidden = false;
  if (place) {
    error.dataset.start = String(place.startCharOffset);
    error.dataset.end = String(place.endCharOffset);
    queryText().focus();
    queryText().setSelectionRange(place.startCharOffset, place.endCharOffset);
  }
}

async function runQuery(): Promise<void> {
  // Cleared before the first await: the page never shows an earlier run's answer as this one's.
  const error = $('#query-error');
  error.hidden = true;
  error.textContent = '';
  delete error.dataset.start;
  delete error.dataset.end;
  $('#query-table').innerHTML = '';
  $('#query-stats').textContent = '';
  $('#query-status').dataset.status = '';
  const logGroupNames = [...groups().selectedOptions].map((option) => option.value);
  if (logGroupNames.length === 0) {
    showQueryError(word('queryNoGroup'));
    return;
  }
  $('#query-status').textContent = word('queryRunning');
  const run = $<HTMLButtonElement>('#query-run');
  run.disabled = true;
  try {
    const body = JSON.stringify({
      queryString: queryText().value,
      logGroupNames,
      range: $<HTMLSelectElement>('#query-range').value,
    });
    const answer = await fetchJson<QueryAnswerView>(`/api/logs/query?lang=${CONSOLE.lang}`, {
      method: 'POST',
      headers: JSON_TYPE,
      body,
    });
    if (answer.error) showQueryError(answer.error, answer.queryCompileError?.location);
    else showQueryAnswer(answer);
  } finally {
    run.disabled = false;
  }
}

/** Wires the panel and reads its log groups and saved queries. */
export function startQueryPanel(): void {
  $('#query-run').addEventListener('click', () => void runQuery());
  $('#query-groups-refresh').addEventListener('click', () => void loadQueryGroups());
  $('#saved-query-buttons').addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-saved-query]');
    const saved = button && savedQueries.find((candidate) => candidate.id === button.dataset.savedQuery);
    if (!saved) return;
    queryText().value = saved.queryString;
    for (const option of groups().options) option.selected = saved.logGroupNames.includes(option.value);
    void runQuery();
  });
  void loadQueryGroups();
  void loadSavedQueries();
}
