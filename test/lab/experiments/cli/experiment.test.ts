import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run experiment` as a user runs it: the lab-only experiments refuse --target aws with the
// reason, before reading any outputs file or building an AWS client.

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** An English locale whatever the machine's, unless a test sets one. */
const ENGLISH = { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
const JAPANESE = { ...ENGLISH, LANG: 'ja_JP.UTF-8' };

interface Run {
  readonly status: number | null;
  readonly stderr: string;
  readonly stdout: string;
}

function cli(script: string, args: readonly string[], env: NodeJS.ProcessEnv = ENGLISH): Run {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `experiments/cli/${script}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

function experimentCli(...args: string[]): Run {
  return cli('experiment', args);
}

describe('npm run experiment', () => {
  it.each(['heartbeat-late', 'in-progress-crash', 'throttled-completion', 'fifo-dedup'])(
    'refuses %s on AWS and says why',
    (name) => {
      const { status, stderr } = experimentCli(name, '--target', 'aws', '--outputs', 'no-such-file.json');

      expect(status).toBe(2);
      expect(stderr).toMatch(new RegExp(`^error: ${name} runs on the lab only: .+; run it without --target aws\\.`));
    },
  );

  it('marks the lab-only experiments in its help', () => {
    const { status, stdout, stderr } = experimentCli('--help');
    const help = stdout + stderr;

    expect(status).toBe(0);
    expect(help).toMatch(/heartbeat-late \*/);
    expect(help).toMatch(/fifo-dedup \*/);
    expect(help).toMatch(/short-vs-long-polling {2,}A sparse queue/);
    expect(help).toMatch(/dlq-redrive {2,}Step 8/);
  });

  it('npm start writes the report of its runs to --report <dir> and prints where', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-tour-'));
    try {
      const run = cli('tour', ['--only', 'throughput-batch-10', '--report', dir]);

      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(join(dir, 'index.html'));
      expect(run.stdout).toMatch(/^ *\d+s {2}throughput-batch-10 finished: matched/m); // not a TTY: plain lines
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<svg class="timeline"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm start and npm run experiment in Japanese', () => {
  const oneSentence = (text: string): void => {
    expect(text.trim().split('\n')).toHaveLength(1);
  };

  it.each([
    ['experiment', ['--help', '--lang', 'ja'], ENGLISH],
    ['experiment', ['--help'], JAPANESE],
    ['tour', ['--help', '--lang=ja'], ENGLISH],
    ['tour', ['--help'], JAPANESE],
    ['chaos', ['--help', '--lang', 'ja'], ENGLISH],
  ] as const)('%s %j speaks Japanese in its help', (script, args, env) => {
    const { status, stdout } = cli(script, args, env);

    expect(status).toBe(0);
    expect(stdout).toMatch(/^使い方: npm (start|run experiment|run chaos)/);
    expect(stdout).toContain('--lang en|ja');
    if (script === 'experiment') expect(stdout).toMatch(/heartbeat-late \* +Step 7: 8 秒のジョブ/);
  });

  it('--lang en wins over a Japanese LANG', () => {
    expect(cli('experiment', ['--help', '--lang', 'en'], JAPANESE).stdout).toMatch(/^Usage: npm run experiment/);
  });

  it.each([
    ['experiment', ['no-such-experiment'], /^エラー: "no-such-experiment" という実験はありません。/],
    ['experiment', ['heartbeat', '--target', 'cloud'], /^エラー: --target は local か aws です（指定: cloud）/],
    ['experiment', ['heartbeat-late', '--target', 'aws'], /^エラー: heartbeat-late はラボ専用です: ワーカーの/],
    ['experiment', ['heartbeat', '--batch-formation', 'half'], /^エラー: --batch-formation は aws か full です/],
    ['tour', ['--only'], /^エラー: --only には実験名を/],
    ['tour', ['--shuffle'], /^エラー: 不明な引数 "--shuffle" です/],
    ['tour', ['--lang', 'fr'], /^エラー: --lang には en か ja を指定してください（指定: "fr"）/],
    [
      'chaos',
      ['--mix', 'crash,nope'],
      /^エラー: "nope" という組み合わせはありません。次から選んでください: none, crash, /,
    ],
    ['chaos', ['--messages', '0'], /^エラー: --messages は正の整数です（指定: "0"）/],
  ] as const)('%s %j refuses in one Japanese sentence with exit code 2', (script, args, message) => {
    const { status, stderr, stdout } = cli(script, args, JAPANESE);

    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    oneSentence(stderr);
  });

  it('refuses in English under an English locale, in one sentence', () => {
    const { status, stderr } = cli('experiment', ['no-such-experiment'], ENGLISH);

    expect(status).toBe(2);
    expect(stderr).toMatch(/^error: unknown experiment "no-such-experiment"; choose from heartbeat, /);
    oneSentence(stderr);
  });

  // A real run on the lab (the shortest of the catalog: 100 messages, none failing, no visibility
  // timeout to wait), in Japanese from LANG alone: the words around the log lines are Japanese,
  // the log lines keep the tutorials' words, and --report writes the timeline page, in Japanese
  // too. (A run's English words are checked by `npm start`'s run above.)
  it('runs an experiment in Japanese under LANG=ja_JP.UTF-8 and writes its timeline page with --report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-report-ja-'));
    try {
      const { status, stdout, stderr } = cli('experiment', ['throughput-batch-10', '--report', dir], JAPANESE);
      const page = readFileSync(join(dir, 'index.html'), 'utf8');

      expect(status, stderr).toBe(0);
      expect(stdout).toMatch(
        /^throughput-batch-10: Step 8: 100 メッセージ、失敗なし、バッチサイズ 10（ターゲット: local）/,
      );
      expect(stdout).toMatch(/^バッチの組み方: AWS 風（シード \d+/m);
      expect(stdout).toMatch(/^ *\d+s {2}throughput-batch-10: 配信 100 回、DLQ に 0 件、キューに 0 件$/m);
      expect(stdout).toMatch(/Worker +INFO +Batch done: \d+ OK, 0 FAIL/); // log lines as logged
      expect(stdout).toMatch(/^ {3}配信 100 回 · 再処理 0 件 · 効果 100 回 · DLQ 0 → 予測どおり$/m);
      expect(stdout).toMatch(/^ {3}予測: すべてのメッセージが 1 回ずつ/m);
      expect(stdout).toMatch(/^実験 +配信 +捕捉した重複 \(7\) +再処理 \(8\) +効果 +DLQ +結果 +予測$/m);
      expect(stdout).toContain(`タイムライン: ${join(dir, 'index.html')}`);
      expect(page).toContain('<html lang="ja">');
      expect(page).toContain('<h1>sqs-lab レポート</h1>');
      expect(page).toContain('1 件中 1 件の結果が予測どおり');
      expect(page).toMatch(/>メッセージ 1<\/text>/);
      expect(page.match(/<g class="lane"/g)).toHaveLength(100);
      expect(existsSync(join(dir, 'timelines.md'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the tour in Japanese with --lang ja: progress, verdicts, table and report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqs-lab-tour-ja-'));
    try {
      const run = cli('tour', ['--lang', 'ja', '--only', 'throughput-batch-10', '--report', dir]);

      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^sqs-lab ツアー: ローカルのラボで 1 個の実験/);
      expect(run.stdout).toMatch(/^ *\d+s {2}throughput-batch-10 終了: 予測どおり（\d+\.\d 秒）$/m);
      expect(run.stdout).toMatch(/^1 件中 1 件の結果が予測どおりでした（\d+\.\d 秒）。$/m);
      expect(run.stdout).toContain(`すべての実行のタイムラインを載せたレポート: ${join(dir, 'index.html')}`);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<html lang="ja">');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
