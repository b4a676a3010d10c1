/**
 * The send form: a field for each body field of `POST /enqueue` writes the body in the text area
 * (which can also be edited by hand, and fills the fields back); on send, the switches
 * (checkboxes) of the chosen stack always apply.
 */
import { CONSOLE, word } from './console-config';
import { $, fetchJson, JSON_TYPE } from './dom';

const fieldsOf = (stack: string): HTMLInputElement[] => [
  ...document.querySelectorAll<HTMLInputElement>(`[data-stack-fields="${stack}"] [data-field]`),
];

const chosenStack = (): string => $<HTMLSelectElement>('#stack').value;
const bodyArea = (): HTMLTextAreaElement => $<HTMLTextAreaElement>('#body');

function formBody(): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const input of fieldsOf(chosenStack())) {
    const field = input.dataset.field ?? '';
    if (input.type === 'checkbox') body[field] = input.checked;
    else if (input.value.trim() !== '') body[field] = input.type === 'number' ? Number(input.value) : input.value;
  }
  return body;
}

function showFields(): void {
  document.querySelectorAll<HTMLElement>('[data-stack-fields]').forEach((set) => {
    set.hidden = set.dataset.stackFields !== chosenStack();
  });
  bodyArea().value = JSON.stringify(formBody());
}

/** A JSON object from the text area, or undefined. */
function parsedBody(): Record<string, unknown> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyArea().value);
  } catch {
    return undefined;
  }
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** Wires the form: fields to body, body to fields, and the send button. */
export function startSendForm(): void {
  const writeBody = (): void => {
    bodyArea().value = JSON.stringify(formBody());
  };
  $('#stack').addEventListener('change', showFields);
  document.querySelectorAll('[data-field]').forEach((input) => input.addEventListener('input', writeBody));
  document
    .querySelectorAll('[data-field][type=checkbox]')
    .forEach((input) => input.addEventListener('change', writeBody));
  bodyArea().addEventListener('input', () => {
    const body = parsedBody();
    if (body === undefined) return;
    for (const input of fieldsOf(chosenStack())) {
      const value = body[input.dataset.field ?? ''];
      if (input.type === 'checkbox') {
        if (typeof value === 'boolean') input.checked = value;
      } else input.value = value === undefined ? '' : String(value);
    }
  });
  showFields();
  $('#send').addEventListener('click', async () => {
    const body = parsedBody();
    if (body === undefined) {
      $('#send-result').textContent = word('notJson');
      return;
    }
    for (const input of fieldsOf(chosenStack()))
      if (input.type === 'checkbox') body[input.dataset.field ?? ''] = input.checked;
    const answer = await fetchJson<{ error?: string; status?: number; body?: unknown }>(
      `/api/enqueue?lang=${CONSOLE.lang}`,
      { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ stack: chosenStack(), body }) },
    );
    $('#send-result').textContent = answer.error ? answer.error : `${answer.status} ${JSON.stringify(answer.body)}`;
  });
}
