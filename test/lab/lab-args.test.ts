import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseLabArgs, UsageError } from '../../lab';
import { PROJECT_ROOT } from '../../lib/project-root';

describe('parseLabArgs (npm run lab flags)', () => {
  it('defaults to the CDK context defaults', () => {
    expect(parseLabArgs([])).toEqual({
      // A fresh seed each run, printed so that the split can be replayed.
      batchFormation: { mode: 'aws', seed: expect.any(Number) },
      help: false,
      quiet: false,
      watch: false,
      context: {},
      logFormat: 'pretty',
      batchOptions: { batchSize: 10, reportBatchItemFailures: true },
    });
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

  it('passes any other context on to cdk synth, as cdk deploy does', () => {
    expect(parseLabArgs(['-c', 'alarmEmail=me@example.com', '--watch'])).toMatchObject({
      watch: true,
      context: { alarmEmail: 'me@example.com' },
    });
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['-c', 'batchsize=1'], '-c batchsize: context names are case-sensitive; did you mean batchSize?'],
    [['-c', 'batchSize'], 'got "batchSize"'],
    [['-c', 'batchSize=11'], 'batchSize must be an integer from 1 to 10'],
    [['--batch-size', '11'], 'batchSize must be an integer from 1 to 10'],
    [['--batch-size', 'ten'], 'batchSize must be an integer from 1 to 10'],
    [['--report-batch-item-failures', 'yes'], 'reportBatchItemFailures must be true or false'],
    [['extra'], 'extra'],
  ])('refuses %j with a sentence saying why', (argv, message) => {
    expect(() => parseLabArgs(argv)).toThrow(UsageError);
    expect(() => parseLabArgs(argv)).toThrow(message);
  });
});

describe('npm run lab (lab/cli/lab.ts)', () => {
  const run = (args: string[]) =>
    promisify(execFile)(
      join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(PROJECT_ROOT, 'lab', 'cli', 'lab.ts'), ...args],
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
});
