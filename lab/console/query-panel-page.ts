/**
 * The console page's Logs Insights panel: the saved queries (one click fills the query, picks its
 * log group and runs it), a pick of the lab's log groups, a time range, the query, Run, then the
 * status, the statistics line and a table whose columns are the query's fields in their order, as
 * the AWS console shows them; a malformed query's MalformedQueryException in the panel, its place
 * selected in the query. Its markup and style join the page's (console-page.ts), whose `{{key}}`
 * words they share; its script is browser/query-panel-view.ts, which reads `GET /api/logs/groups`,
 * `GET /api/logs/saved-queries` and `POST /api/logs/query`.
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
