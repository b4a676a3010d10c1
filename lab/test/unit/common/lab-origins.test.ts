import { describe, expect, it } from 'vitest';
import { extraOriginsFrom, InvalidOriginError, LabOrigins, normalizeOrigin } from '#lab/common/lab-origins';
import { isLoopbackHostname, parseHostHeader } from '#lab/common/request-guard';

describe('LAB_EXTRA_CORS_ALLOWED_ORIGINS', () => {
  it('reads comma-separated origins, normalized as browsers send them', () => {
    const origins = extraOriginsFrom({
      LAB_EXTRA_CORS_ALLOWED_ORIGINS: 'http://localhost:5173, HTTPS://Example.test:443',
    });
    expect(origins).toEqual(['http://localhost:5173', 'https://example.test']);
    expect(extraOriginsFrom({})).toEqual([]);
  });

  it.each(['*', 'null', 'localhost:5173', 'http://localhost:5173/app', 'file:///tmp/page.html'])(
    'refuses %s, which is not an origin',
    (entry) => {
      expect(() => normalizeOrigin(entry)).toThrow(InvalidOriginError);
    },
  );

  it('counts grants, so a second console stopping does not revoke the first one', () => {
    const origins = new LabOrigins();
    const changes: (readonly string[])[] = [];
    origins.onChange((now) => changes.push(now));
    const first = origins.grant('http://127.0.0.1:4000');
    const second = origins.grant('http://127.0.0.1:4000');
    second();
    expect(origins.allows('http://127.0.0.1:4000')).toBe(true);
    first();
    expect(origins.allows('http://127.0.0.1:4000')).toBe(false);
    expect(changes.at(-1)).toEqual([]);
  });
});

describe('loopback host names', () => {
  it.each(['localhost', 'sqs.us-east-1.localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST'])(
    '%s is loopback',
    (name) => {
      expect(isLoopbackHostname(name)).toBe(true);
    },
  );

  it.each([
    'rebind.evil.example',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    '0.0.0.0',
    '10.0.0.1',
    '128.0.0.1',
    '127.0.0.256',
    '[::2]',
  ])('%s is not', (name) => {
    expect(isLoopbackHostname(name)).toBe(false);
  });

  it('splits a Host header into name and port', () => {
    expect(parseHostHeader('[::1]:8080')).toEqual({ hostname: '[::1]', port: 8080 });
    expect(parseHostHeader('localhost')).toEqual({ hostname: 'localhost', port: undefined });
    expect(parseHostHeader('sqs.us-east-1.localhost:4566')).toEqual({
      hostname: 'sqs.us-east-1.localhost',
      port: 4566,
    });
  });
});
