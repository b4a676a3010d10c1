/**
 * The keywords of a registry schema that bound a value, checked as CloudFormation checks them,
 * in the words and order of its validator: everit-org/json-schema (StringSchemaValidatingVisitor,
 * NumberSchemaValidatingVisitor, ArraySchemaValidatingVisitor) wrapped by
 * aws-cloudformation/cloudformation-resource-schema, whose ValidationException keeps everit's text
 * only for keywords that cannot show the value (`minLength`, `maxLength`, `minItems`, `maxItems`,
 * `uniqueItems`, …) and replaces it for the others (`minimum`, `maximum`, `pattern`, …) with
 * "failed validation constraint for keyword [<keyword>]". Stack events show both, e.g.
 * "#/PolicyEngineId: expected maxLength: 59, actual: 91" beside
 * "#/PolicyEngineId: failed validation constraint for keyword [pattern]", and
 * "#/Rules/4/Statement/RateBasedStatement/Limit: failed validation constraint for keyword [minimum]"
 * (aws-cloudformation/cfn-lint#1446).
 */
import { javaPattern } from './java-pattern';
import type { RegistrySchemaNode } from './registry-schemas';

/** What CloudFormation says for a keyword whose failure could show the value. */
function scrubbed(keyword: string): string {
  return `failed validation constraint for keyword [${keyword}]`;
}

const patterns = new Map<string, RegExp | undefined>();

/** A `pattern` compiled once per process (undefined: Java syntax the lab cannot check). */
function compiled(pattern: string): RegExp | undefined {
  if (!patterns.has(pattern)) patterns.set(pattern, javaPattern(pattern));
  return patterns.get(pattern);
}

/** `minLength`, `maxLength` (in code points, as everit counts) and `pattern` (found anywhere in the value). */
export function stringBoundFailures(node: RegistrySchemaNode, text: string): string[] {
  const failures: string[] = [];
  const length = [...text].length;
  if (node.minLength !== undefined && length < node.minLength)
    failures.push(`expected minLength: ${node.minLength}, actual: ${length}`);
  if (node.maxLength !== undefined && length > node.maxLength)
    failures.push(`expected maxLength: ${node.maxLength}, actual: ${length}`);
  if (node.pattern !== undefined && compiled(node.pattern)?.test(text) === false) failures.push(scrubbed('pattern'));
  return failures;
}

/** `minimum`, `exclusiveMinimum`, `maximum`, `exclusiveMaximum` (draft-07 numbers) and `multipleOf`. */
export function numberBoundFailures(node: RegistrySchemaNode, value: number): string[] {
  const failures: string[] = [];
  if (node.minimum !== undefined && value < node.minimum) failures.push(scrubbed('minimum'));
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum)
    failures.push(scrubbed('exclusiveMinimum'));
  if (node.maximum !== undefined && value > node.maximum) failures.push(scrubbed('maximum'));
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum)
    failures.push(scrubbed('exclusiveMaximum'));
  if (node.multipleOf !== undefined && !Number.isInteger(value / node.multipleOf))
    failures.push(scrubbed('multipleOf'));
  return failures;
}

/** `minItems`, `maxItems` and `uniqueItems` (before the items themselves, as everit visits them). */
export function arrayBoundFailures(node: RegistrySchemaNode, items: readonly unknown[]): string[] {
  const failures: string[] = [];
  if (node.minItems !== undefined && items.length < node.minItems)
    failures.push(`expected minimum item count: ${node.minItems}, found: ${items.length}`);
  if (node.maxItems !== undefined && items.length > node.maxItems)
    failures.push(`expected maximum item count: ${node.maxItems}, found: ${items.length}`);
  if (node.uniqueItems === true && new Set(items.map(canonical)).size < items.length)
    failures.push('array items are not unique');
  return failures;
}

/** A JSON value as text with its keys sorted, so that equal values read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
