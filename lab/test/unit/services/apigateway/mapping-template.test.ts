/**
 * The mapping-template subset against API Gateway's reference
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-mapping-template-reference.html):
 * `$input`, `$util` and `$context` as the SQS integration patterns write them, and a refusal by
 * name for what the subset does not run.
 */
import { describe, expect, it } from 'vitest';
import {
  checkMappingTemplate,
  renderMappingTemplate,
  type TemplateInput,
  UnsupportedMappingTemplateError,
} from '#lab/services/apigateway/mapping-template';

const input = (body: string): TemplateInput => ({
  body,
  params: {
    path: new Map([['id', 'p-1']]),
    querystring: new Map([['mode', 'fast']]),
    header: new Map([['x-tenant', 'blue']]),
  },
  context: new Map([['requestId', 'req-1']]),
  stageVariables: new Map(),
});

describe('renderMappingTemplate', () => {
  it('writes the body as SendMessage parameters, URL-encoded as Java encodes (spaces as +)', () => {
    expect(
      renderMappingTemplate('Action=SendMessage&MessageBody=$util.urlEncode($input.body)', input('{"a":"x y&z"}')),
    ).toBe('Action=SendMessage&MessageBody=%7B%22a%22%3A%22x+y%26z%22%7D');
    expect(renderMappingTemplate('MessageBody=$input.body', input('raw'))).toBe('MessageBody=raw');
  });

  it('reads JSON paths, parameters, the context and quoted arguments', () => {
    const body = '{"order":{"id":7,"items":["a","b"]},"note":"it\'s \\"here\\""}';
    expect(renderMappingTemplate("$input.json('$.order')", input(body))).toBe('{"id":7,"items":["a","b"]}');
    expect(renderMappingTemplate("$input.path('$.order.items[1]')", input(body))).toBe('b');
    expect(renderMappingTemplate("$input.path('$').order.id", input(body))).toBe('7');
    expect(
      renderMappingTemplate("${input.params('id')}-$input.params('mode')-$input.params('X-Tenant')", input('')),
    ).toBe('p-1-fast-blue');
    expect(renderMappingTemplate('$context.requestId/$context.nothing/', input(''))).toBe('req-1//');
    expect(renderMappingTemplate('$util.urlEncode("id=$context.requestId")', input(''))).toBe('id%3Dreq-1');
    expect(renderMappingTemplate("$util.escapeJavaScript($input.path('$.note'))", input(body))).toBe(
      'it\\\'s \\"here\\"',
    );
    expect(renderMappingTemplate("$util.base64Encode('hi')", input(''))).toBe('aGk=');
  });

  it('leaves an unknown reference as written, and a quiet one empty, as Velocity does', () => {
    expect(renderMappingTemplate('$nothing and $!nothing.', input(''))).toBe('$nothing and .');
    expect(renderMappingTemplate('price: $5, \\$input.body', input('x'))).toBe('price: $5, $input.body');
  });
});

describe('checkMappingTemplate', () => {
  it.each([
    ['#set($x = 1)', '"#set"'],
    ["#foreach($i in $input.path('$'))$i#end", '"#foreach"'],
    ["$util.parseJsonSomething('x')", '$util.parseJsonSomething'],
    ['$input.bodyish', '$input.bodyish'],
  ])('refuses %s by name', (template, named) => {
    expect(() => checkMappingTemplate(template)).toThrow(UnsupportedMappingTemplateError);
    expect(() => checkMappingTemplate(template)).toThrow(named);
  });

  it('accepts what the subset runs, and a # that starts no directive', () => {
    expect(() =>
      checkMappingTemplate("Action=SendMessage&MessageBody=$util.urlEncode($input.json('$'))&Tag=#1"),
    ).not.toThrow();
  });
});
