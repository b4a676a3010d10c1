/** The page's small DOM helpers: one element by selector, HTML escaping, the JSON request header. */

/** The element `selector` names; the page's markup has every one the script asks for. */
export function $<T extends HTMLElement = HTMLElement>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (element === null) throw new Error(`the console page has no ${selector}`);
  return element;
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** `text` safe inside HTML text and double-quoted attributes. */
export function escape(text: unknown): string {
  return String(text).replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}

/** The console's writes are JSON: a page on another site cannot send that type without a preflight. */
export const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** `fetch` then the JSON answer. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await fetch(url, init).then((response) => response.json())) as T;
}
