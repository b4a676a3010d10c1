/**
 * The console's page: an HTML document with its style sheet (`/console.css`) and script
 * (`/console.js`, the typed modules of browser/ bundled by console-bundle.ts), all served by the console itself (no external assets, no inline script, so a
 * Content-Security-Policy of `script-src 'self'` holds), reading the lab only through the console API (`/api/state`, `/api/events`, `/api/enqueue`, `/api/redrive`,
 * `/api/experiments`, `/api/logs/…`). The send form is the app's (send-form.ts): a field for each body
 * field of its stacks' route; an experiment's
 * run draws its timeline, full width above the log stream, when it ends; the Logs Insights panel
 * (query-panel-page.ts) follows the log stream.
 */
import type { Language } from '../common/language';
import { MESSAGES } from '../locales/messages';
import { QUERY_PANEL_HTML, QUERY_PANEL_STYLE } from './query-panel-page';
import { type SendForm, sendFormHtml } from './send-form';

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
      <!--send-form-->
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
  td.outcome-delivered { color: #1d8102; } td.outcome-failed { color: #d13212; } td.outcome-filtered { color: #6b7280; }
  fieldset { border: 1px solid #e2e6ec; border-radius: 4px; margin: 6px 0; padding: 4px 8px; display: grid; gap: 3px; min-width: 0; }
  fieldset[hidden] { display: none; }
  fieldset label { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; }
  fieldset input[type=text] { width: 160px; } fieldset input[type=number] { width: 70px; }
  #send-result { overflow-wrap: anywhere; }
  .hint { color: #6b7280; font-size: 12px; }
  #experiment-timeline, .queue-timeline { overflow-x: auto; }
  #experiment-timeline svg, .queue-timeline svg { display: block; background: #fff; }
`;

/** `template` with each `{{key}}` replaced by the page's word for it in `language` (`{{lang}}`: the language). */
function fill(template: string, language: Language): string {
  const words: Readonly<Record<string, string>> = { ...MESSAGES[language].consolePage, lang: language };
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => words[key] ?? key);
}

/** The page in `language` with the app's send form (labels only: log lines keep the app's words). */
export function consolePage(language: Language, form: SendForm): string {
  const say = MESSAGES[language].consolePage;
  // After the page's words are filled in, so nothing of the app's form is read as a placeholder.
  return fill(PAGE, language).replace(
    '<!--send-form-->',
    sendFormHtml(form, language, { stack: say.stack, bodyHint: say.bodyHint }),
  );
}

/** The page's style sheet. */
export function consoleStyle(): string {
  return STYLE + QUERY_PANEL_STYLE;
}
