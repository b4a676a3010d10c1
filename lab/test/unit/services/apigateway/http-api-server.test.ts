/**
 * How an HTTP API picks a route (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html):
 * the most specific match wins (a literal over a path variable, a method over ANY, any over a
 * greedy `{proxy+}`), and `$default` takes what no route matches.
 */
import { describe, expect, it } from 'vitest';
import { type HttpRoute, matchRoute } from '#lab/services/apigateway/http-api/http-api-server';

const routes: HttpRoute[] = [
  'GET /pets/dog/1',
  'GET /pets/dog/{id}',
  'ANY /pets/dog/{id}',
  'GET /pets/{proxy+}',
  'ANY /{proxy+}',
  '$default',
].map((routeKey) => ({ routeKey, integration: () => undefined }));

const keyOf = (method: string, path: string) => matchRoute(routes, method, path)?.route.routeKey;

describe('matchRoute', () => {
  it('takes the most specific route, as API Gateway documents with its pets example', () => {
    expect(keyOf('GET', '/pets/dog/1')).toBe('GET /pets/dog/1');
    expect(keyOf('GET', '/pets/dog/2')).toBe('GET /pets/dog/{id}');
    expect(keyOf('POST', '/pets/dog/2')).toBe('ANY /pets/dog/{id}');
    expect(keyOf('GET', '/pets/cat/1')).toBe('GET /pets/{proxy+}');
    expect(keyOf('POST', '/pets/cat/1')).toBe('ANY /{proxy+}');
    expect(keyOf('GET', '/')).toBe('$default');
  });

  it('names path variables, a greedy one with the rest of the path', () => {
    expect(matchRoute(routes, 'GET', '/pets/dog/7')?.parameters).toEqual(new Map([['id', '7']]));
    expect(matchRoute(routes, 'GET', '/pets/cat/a/b')?.parameters).toEqual(new Map([['proxy', 'cat/a/b']]));
    expect(matchRoute(routes.slice(0, 3), 'GET', '/nowhere')).toBeUndefined();
  });
});
