/** The lab's `--inspect[=[host:]port]` reading, shared by every command that opens a debugger on the handlers. */
import { describe, expect, it } from 'vitest';
import { NotLoopbackInspectHostError, parseInspectTarget, withInspectDefault } from '#lab/cli/inspect-args';
import { UsageError } from '#lab/cli/usage-error';

describe('parseInspectTarget (--inspect[=[host:]port])', () => {
  it.each([
    ['9229', { host: '127.0.0.1', port: 9229 }],
    ['9230', { host: '127.0.0.1', port: 9230 }],
    ['0', { host: '127.0.0.1', port: 0 }],
    ['127.0.0.1:9231', { host: '127.0.0.1', port: 9231 }],
    ['127.0.0.2:9229', { host: '127.0.0.2', port: 9229 }],
    ['localhost:9229', { host: '127.0.0.1', port: 9229 }],
    ['[::1]:9229', { host: '::1', port: 9229 }],
  ])('reads %s as a loopback address', (value, target) => {
    expect(parseInspectTarget(value, 'en')).toEqual(target);
  });

  it('is undefined without the flag', () => {
    expect(parseInspectTarget(undefined, 'en')).toBeUndefined();
  });

  it.each(['abc', '70000', '65536', '-1', '9229.5', '', ':9229', '127.0.0.1:', '::1:9229', '127.0.0.1:92x9'])(
    'refuses %j as a usage mistake',
    (value) => {
      expect(() => parseInspectTarget(value, 'en')).toThrow(UsageError);
      expect(() => parseInspectTarget(value, 'en')).toThrow(
        `--inspect takes [host:]port, such as --inspect=9229 or --inspect=127.0.0.1:9230; got "${value}"`,
      );
    },
  );

  it.each([
    ['0.0.0.0:9229', '0.0.0.0'],
    ['192.168.1.20:9229', '192.168.1.20'],
    ['example.com:9229', 'example.com'],
    ['[::]:9229', '::'],
    ['128.0.0.1:9229', '128.0.0.1'],
  ])('refuses %s: off loopback, in one sentence', (value, host) => {
    const refusal = (() => {
      try {
        parseInspectTarget(value, 'en');
      } catch (error) {
        return error;
      }
      return undefined;
    })();

    expect(refusal).toBeInstanceOf(NotLoopbackInspectHostError);
    expect(refusal).not.toBeInstanceOf(UsageError);
    expect((refusal as NotLoopbackInspectHostError).host).toBe(host);
    expect((refusal as Error).message).toBe(
      `--inspect listens on loopback only (127.0.0.1 or ::1): the inspector runs any code it is sent, so ${host} is refused.\n`,
    );
  });

  it('words its refusals in Japanese', () => {
    expect(() => parseInspectTarget('0.0.0.0:9229', 'ja')).toThrow(/ループバック.*0\.0\.0\.0 は受け付けません/);
    expect(() => parseInspectTarget('abc', 'ja')).toThrow(/--inspect は \[host:\]port の形で/);
  });
});

describe('withInspectDefault', () => {
  it("gives a bare --inspect Node's default port and leaves the rest as it is", () => {
    expect(withInspectDefault(['--quiet', '--inspect', '--inspect=9230', 'x'])).toEqual([
      '--quiet',
      '--inspect=9229',
      '--inspect=9230',
      'x',
    ]);
  });
});
