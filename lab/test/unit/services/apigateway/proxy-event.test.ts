/**
 * The REST proxy event keeps whatever names a request sends as its own entries: a header or query
 * parameter named `constructor` or `__proto__` is a header or parameter like any other (it once
 * made the stage answer 500, from `Object.prototype`'s members).
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { toProxyEvent } from '#lab/services/apigateway/proxy-event';

describe('toProxyEvent', () => {
  it('keeps prototype-named headers and query parameters as its own, repeated ones in the multi-value maps', () => {
    const request = {
      method: 'POST',
      url: '/prod/enqueue?constructor=1&constructor=2&__proto__=x',
      httpVersion: '1.1',
      rawHeaders: ['constructor', 'a', 'constructor', 'b', '__proto__', 'p'],
      headers: {},
      socket: { remoteAddress: '127.0.0.1', localPort: 1 },
    } as unknown as IncomingMessage;
    const event = toProxyEvent({
      request,
      body: Buffer.alloc(0),
      route: { apiId: 'api', stage: 'prod', resourcePath: '/enqueue', resourceId: 'r' },
      requestId: 'req-1',
      now: new Date(0),
    });
    expect(Object.hasOwn(event.headers, 'constructor') && event.headers.constructor).toBe('b');
    expect(Object.hasOwn(event.multiValueHeaders, '__proto__')).toBe(true);
    expect(JSON.stringify(event.multiValueHeaders)).toContain('"constructor":["a","b"]');
    expect(JSON.stringify(event.multiValueQueryStringParameters)).toBe('{"constructor":["1","2"],"__proto__":["x"]}');
  });
});
