/**
 * The "Property validation and coverage" part of lab/docs/fidelity.md (+ .ja.md): what the deploy
 * checks against CloudFormation's registry schemas, and every property of every resource type the
 * lab deploys, marked emulated, noted (with the note a deploy prints) or refused, rendered from
 * the providers' own declarations and the schema packages, so the document cannot drift from them.
 */
import type { Language } from '@sqs-lab/lab';
import { markdownTable } from '@sqs-lab/lab/markdown-table';
import { SCRIPT_MESSAGES } from './locales/messages';
import { DEPLOYED_TYPE_COVERAGE, labNote, mergeNotes, registrySchemas, resourceSchemas } from '@sqs-lab/lab/coverage';

/** The section's lines, in one language. */
export function renderPropertyCoverage(language: Language): string[] {
  const words = SCRIPT_MESSAGES[language].propertyCoverageDoc;
  const schemas = resourceSchemas();
  const registry = registrySchemas();
  const entries = Object.entries(DEPLOYED_TYPE_COVERAGE);
  const unbounded = entries.flatMap(([type]) => {
    const published = registry.resource(type);
    if (published === undefined) return [];
    return Object.keys(schemas.resource(type)?.properties ?? {})
      .filter((property) => published.property(property) === undefined)
      .map((property) => `${type}.${property}`);
  });
  const lines: string[] = [
    words.heading,
    '',
    words.intro({
      version: schemas.version,
      types: schemas.typeCount,
      deployed: entries.length,
      registryVersion: registry.version,
      registryTypes: registry.typeCount,
      unbounded,
    }),
    '',
  ];
  const list = (names: readonly string[]): string => (names.length === 0 ? words.none : [...names].sort().join(', '));
  const rows = entries.map(([type, coverage]) => {
    const emulated = list(coverage.emulated);
    return [
      type,
      coverage.passesOtherKeysToHandler === true ? `${emulated}; ${words.handler}` : emulated,
      list(Object.keys(coverage.noted)),
      list(coverage.refused),
    ];
  });
  lines.push(markdownTable(words.header, rows));
  const notes = mergeNotes(
    entries.flatMap(([type, coverage]) =>
      Object.entries(coverage.noted).map(([property, key]) => ({
        note: labNote(key),
        properties: [`${type}.${property}`],
      })),
    ),
  );
  lines.push('', words.notes, '');
  for (const { note, properties } of notes) lines.push(`- ${properties.join(', ')}: ${note[language]}`);
  lines.push('');
  return lines;
}
