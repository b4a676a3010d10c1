import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseLabArgs, UsageError } from '#experiments/cli/lab-args';
import { PROJECT_ROOT } from '#lib/project-root';

describe('parseLabArgs (npm run lab flags)', () => {
  it('defaults to the CDK context defaults', () => {
    expect(parseLabArgs([])).toEqual({
      // A fresh seed each run, printed so that the split can be replayed.
      batchFormation: { mode: 'aws', seed: expect.any(Number) },
      help: false,
      quiet: false,
      empty: false,
      watch: false,
      context: {},
      logFormat: 'pretty',
      batchOptions: { batchSize: 10, reportBatchItemFailures: true },
    });
  });

  it('starts without deploying the stacks with --empty (the learner deploys them with npm run cdk:lab)', () => {
    expect(parseLabArgs(['--empty']).empty).toBe(true);
    expect(parseLabArgs([]).empty).toBe(false);
  });

  it('prints the raw JSON lines with --log-format json, and refuses another format', () => {
    expect(parseLabArgs(['--log-format', 'json']).logFormat).toBe('json');
    expect(() => parseLabArgs(['--log-format', 'text'])).toThrow('--log-format takes pretty or json; got "text"');
  });

  it('reads the flags named after the CDK context switches', () => {
    expect(
      parseLabArgs(['--batch-size', '1', '--report-batch-item-failures', 'false', '--quiet']).batchOptions,
    ).toEqual({
      batchSize: 1,
      reportBatchItemFailures: false,
    });
  });

  it('reads the same switches spelled as cdk deploy takes them: -c name=value', () => {
    expect(parseLabArgs(['-c', 'batchSize=1', '-c', 'reportBatchItemFailures=false']).batchOptions).toEqual({
      batchSize: 1,
      reportBatchItemFailures: false,
    });
  });

  it('passes -c visibilityManager=true on to cdk synth, for VisibilityDupStack', () => {
    expect(parseLabArgs(['-c', 'visibilityManager=true']).context).toEqual({ visibilityManager: 'true' });
  });

  it('passes -c eventFilter=true on to cdk synth, for BatchPartialStack', () => {
    expect(parseLabArgs(['-c', 'eventFilter=true']).context).toEqual({ eventFilter: 'true' });
  });

  it('passes any other context on to cdk synth, as cdk deploy does', () => {
    expect(parseLabArgs(['-c', 'alarmEmail=me@example.com', '--watch'])).toMatchObject({
      watch: true,
      context: { alarmEmail: 'me@example.com' },
    });
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--batch-size'], '--batch-size needs a value'],
    [['--quiet=yes'], '--quiet is a switch and takes no value'],
    [['-c', 'batchsize=1'], '-c batchsize: context names are case-sensitive; did you mean batchSize?'],
    [['-c', 'batchSize'], 'got "batchSize"'],
    [['-c', 'batchSize=11'], 'batchSize must be an integer from 1 to 10'],
    [['--batch-size', '11'], 'batchSize must be an integer from 1 to 10'],
    [['--batch-size', 'ten'], 'batchSize must be an integer from 1 to 10'],
    [['--report-batch-item-failures', 'yes'], 'reportBatchItemFailures must be true or false'],
    [['-c', 'visibilityManager=yes'], 'visibilityManager must be true or false, got "yes".'],
    [['-c', 'visibilitymanager=true'], 'did you mean visibilityManager?'],
    [['-c', 'eventFilter=on'], 'eventFilter must be true or false, got "on".'],
    [['-c', 'eventfilter=true'], 'did you mean eventFilter?'],
    [['extra'], 'extra'],
  ])('refuses %j with a sentence saying why', (argv, message) => {
    expect(() => parseLabArgs(argv)).toThrow(UsageError);
    expect(() => parseLabArgs(argv)).toThrow(message);
  });

  it.each([
    [['--bogus'], '不明なオプション --bogus です'],
    [['--batch-size'], '--batch-size には値が必要です'],
    [['--quiet=yes'], '--quiet はスイッチなので値を取りません'],
    [['extra'], '余分な引数「extra」'],
    [['--log-format', 'text'], '--log-format には pretty か json を指定してください（指定された値: "text"）'],
    [['-c', 'batchsize=1'], '-c batchsize: コンテキスト名は大文字と小文字を区別します。batchSize のことですか？'],
    [['-c', 'batchSize'], '-c は name=value の形で指定してください'],
    [['--batch-size', '11'], 'batchSize は 1〜10 の整数にしてください'],
    [
      ['-c', 'reportBatchItemFailures=yes'],
      'reportBatchItemFailures は true か false にしてください。指定された値: "yes"',
    ],
    [['--batch-formation', 'half'], 'half'],
    [['-c', 'eventFilter=on'], 'eventFilter は true か false にしてください。指定された値: "on"'],
  ])('refuses %j in Japanese with --lang ja', (argv, message) => {
    let thrown: unknown;
    try {
      parseLabArgs(argv, 'ja');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    const text = (thrown as Error).message;
    expect(text).toContain(message);
    // No English sentence left: every refusal is worded in Japanese.
    expect(text).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});

describe('npm run lab (experiments/cli/lab.ts)', () => {
  const run = (args: string[]) =>
    promisify(execFile)(
      join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(PROJECT_ROOT, 'experiments', 'cli', 'lab.ts'), ...args],
      {
        cwd: PROJECT_ROOT,
        timeout: 30_000,
        env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
      },
    );

  it('exits 2 with the error and the usage on a bad flag', async () => {
    const failure = await run(['--batch-size', '0']).catch((error: { code: number; stderr: string }) => error);

    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('error: batchSize must be an integer') });
    expect((failure as { stderr: string }).stderr).toContain('Usage: npm run lab');
  });

  it('refuses --inspect off loopback in one sentence, exit 1, and starts nothing', async () => {
    const failure = await run(['--inspect=0.0.0.0:9229']).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        '--inspect listens on loopback only (127.0.0.1 or ::1): the inspector runs any code it is sent, so 0.0.0.0 is refused.\n',
    });
  });

  it('words the error and the usage in Japanese with --lang ja', async () => {
    const failure = await run(['--lang', 'ja', '--bogus']).catch((error: { code: number; stderr: string }) => error);

    expect(failure).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('エラー: 不明なオプション --bogus です'),
    });
    expect((failure as { stderr: string }).stderr).toContain('使い方: npm run lab');
  });
});
