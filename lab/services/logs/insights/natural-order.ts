/**
 * The order of `sort` (https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax-Sort.html):
 * "an updated version of natural sorting". Ascending, every non-number value comes before every
 * number; non-number values are compared in chunks of consecutive digits and of other
 * characters, the others by Unicode value and the digit chunks by length, then by value. Times
 * compare as numbers. A row without the field comes last (the page does not say; the lab's choice).
 */
import type { QueryValue } from './query-ast';
import { numberOf, textOf } from './expressions';

/** Compares two values in ascending natural order. */
export function naturalCompare(a: QueryValue, b: QueryValue): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== undefined && y !== undefined) return x - y;
  if (x !== undefined) return 1;
  if (y !== undefined) return -1;
  return compareChunks(textOf(a), textOf(b));
}

/** A number, a time, or text of digits only (with one optional point): the values sorted as numbers. */
function numericValue(value: QueryValue): number | undefined {
  if (typeof value === 'number' || value instanceof Date) return numberOf(value);
  if (typeof value !== 'string' || value === '') return undefined;
  let points = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 46) points += 1;
    else if (code < 48 || code > 57) return undefined;
  }
  return points <= 1 ? Number(value) : undefined;
}

function compareChunks(a: string, b: string): number {
  const left = chunks(a);
  const right = chunks(b);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    if (x === y) continue;
    if (isDigit(x) && isDigit(y)) return x.length - y.length || (x < y ? -1 : 1);
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

function chunks(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index <= text.length; index += 1) {
    if (index === text.length || isDigit(text.charAt(index)) !== isDigit(text.charAt(index - 1))) {
      parts.push(text.slice(start, index));
      start = index;
    }
  }
  return parts;
}

function isDigit(text: string): boolean {
  const code = text.charCodeAt(0);
  return code >= 48 && code <= 57;
}
