/**
 * The deploy-time switches that are true or false (`-c visibilityManager=true`,
 * `-c eventFilter=true`): `cdk -c` hands over strings and `cdk.json` JSON values, so both are
 * read; anything else stops the synth with a sentence naming the switch and the valid values.
 */
import { describe, expect, it } from 'vitest';
import { parseEventFilterOption } from '#lib/batch-partial-options';
import { InvalidBatchPartialOptionError } from '#lib/errors';
import { parseVisibilityDupOptions } from '#lib/visibility-dup-options';

describe.each([
  ['visibilityManager', (value: unknown) => parseVisibilityDupOptions({ visibilityManager: value }).visibilityManager],
  ['eventFilter', (value: unknown) => parseEventFilterOption({ eventFilter: value })],
])('the %s switch', (name, parse) => {
  it.each([
    [undefined, false],
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
  ])('reads %j as %s', (value, expected) => {
    expect(parse(value)).toBe(expected);
  });

  it.each(['yes', '1', '', 'TRUE', 1, null])('refuses %j with a sentence naming true or false', (value) => {
    expect(() => parse(value)).toThrow(InvalidBatchPartialOptionError);
    expect(() => parse(value)).toThrow(new RegExp(`^${name} must be true or false, got .+\\.$`));
  });

  it('quotes a rejected string, so that an empty one is visible', () => {
    expect(() => parse('')).toThrow(`${name} must be true or false, got "".`);
  });
});
