/**
 * CloudWatch Logs Insights on the lab's Logs endpoint, behaviour by behaviour, from AWS's
 * documentation. insights.test.ts asserts each one through the SDK against the lab's endpoint.
 */
import type { Behaviour } from '#lab/test/conformance/behaviour';

const DOCS = 'https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs';
const API = 'https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference';
const service = 'Logs Insights' as const;

/** Every Logs Insights behaviour, by stable id. */
export const INSIGHTS_BEHAVIOURS = [
  {
    id: 'insights.system-fields',
    service,
    source: `${DOCS}/CWL_AnalyzeLogData-discoverable-fields.html`,
    verdict: 'same',
    en: {
      title: 'The system fields',
      aws: 'Every event has @message, @timestamp, @ingestionTime, @logStream and @log, the last as <account-id>:<log-group-name>.',
    },
    ja: {
      title: 'システムフィールド',
      aws: 'すべてのイベントに @message、@timestamp、@ingestionTime、@logStream、@log があり、@log は <account-id>:<log-group-name> の形です。',
    },
  },
  {
    id: 'insights.json-fields',
    service,
    source: `${DOCS}/CWL_AnalyzeLogData-discoverable-fields.html`,
    verdict: 'same',
    en: {
      title: 'The fields of a JSON line',
      aws: 'The fields of a JSON event are discovered; nested fields are named with dots (`job.sleep`).',
    },
    ja: {
      title: 'JSON の行のフィールド',
      aws: 'JSON のイベントのフィールドは自動で見つかり、入れ子のフィールドはドットでつないだ名前になります（`job.sleep`）。',
    },
  },
  {
    id: 'insights.lambda-report-fields',
    service,
    source: `${DOCS}/CWL_AnalyzeLogData-discoverable-fields.html`,
    verdict: 'same',
    en: {
      title: "The fields of Lambda's REPORT line",
      aws: 'A Lambda log gives @requestId, @type, @duration, @billedDuration, @memorySize and @maxMemoryUsed (and @initDuration after a cold start).',
      lab: 'From the Text format’s REPORT line. A JSON-format `platform.report` record gives its JSON fields (`type`, `record.metrics.durationMs`, …) and @requestId; the README’s p50/p99 query reads those.',
    },
    ja: {
      title: 'Lambda の REPORT 行のフィールド',
      aws: 'Lambda のログからは @requestId、@type、@duration、@billedDuration、@memorySize、@maxMemoryUsed（コールドスタート後は @initDuration も）が得られます。',
      lab: 'Text 形式の REPORT 行から。JSON 形式の `platform.report` レコードからは JSON のフィールド（`type`、`record.metrics.durationMs` など）と @requestId が得られます。README の p50/p99 のクエリはこちらを読みます。',
    },
  },
  {
    id: 'insights.fields-display',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Fields.html`,
    verdict: 'same',
    en: {
      title: 'fields and display choose the columns',
      aws: '`fields` names the returned fields (and makes new ones with functions and `as`); `display` shows only the fields it names. A row leaves out a field its event does not have.',
    },
    ja: {
      title: 'fields と display が列を選ぶ',
      aws: '`fields` は返すフィールドを指定し（関数と `as` で新しいフィールドも作れます）、`display` は指定したフィールドだけを表示します。イベントにないフィールドは行から省かれます。',
    },
  },
  {
    id: 'insights.filter',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Filter.html`,
    verdict: 'same',
    en: {
      title: 'filter with comparisons, like, =~, in, and, or, not',
      aws: '`filter` keeps the events for which its condition holds: `=`, `!=`, `<`, `<=`, `>`, `>=`, `like "text"` (substring), `like /re/` and `=~ /re/`, `in [...]`, `not`, `and`, `or` and parentheses.',
    },
    ja: {
      title: 'filter の比較、like、=~、in、and、or、not',
      aws: '`filter` は条件が成り立つイベントだけを残します: `=`、`!=`、`<`、`<=`、`>`、`>=`、`like "text"`（部分一致）、`like /re/` と `=~ /re/`、`in [...]`、`not`、`and`、`or`、括弧。',
    },
  },
  {
    id: 'insights.sort-limit',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Limit.html`,
    verdict: 'same',
    en: {
      title: 'sort and limit',
      aws: '`sort … asc|desc` orders the rows; `limit n` keeps the first n; without `limit`, a query returns up to 10,000 rows.',
    },
    ja: {
      title: 'sort と limit',
      aws: '`sort … asc|desc` で行を並べ、`limit n` で先頭 n 行を残します。`limit` がなければ最大 10,000 行を返します。',
    },
  },
  {
    id: 'insights.dedup',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Dedup.html`,
    verdict: 'same',
    en: {
      title: 'dedup keeps the first row of each value',
      aws: '`dedup a` removes the rows whose `a` repeats that of an earlier row.',
    },
    ja: {
      title: 'dedup は値ごとに最初の行を残す',
      aws: '`dedup a` は、前の行と `a` が重なる行を取り除きます。',
    },
  },
  {
    id: 'insights.parse',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Parse.html`,
    verdict: 'same',
    en: {
      title: 'parse with a glob or a regular expression',
      aws: '`parse @message "* [*] *" as a, b, c` fills a field per `*`; `parse @message /(?<a>…)/` fills a field per named group.',
    },
    ja: {
      title: 'glob または正規表現による parse',
      aws: '`parse @message "* [*] *" as a, b, c` は `*` ごとにフィールドを作り、`parse @message /(?<a>…)/` は名前付きグループごとにフィールドを作ります。',
    },
  },
  {
    id: 'insights.stats',
    service,
    source: `${DOCS}/CWL_QuerySyntax-Stats.html`,
    verdict: 'same',
    en: {
      title: 'stats by fields and by bin(…)',
      aws: '`stats count(*), count(f), count_distinct(f), min, max, avg, sum, earliest, latest … by f, bin(1m)` gives one row per group; an unaliased column is named by its expression (`count(*)`, `bin(1m)`).',
    },
    ja: {
      title: 'フィールドと bin(…) による stats',
      aws: '`stats count(*), count(f), count_distinct(f), min, max, avg, sum, earliest, latest … by f, bin(1m)` はグループごとに 1 行を返します。別名のない列は式そのもの（`count(*)`、`bin(1m)`）が名前になります。',
    },
  },
  {
    id: 'insights.percentile',
    service,
    source: `${DOCS}/CWL_QuerySyntax-operations-functions.html`,
    verdict: 'different',
    en: {
      title: 'pct(field, n)',
      aws: '`pct(f, n)` is the n-th percentile of f; AWS computes it approximately.',
      lab: 'The exact nearest-rank percentile: the smallest value that n % of the values do not exceed.',
      why: 'AWS does not document its approximation; on the few hundred lines of a lab run the exact value is what the approximation aims at.',
    },
    ja: {
      title: 'pct(field, n)',
      aws: '`pct(f, n)` は f の n パーセンタイルで、AWS は近似で計算します。',
      lab: '最近順位法による正確なパーセンタイル（値の n % がそれを超えない最小の値）。',
      why: 'AWS は近似の方法を記していません。ラボの数百行なら、近似が目指す正確な値を出せます。',
    },
  },
  {
    id: 'insights.malformed-query',
    service,
    source: `${API}/API_StartQuery.html`,
    verdict: 'different',
    en: {
      title: 'A query that does not parse',
      aws: 'StartQuery answers MalformedQueryException with `queryCompileError: { location: { startCharOffset, endCharOffset }, message }` (members the API reference marks Reserved).',
      lab: 'The same exception and members: the offsets of the symbol where parsing stopped, and the message `unexpected symbol found <symbol> at line <l> and position <p>`.',
      why: 'AWS documents neither the offsets nor the message’s wording; the lab’s are its own.',
    },
    ja: {
      title: '構文解析できないクエリ',
      aws: 'StartQuery は MalformedQueryException を `queryCompileError: { location: { startCharOffset, endCharOffset }, message }` つきで返します（API リファレンスでは Reserved のメンバー）。',
      lab: '同じ例外とメンバー。解析が止まった記号の位置と、`unexpected symbol found <symbol> at line <l> and position <p>` というメッセージ。',
      why: 'AWS は位置の決め方もメッセージの文言も記していないので、ラボ独自のものです。',
    },
  },
  {
    id: 'insights.missing-group',
    service,
    source: `${API}/API_StartQuery.html`,
    verdict: 'same',
    en: {
      title: 'A log group that does not exist',
      aws: 'StartQuery answers ResourceNotFoundException.',
    },
    ja: {
      title: '存在しないロググループ',
      aws: 'StartQuery は ResourceNotFoundException を返します。',
    },
  },
  {
    id: 'insights.one-way-to-name-groups',
    service,
    source: `${API}/API_StartQuery.html`,
    verdict: 'same',
    en: {
      title: 'Exactly one of logGroupName, logGroupNames, logGroupIdentifiers',
      aws: 'A StartQuery must include exactly one of them; more than one is InvalidParameterException.',
    },
    ja: {
      title: 'logGroupName、logGroupNames、logGroupIdentifiers のうちちょうど 1 つ',
      aws: 'StartQuery はそのうちちょうど 1 つを含む必要があり、2 つ以上なら InvalidParameterException です。',
    },
  },
  {
    id: 'insights.time-range',
    service,
    source: `${API}/API_StartQuery.html`,
    verdict: 'same',
    en: {
      title: 'startTime and endTime',
      aws: 'Epoch seconds; the range is inclusive at both ends.',
    },
    ja: {
      title: 'startTime と endTime',
      aws: 'エポック秒で、範囲は両端を含みます。',
    },
  },
  {
    id: 'insights.query-status',
    service,
    source: `${API}/API_GetQueryResults.html`,
    verdict: 'different',
    en: {
      title: 'A query’s status',
      aws: 'A query is Scheduled, then Running, then Complete; GetQueryResults answers partial results while it runs, and StopQuery stops a running one.',
      lab: 'A query runs within StartQuery and is Complete from its first GetQueryResults; StopQuery answers `success: false`. DescribeQueries lists the queries, newest first.',
      why: 'A lab run holds a few thousand lines per group: a query ends in milliseconds, before its id reaches the caller.',
    },
    ja: {
      title: 'クエリの状態',
      aws: 'クエリは Scheduled、Running、Complete と進み、実行中の GetQueryResults は途中の結果を返し、StopQuery は実行中のクエリを止めます。',
      lab: 'クエリは StartQuery の中で実行され、最初の GetQueryResults から Complete です。StopQuery は `success: false` を返します。DescribeQueries は新しい順にクエリを並べます。',
      why: 'ラボの 1 回の実行はロググループあたり数千行なので、クエリは ID が呼び出し側に届く前、数ミリ秒で終わります。',
    },
  },
  {
    id: 'insights.unsupported',
    service,
    source: `${DOCS}/CWL_QuerySyntax.html`,
    verdict: 'different',
    en: {
      title: 'Commands and functions the lab does not run',
      aws: 'The language also has `unnest`, `lookup`, `join`, subqueries, `pattern`, `anomaly`, `diff`, `filterIndex`, `SOURCE`, `limit any`, the IP-address functions, most datetime functions and paging of results past 10,000 rows (nextToken, up to 100,000).',
      lab: 'MalformedQueryException at the command or function; results stop at 10,000 rows without a nextToken. Supported: fields, display, filter, sort, limit, dedup, parse, stats (count, count_distinct, min, max, avg, sum, stddev, pct, earliest, latest; by fields and bin), arithmetic, and strlen, tolower, toupper, trim, ltrim, rtrim, concat, substr, replace, strcontains, abs, floor, ceil, sqrt, log, greatest, least, tonumber, tostring, ispresent, isempty, isblank, coalesce, bin, datefloor, dateceil. `sort` without asc or desc sorts descending (the page does not say).',
      why: 'The lab covers what the tutorials’ questions need (a message’s history, duplicates, DLQ arrivals, durations); the rest is refused plainly rather than answered wrongly.',
    },
    ja: {
      title: 'ラボが実行しないコマンドと関数',
      aws: 'この言語には `unnest`、`lookup`、`join`、サブクエリ、`pattern`、`anomaly`、`diff`、`filterIndex`、`SOURCE`、`limit any`、IP アドレス関数、ほとんどの日時関数、10,000 行を超える結果のページング（nextToken、最大 100,000 行）もあります。',
      lab: 'そのコマンドや関数の位置で MalformedQueryException を返し、結果は nextToken なしで 10,000 行までです。対応するもの: fields、display、filter、sort、limit、dedup、parse、stats（count、count_distinct、min、max、avg、sum、stddev、pct、earliest、latest、フィールドと bin による集計）、算術演算、strlen、tolower、toupper、trim、ltrim、rtrim、concat、substr、replace、strcontains、abs、floor、ceil、sqrt、log、greatest、least、tonumber、tostring、ispresent、isempty、isblank、coalesce、bin、datefloor、dateceil。asc も desc もない `sort` は降順です（ページに記述がありません）。',
      why: 'ラボはチュートリアルの問い（メッセージの履歴、重複、DLQ への到着、処理時間）に要るものを扱い、それ以外は誤った答えを返さずにはっきり断ります。',
    },
  },
] as const satisfies readonly Behaviour[];

/** The behaviour of `id`. */
export function insightsBehaviour(id: (typeof INSIGHTS_BEHAVIOURS)[number]['id']): Behaviour {
  const behaviour = INSIGHTS_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (behaviour === undefined) throw new Error(`no Logs Insights behaviour ${id}`);
  return behaviour;
}
