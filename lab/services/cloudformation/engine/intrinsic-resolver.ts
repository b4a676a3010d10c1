/**
 * Resolves CloudFormation's intrinsic functions in a template value: Ref, Fn::GetAtt,
 * Fn::Join, Fn::Sub, Fn::Select, Fn::Split, Fn::If, Fn::Equals, Fn::And, Fn::Or, Fn::Not,
 * Fn::Contains, Condition, Fn::FindInMap, Fn::Base64, Fn::GetAZs, and `AWS::NoValue`, which
 * removes the key or list element it stands in. Pseudo parameters come from the context.
 *
 * Bounded before it allocates: a text an intrinsic makes (Fn::Sub, Fn::Join, Fn::Base64) is
 * measured first and refused above {@link MAX_MADE_VALUE_LENGTH}, so a 655-byte template of
 * nested Fn::Sub, each doubling its text, fails its stack instead of filling the lab's heap.
 * Names a template chooses (`Ref: constructor`) are looked up as the template's own, never an
 * object's prototype's.
 */
import { dictionary, ownProperty } from '../../../common/own-property';
import { TemplateError } from '../errors';
import type { Template } from './template';

/** A deployed resource, as references see it. */
export interface ReferencedResource {
  /** What `Ref` returns. */
  readonly ref: string;
  /** What `Fn::GetAtt` returns, by attribute name. */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** Everything a value may refer to. */
export interface ResolutionContext {
  readonly template: Template;
  /** Pseudo parameters (`AWS::Region`, …) and template parameters, by name. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Deployed resources by logical id; a reference to one not (yet) here is an error. */
  resource(logicalId: string): ReferencedResource | undefined;
  /** The value of a named condition (see {@link evaluateConditions}). */
  condition(name: string): boolean;
  /** The value another stack of the region exports under `name` (`Fn::ImportValue`); undefined when none does. */
  importValue?(name: string): string | undefined;
}

const NO_VALUE = Symbol('AWS::NoValue');

/**
 * The longest text an intrinsic function may make: 1 MiB, the size of the largest template
 * CloudFormation reads (TemplateURL), so no value a template builds is larger than a template.
 */
export const MAX_MADE_VALUE_LENGTH = 1_048_576;

/**
 * The most text all of a template's intrinsic functions may make together, in every resolution
 * of it: 64 MiB. One value is bounded above; this bounds their number (a 1 MB template of 50,000
 * Fn::Sub, each making a megabyte, would otherwise hold 50 GB).
 */
export const MAX_MADE_TEMPLATE_TOTAL = 64 * 1_048_576;

/** Characters made so far for each template object (its resolutions share the total). */
const madeForTemplate = new WeakMap<object, number>();

/** Refuses a text of `length` characters before it is made, alone or with the template's others. */
function checkMadeLength(length: number, where: string, context: ResolutionContext): void {
  if (length > MAX_MADE_VALUE_LENGTH)
    throw new TemplateError(
      `Template error: ${where} would make a value of ${length} characters; the lab refuses values over ${MAX_MADE_VALUE_LENGTH} characters (a template cannot be larger than that).`,
    );
  const total = (madeForTemplate.get(context.template) ?? 0) + length;
  if (total > MAX_MADE_TEMPLATE_TOTAL)
    throw new TemplateError(
      `Template error: the template's intrinsic functions would make more than ${MAX_MADE_TEMPLATE_TOTAL} characters of values in all; the lab refuses it.`,
    );
  madeForTemplate.set(context.template, total);
}

/** Resolves every intrinsic in `value`. */
export function resolveValue(value: unknown, context: ResolutionContext): unknown {
  const resolved = resolve(value, context);
  return resolved === NO_VALUE ? undefined : resolved;
}

/** Evaluates a template's Conditions section (conditions may refer to each other). */
export function evaluateConditions(
  template: Template,
  parameters: Readonly<Record<string, unknown>>,
): Record<string, boolean> {
  const definitions = template.Conditions ?? {};
  const results = dictionary<boolean>();
  const pending = new Set<string>();
  const context: ResolutionContext = {
    template,
    parameters,
    resource: () => undefined,
    condition: (name) => {
      if (Object.hasOwn(results, name)) return results[name] === true;
      if (!Object.hasOwn(definitions, name))
        throw new TemplateError(`condition ${name} is not defined in the template`);
      if (pending.has(name)) throw new TemplateError(`condition ${name} refers to itself`);
      pending.add(name);
      results[name] = toBoolean(resolve(definitions[name], context), `condition ${name}`);
      pending.delete(name);
      return results[name];
    },
  };
  for (const name of Object.keys(definitions)) context.condition(name);
  return results;
}

function resolve(value: unknown, context: ResolutionContext): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => resolve(item, context)).filter((item) => item !== NO_VALUE);
  }
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, argument] = entries[0] as [string, unknown];
    const intrinsic = ownProperty(INTRINSICS, key);
    if (intrinsic !== undefined) return intrinsic(argument, context);
  }
  // A template's keys may be anything, `__proto__` too: kept as keys, never as a prototype.
  const result = dictionary<unknown>();
  for (const [key, inner] of entries) {
    const resolved = resolve(inner, context);
    if (resolved !== NO_VALUE) result[key] = resolved;
  }
  return result;
}

type Intrinsic = (argument: unknown, context: ResolutionContext) => unknown;

/** A `${Name}` in Fn::Sub's text. */
const SUB_VARIABLE = /\$\{([^}]*)\}/g;

const INTRINSICS: Record<string, Intrinsic> = {
  Ref: (argument, context) => {
    const name = expectString(argument, 'Ref');
    if (name === 'AWS::NoValue') return NO_VALUE;
    if (Object.hasOwn(context.parameters, name)) return context.parameters[name];
    const resource = context.resource(name);
    if (resource === undefined)
      throw new TemplateError(`Ref to ${name}, which is not a parameter or a created resource`);
    return resource.ref;
  },
  'Fn::GetAtt': (argument, context) => {
    const [logicalId, attribute] = Array.isArray(argument)
      ? [expectString(argument[0], 'Fn::GetAtt'), expectString(resolve(argument[1], context), 'Fn::GetAtt')]
      : splitOnce(expectString(argument, 'Fn::GetAtt'));
    return getAtt(logicalId, attribute, context);
  },
  // "No export named <name> found": CloudFormation's words for an import nothing exports.
  'Fn::ImportValue': (argument, context) => {
    const name = expectString(resolve(argument, context), 'Fn::ImportValue');
    const value = context.importValue?.(name);
    if (value === undefined) throw new TemplateError(`No export named ${name} found.`);
    return value;
  },
  'Fn::Join': (argument, context) => {
    const [delimiter, list] = expectArray(argument, 'Fn::Join', 2);
    const items = expectArray(resolve(list, context), 'Fn::Join list').map((item) => scalar(item, 'Fn::Join'));
    const separator = expectString(delimiter, 'Fn::Join delimiter');
    checkMadeLength(
      items.reduce((sum, item) => sum + item.length, Math.max(0, items.length - 1) * separator.length),
      'Fn::Join',
      context,
    );
    return items.join(separator);
  },
  'Fn::Sub': (argument, context) => {
    const [text, variables] = Array.isArray(argument) ? [argument[0], argument[1]] : [argument, {}];
    const resolvedVariables = (resolve(variables, context) ?? {}) as Record<string, unknown>;
    const template = expectString(text, 'Fn::Sub');
    const value = (name: string): string => {
      if (name.startsWith('!')) return `\${${name.slice(1)}}`;
      if (Object.hasOwn(resolvedVariables, name)) return scalar(resolvedVariables[name], `Fn::Sub \${${name}}`);
      if (name.includes('.')) {
        const [logicalId, attribute] = splitOnce(name);
        return scalar(getAtt(logicalId, attribute, context), `Fn::Sub \${${name}}`);
      }
      return scalar(INTRINSICS.Ref?.(name, context), `Fn::Sub \${${name}}`);
    };
    // Measured before it is made: each variable's text is read once, then the whole is checked.
    const values = new Map<string, string>();
    let length = template.length;
    for (const [whole, name] of template.matchAll(SUB_VARIABLE)) {
      const text = values.get(name as string) ?? value(name as string);
      values.set(name as string, text);
      length += text.length - whole.length;
    }
    checkMadeLength(length, 'Fn::Sub', context);
    return template.replace(SUB_VARIABLE, (_whole, name: string) => values.get(name) ?? '');
  },
  'Fn::Select': (argument, context) => {
    const [index, list] = expectArray(argument, 'Fn::Select', 2);
    const items = expectArray(resolve(list, context), 'Fn::Select list');
    const position = Number(resolve(index, context));
    if (!Number.isInteger(position) || position < 0 || position >= items.length)
      throw new TemplateError(`Fn::Select index ${String(index)} is outside a list of ${items.length}`);
    return items[position];
  },
  'Fn::Split': (argument, context) => {
    const [delimiter, text] = expectArray(argument, 'Fn::Split', 2);
    return expectString(resolve(text, context), 'Fn::Split').split(expectString(delimiter, 'Fn::Split delimiter'));
  },
  'Fn::If': (argument, context) => {
    const [condition, whenTrue, whenFalse] = expectArray(argument, 'Fn::If', 3);
    return resolve(conditionValue(expectString(condition, 'Fn::If'), context) ? whenTrue : whenFalse, context);
  },
  'Fn::Equals': (argument, context) => {
    const [left, right] = expectArray(argument, 'Fn::Equals', 2);
    return JSON.stringify(resolve(left, context)) === JSON.stringify(resolve(right, context));
  },
  'Fn::And': (argument, context) =>
    expectArray(argument, 'Fn::And').every((item) => toBoolean(resolve(item, context), 'Fn::And')),
  'Fn::Or': (argument, context) =>
    expectArray(argument, 'Fn::Or').some((item) => toBoolean(resolve(item, context), 'Fn::Or')),
  'Fn::Not': (argument, context) => !toBoolean(resolve(expectArray(argument, 'Fn::Not', 1)[0], context), 'Fn::Not'),
  'Fn::Contains': (argument, context) => {
    const [list, item] = expectArray(argument, 'Fn::Contains', 2);
    const wanted = JSON.stringify(resolve(item, context));
    return expectArray(resolve(list, context), 'Fn::Contains list').some((entry) => JSON.stringify(entry) === wanted);
  },
  Condition: (argument, context) => conditionValue(expectString(argument, 'Condition'), context),
  'Fn::FindInMap': (argument, context) => {
    const [map, top, second] = expectArray(resolve(argument, context), 'Fn::FindInMap', 3).map((part) =>
      expectString(part, 'Fn::FindInMap'),
    );
    const mappings = context.template.Mappings ?? {};
    const level = (table: unknown, key: string): unknown =>
      typeof table === 'object' && table !== null && Object.hasOwn(table, key)
        ? (table as Record<string, unknown>)[key]
        : undefined;
    const value = level(level(level(mappings, map as string), top as string), second as string);
    if (value === undefined) throw new TemplateError(`Fn::FindInMap found nothing at ${map}.${top}.${second}`);
    return value;
  },
  'Fn::Base64': (argument, context) => {
    const text = expectString(resolve(argument, context), 'Fn::Base64');
    checkMadeLength(Math.ceil(Buffer.byteLength(text) / 3) * 4, 'Fn::Base64', context);
    return Buffer.from(text).toString('base64');
  },
  'Fn::GetAZs': (argument, context) => {
    const region = expectString(resolve(argument, context), 'Fn::GetAZs') || String(context.parameters['AWS::Region']);
    return ['a', 'b', 'c'].map((zone) => `${region}${zone}`);
  },
};

function getAtt(logicalId: string, attribute: string, context: ResolutionContext): unknown {
  const resource = context.resource(logicalId);
  if (resource === undefined) throw new TemplateError(`Fn::GetAtt ${logicalId}.${attribute}: no such created resource`);
  // Attributes may be a provider's lazy view (`in` asks it), but never Object's members.
  if (!(attribute in resource.attributes) || attribute in Object.prototype)
    throw new TemplateError(
      `Fn::GetAtt ${logicalId}.${attribute}: the resource has no attribute ${attribute} (it has ${Object.keys(resource.attributes).join(', ') || 'none'})`,
    );
  return resource.attributes[attribute];
}

function conditionValue(name: string, context: ResolutionContext): boolean {
  return context.condition(name);
}

function splitOnce(text: string): [string, string] {
  const dot = text.indexOf('.');
  if (dot < 1) throw new TemplateError(`"${text}" is not <LogicalId>.<Attribute>`);
  return [text.slice(0, dot), text.slice(dot + 1)];
}

function expectString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new TemplateError(`${where} expects a string, got ${JSON.stringify(value)}`);
  return value;
}

function expectArray(value: unknown, where: string, length?: number): unknown[] {
  if (!Array.isArray(value) || (length !== undefined && value.length !== length))
    throw new TemplateError(
      `${where} expects a list${length === undefined ? '' : ` of ${length}`}, got ${JSON.stringify(value)}`,
    );
  return value;
}

function scalar(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TemplateError(`${where} needs a string, got ${JSON.stringify(value)}`);
}

function toBoolean(value: unknown, where: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new TemplateError(`${where} needs a boolean, got ${JSON.stringify(value)}`);
}
