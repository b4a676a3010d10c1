/**
 * The lab's registry is made from one list (LAB_PROVIDERS), each entry held to what it declares:
 * a provider of a type its entry does not declare, or with another declaration than the entry's,
 * stops the lab instead of drifting from the coverage table.
 */
import { describe, expect, it } from 'vitest';
import { LAB_PROVIDERS, type ProviderInputs } from '#lab/app/lab-providers';
import { ProviderEntryMismatchError, providersOf } from '#lab/app/lab-provider-registry';
import { DEPLOYED_TYPE_COVERAGE } from '#lab/app/deployed-type-coverage';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import type { PropertyCoverage } from '#lab/services/cloudformation/validation/property-coverage';

const COVERAGE: PropertyCoverage = { emulated: ['Name'], noted: {}, refused: [] };
const provider = (type: string, properties: PropertyCoverage = COVERAGE): ResourceProvider => ({
  type,
  properties,
  create: async () => ({ physicalId: 'x', attributes: {} }),
  update: async ({ previous }) => previous,
  delete: async () => undefined,
});
// The entries below make their providers without reading the lab's services.
const NO_INPUTS = {} as ProviderInputs;

describe('providersOf', () => {
  it('makes what each entry declares', () => {
    const made = providersOf([{ coverage: { 'AWS::X::Y': COVERAGE }, make: () => [provider('AWS::X::Y')] }], NO_INPUTS);
    expect(made.map((one) => one.type)).toEqual(['AWS::X::Y']);
  });

  it('refuses an entry that makes a type it does not declare, or with another declaration', () => {
    expect(() =>
      providersOf([{ coverage: { 'AWS::X::Y': COVERAGE }, make: () => [provider('AWS::X::Z')] }], NO_INPUTS),
    ).toThrow(ProviderEntryMismatchError);
    expect(() =>
      providersOf(
        [{ coverage: { 'AWS::X::Y': COVERAGE }, make: () => [provider('AWS::X::Y', { ...COVERAGE })] }],
        NO_INPUTS,
      ),
    ).toThrow('a provider entry declares AWS::X::Y but makes AWS::X::Y, or another declaration');
  });
});

describe('the coverage table', () => {
  it('is read from the same list, each type once', () => {
    const types = LAB_PROVIDERS.flatMap((entry) => Object.keys(entry.coverage));
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(DEPLOYED_TYPE_COVERAGE).sort()).toEqual([...types].sort());
  });
});
