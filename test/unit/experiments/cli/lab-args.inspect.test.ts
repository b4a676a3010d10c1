/** `--inspect` on the tutorial's commands (npm run lab, npm run experiment), read with the lab's inspect-args. */
import { describe, expect, it } from 'vitest';
import { readCommandLine } from '#lab/cli/command-line';
import { NotLoopbackInspectHostError, withInspectDefault } from '#lab/cli/inspect-args';
import { EXPERIMENT_OPTIONS, experimentCommand } from '#experiments/cli/experiment-args';
import { parseLabArgs, UsageError } from '#experiments/cli/lab-args';

describe('--inspect on npm run lab and npm run experiment', () => {
  const experiment = (...argv: string[]) =>
    experimentCommand(readCommandLine(withInspectDefault(argv), EXPERIMENT_OPTIONS, 'en'));

  it('opens no inspector unless asked', () => {
    expect(parseLabArgs([]).inspect).toBeUndefined();
    expect(experiment('no-heartbeat')).toMatchObject({ inspect: undefined });
  });

  it('listens on 127.0.0.1:9229 for a bare --inspect', () => {
    expect(parseLabArgs(['--inspect']).inspect).toEqual({ host: '127.0.0.1', port: 9229 });
    expect(experiment('no-heartbeat', '--inspect')).toMatchObject({ inspect: { host: '127.0.0.1', port: 9229 } });
  });

  it('takes the port after = only, as Node does', () => {
    expect(parseLabArgs(['--inspect=9300']).inspect).toEqual({ host: '127.0.0.1', port: 9300 });
    expect(() => parseLabArgs(['--inspect', '9300'])).toThrow(UsageError);
  });

  it('refuses a host off loopback before anything starts', () => {
    expect(() => parseLabArgs(['--inspect=0.0.0.0:9229'])).toThrow(NotLoopbackInspectHostError);
    expect(() => experiment('no-heartbeat', '--inspect=0.0.0.0')).toThrow(UsageError);
    expect(() => experiment('no-heartbeat', '--inspect=10.0.0.1:9229')).toThrow(NotLoopbackInspectHostError);
  });

  it('refuses --inspect with --target aws: the handlers run in Lambda there', () => {
    expect(() => experiment('no-heartbeat', '--inspect', '--target', 'aws')).toThrow(
      '--inspect debugs the handlers on the lab; on AWS they run in Lambda: leave out --target aws',
    );
  });
});
