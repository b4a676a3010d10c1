/**
 * The console's send form, described by the app: which stacks it posts to, the route of their API
 * it posts (`POST /<route>`), and a field for each body field, with a hint in each language. The
 * console renders it (`sendFormHtml`) and its browser code (browser/send-form.ts) writes the body
 * from the fields; the console knows no app's body. The tutorial registers its form
 * (experiments/console-send-form.ts); without one, the form offers the lab's stacks and a body to
 * write by hand.
 */
import type { Language, Localized } from '../common/language';

/** One body field, as an input. */
export interface SendFormField {
  readonly name: string;
  readonly input: 'text' | 'number' | 'checkbox';
  /** The initial value: written into a text or number input; a checkbox starts checked when true. */
  readonly value?: string | number | boolean;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number | 'any';
  readonly hint: Localized;
}

/** The fields of one stack's body. */
export interface SendFormStack {
  readonly stackName: string;
  readonly fields: readonly SendFormField[];
}

/** What the app's form posts, and its fields. */
export interface SendForm {
  /** The route of each stack's API the form posts to, after the stage URL (`enqueue`). */
  readonly route: string;
  readonly stacks: readonly SendFormStack[];
  /** The body shown before any field is touched (JSON). */
  readonly body: string;
}

/** A form for stacks the app describes none of: the route `enqueue`, and a body written by hand. */
export function plainSendForm(stackNames: readonly string[]): SendForm {
  return { route: 'enqueue', stacks: stackNames.map((stackName) => ({ stackName, fields: [] })), body: '{}' };
}

/** The form's stack choice, its fieldsets (the first one shown) and its body, as HTML. */
export function sendFormHtml(form: SendForm, language: Language, words: SendFormWords): string {
  const options = form.stacks.map(({ stackName }) => `<option>${escapeHtml(stackName)}</option>`).join('');
  const fieldsets = form.stacks
    .map(
      ({ stackName, fields }, index) =>
        `      <fieldset data-stack-fields="${escapeHtml(stackName)}"${index === 0 ? '' : ' hidden'}>\n${fields
          .map((field) => `        ${fieldHtml(field, language)}`)
          .join('\n')}\n      </fieldset>`,
    )
    .join('\n');
  return `<label>${escapeHtml(words.stack)} <select id="stack">${options}</select></label>
${fieldsets}
      <div class="hint">${escapeHtml(words.bodyHint)}</div>
      <textarea id="body">${escapeHtml(form.body)}</textarea>
      <button id="send">POST /${escapeHtml(form.route)}</button> <span id="send-result" class="muted"></span>`;
}

/** The console's own words around the form. */
export interface SendFormWords {
  readonly stack: string;
  readonly bodyHint: string;
}

function fieldHtml(field: SendFormField, language: Language): string {
  const name = escapeHtml(field.name);
  const hint = `<span class="hint">${escapeHtml(field.hint[language])}</span>`;
  if (field.input === 'checkbox')
    return `<label><input type="checkbox" id="${name}" data-field="${name}"${field.value === true ? ' checked' : ''}> <code>${name}</code> ${hint}</label>`;
  const attributes = [
    field.value === undefined || typeof field.value === 'boolean' ? '' : ` value="${escapeHtml(String(field.value))}"`,
    field.min === undefined ? '' : ` min="${field.min}"`,
    field.max === undefined ? '' : ` max="${field.max}"`,
    field.step === undefined ? '' : ` step="${field.step}"`,
  ].join('');
  return `<label><code>${name}</code> <input type="${field.input}" id="${name}" data-field="${name}"${attributes}> ${hint}</label>`;
}

/** Text safe inside HTML, attribute values included. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
