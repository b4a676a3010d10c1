/**
 * Nothing silently ignored: every property of a resource type the lab deploys is emulated (the
 * provider acts on it), accepted with a lab note (it changes nothing the lab shows, and the deploy
 * says so, once, in one line), or refused by name (the resource fails with "the lab does not
 * emulate <Type>.<Property>"). Each provider declares its own split beside its code
 * ({@link ResourceProvider.properties}); a unit test holds every declaration to the property list
 * of the registry schema the deploy validates against.
 */
import { type Localized, localizedFrom } from '../../../common/language';
import { MESSAGES } from '../../../locales/messages';
import type { ProviderNoteKey } from '../../../locales/provider-notes-en';
import { UnemulatedPropertyError } from '../errors';

export type { ProviderNoteKey };

/** A lab note in every language the lab speaks, as its locale tables hold it. */
export type LabNote = Localized;

/** The note `key` names, in every language (lab/locales/provider-notes-*.ts). */
export function labNote(key: ProviderNoteKey): LabNote {
  return localizedFrom(MESSAGES, (words) => words.providerNotes[key]);
}

/** How a provider treats each property of its resource type. */
export interface PropertyCoverage {
  /** Properties the provider acts on. */
  readonly emulated: readonly string[];
  /**
   * Properties accepted although they change nothing the lab shows, each with the key of its note
   * (its words are in lab/locales/provider-notes-en.ts and -ja.ts).
   */
  readonly noted: Readonly<Record<string, ProviderNoteKey>>;
  /** Properties that would change what the lab shows, which it does not emulate: the resource fails. */
  readonly refused: readonly string[];
  /**
   * Custom resources: every key beyond the schema's (`ServiceToken`, `ServiceTimeout`) belongs to
   * the handler, which receives it in `ResourceProperties`.
   */
  readonly passesOtherKeysToHandler?: boolean;
}

/** The notes a deploy printed: each note once, with every `<Type>.<Property>` it was printed for. */
export interface DeployNote {
  readonly note: LabNote;
  readonly properties: readonly string[];
}

/**
 * The notes `properties` call for, or {@link UnemulatedPropertyError} for the first property the
 * coverage refuses or does not name.
 */
export function notesFor(
  resourceType: string,
  coverage: PropertyCoverage,
  properties: Readonly<Record<string, unknown>>,
): DeployNote[] {
  const notes: DeployNote[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    if (coverage.emulated.includes(name)) continue;
    const key = Object.hasOwn(coverage.noted, name) ? coverage.noted[name] : undefined;
    if (key !== undefined) {
      notes.push({ note: labNote(key), properties: [`${resourceType}.${name}`] });
      continue;
    }
    if (coverage.passesOtherKeysToHandler === true && !coverage.refused.includes(name)) continue;
    throw new UnemulatedPropertyError(`${resourceType}.${name}`);
  }
  return notes;
}

/** Notes merged by text, each listing every property it covers (sorted), in first-seen order. */
export function mergeNotes(notes: readonly DeployNote[]): DeployNote[] {
  const merged = new Map<string, { note: LabNote; properties: Set<string> }>();
  for (const { note, properties } of notes) {
    const entry = merged.get(note.en) ?? { note, properties: new Set<string>() };
    for (const property of properties) entry.properties.add(property);
    merged.set(note.en, entry);
  }
  return [...merged.values()].map(({ note, properties }) => ({ note, properties: [...properties].sort() }));
}
