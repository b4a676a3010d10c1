/**
 * CloudFormation's property validation: before a resource is created or updated, its resolved
 * properties are checked against the resource type's registry schema: its properties, their
 * types, required ones and enumerations from `@aws-cdk/aws-service-spec` ({@link resourceSchemas}),
 * and the keywords that bound a value (minimum, maximum, length, pattern, item count) from the
 * schemas as AWS publishes them ({@link registrySchemas}, bound-keywords.ts). An unknown
 * property, a value of the wrong type, a value outside an enumeration or a range, a string too
 * long or not matching its pattern, or a missing required property fails the resource with
 * CloudFormation's words, for example
 *
 *   Properties validation failed for resource Queue with message: #/VisibilityTimeout: expected type: Number, found: String
 *   Properties validation failed for resource Mapping with message: #/ScalingConfig/MaximumConcurrency: failed validation constraint for keyword [minimum]
 *
 * The message is the one CloudFormation's schema library builds (everit-org/json-schema, wrapped
 * by aws-cloudformation/cloudformation-resource-schema, whose ValidationException replaces the
 * text of every keyword that could show a value, such as `enum`, by "failed validation
 * constraint for keyword [enum]"); several failures are joined by a space, as in the stack events
 * quoted in aws-cloudformation/cloudformation-coverage-roadmap#1514 and #1005.
 *
 * CloudFormation converts scalars where it can, so the check does too (cfn-lint's
 * docs/cfn-schema-specification.md, "Type checking": "CloudFormation allows types to work
 * interchangeably as long as a conversion can be done (Example: "10" and 10 are equivalent)"):
 * a string property takes a number or a boolean; an integer or number property takes a string
 * that reads as one; a boolean property takes "true" or "false" (cfn-lint's BOOLEAN_STRINGS:
 * also "True" and "False").
 */
import { arrayBoundFailures, numberBoundFailures, stringBoundFailures } from './bound-keywords';
import { type RegistrySchemas, registrySchemas, type SchemaCursor } from './registry-schemas';
import { type ObjectSchema, type ResourceSchemas, resourceSchemas, type SchemaType } from './resource-schemas';

/**
 * The schema custom resources (`Custom::*`, and this type itself, which CDK's `CustomResource`
 * renders by default) are held to; every other key is theirs to define ("Only one property is
 * defined by AWS for a custom resource: ServiceToken. All other properties are defined by the
 * service provider", AWS::CloudFormation::CustomResource reference).
 */
const CUSTOM_RESOURCE_TYPE = 'AWS::CloudFormation::CustomResource';

/** What `tag` (CloudFormation's `Key`/`Value` pair) means. */
const TAG: ObjectSchema = {
  name: 'Tag',
  properties: {
    Key: { type: { type: 'string' }, required: true },
    Value: { type: { type: 'string' }, required: true },
  },
};

const BOOLEAN_STRINGS = new Set(['true', 'false', 'True', 'False']);

/**
 * Every failure of `properties` against `resourceType`'s schema, in CloudFormation's words (an
 * empty list when they are valid, or when the package holds no schema for the type). `bounds`
 * gives the keywords that bound values, where the published schema has the property.
 */
export function propertyFailures(
  resourceType: string,
  properties: Readonly<Record<string, unknown>>,
  schemas: ResourceSchemas = resourceSchemas(),
  bounds: RegistrySchemas = registrySchemas(),
): string[] {
  // CDK's CustomResource renders AWS::CloudFormation::CustomResource with keys of its own, as Custom::* does.
  const custom = resourceType.startsWith('Custom::') || resourceType === CUSTOM_RESOURCE_TYPE;
  const type = custom ? CUSTOM_RESOURCE_TYPE : resourceType;
  const schema = schemas.resource(type);
  if (schema === undefined) return [];
  const failures: string[] = [];
  checkObject(schema, properties, '#', { schemas, failures, open: custom }, bounds.resource(type));
  return failures;
}

interface Walk {
  readonly schemas: ResourceSchemas;
  readonly failures: string[];
  /** Keys outside the schema are allowed (custom resources, at their top level only). */
  readonly open: boolean;
}

/**
 * `value` against an object schema; `at` is the same place in the published registry schema,
 * when it has one, for the bounds of each property.
 */
function checkObject(
  schema: ObjectSchema,
  value: Readonly<Record<string, unknown>>,
  pointer: string,
  walk: Walk,
  at: SchemaCursor | undefined,
): void {
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.required === true && value[name] === undefined)
      walk.failures.push(`${pointer}: required key [${name}] not found`);
  }
  for (const [name, inner] of Object.entries(value)) {
    if (inner === undefined || inner === null) continue;
    const property = schema.properties[name];
    if (property === undefined) {
      if (!walk.open) walk.failures.push(`${pointer}: extraneous key [${name}] is not permitted`);
      continue;
    }
    check(property.type, inner, `${pointer}/${escapePointer(name)}`, { ...walk, open: false }, at?.property(name));
  }
}

/** `value` against `type`; once its type holds, against the bounds `at` holds (everit checks them after the type). */
function check(type: SchemaType, value: unknown, pointer: string, walk: Walk, at: SchemaCursor | undefined): void {
  const fail = (message: string): void => {
    walk.failures.push(`${pointer}: ${message}`);
  };
  const bounded = (failures: readonly string[]): void => failures.forEach(fail);
  switch (type.type) {
    case 'string':
    case 'date-time':
      if (isObject(value) || Array.isArray(value)) return fail(expected('String', value));
      if (type.type === 'string' && type.allowedValues !== undefined && !type.allowedValues.includes(String(value)))
        return fail('failed validation constraint for keyword [enum]');
      if (at !== undefined) bounded(stringBoundFailures(at.node, String(value)));
      return;
    case 'integer': {
      const number = asNumber(value);
      if (number === undefined) return fail(expected('Number', value));
      if (!Number.isInteger(number)) return fail(expected('Integer', value));
      if (type.allowedValues !== undefined && !type.allowedValues.includes(number))
        return fail('failed validation constraint for keyword [enum]');
      if (at !== undefined) bounded(numberBoundFailures(at.node, number));
      return;
    }
    case 'number': {
      const number = asNumber(value);
      if (number === undefined) return fail(expected('Number', value));
      if (at !== undefined) bounded(numberBoundFailures(at.node, number));
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean' && !(typeof value === 'string' && BOOLEAN_STRINGS.has(value)))
        return fail(expected('Boolean', value));
      return;
    case 'json':
      if (!isObject(value) && !Array.isArray(value)) return fail(expected('JSONObject', value));
      return;
    case 'null':
      return;
    case 'tag':
      if (!isObject(value)) return fail(expected('JSONObject', value));
      return checkObject(TAG, value, pointer, walk, at);
    case 'ref':
      if (!isObject(value)) return fail(expected('JSONObject', value));
      return checkObject(walk.schemas.definition(type.reference), value, pointer, walk, at);
    case 'array': {
      if (!Array.isArray(value)) return fail(expected('JSONArray', value));
      if (at !== undefined) bounded(arrayBoundFailures(at.node, value));
      const items = at?.items();
      value.forEach((element, index) => check(type.element, element, `${pointer}/${index}`, walk, items));
      return;
    }
    case 'map':
      if (!isObject(value)) return fail(expected('JSONObject', value));
      for (const [key, element] of Object.entries(value))
        check(type.element, element, `${pointer}/${escapePointer(key)}`, walk, at?.mapValue(key));
      return;
    case 'union': {
      // The members' bounds are not followed: the published schema spells a union its own way.
      const matches = type.types.some((member) => {
        const trial: Walk = { ...walk, failures: [] };
        check(member, value, pointer, trial, undefined);
        return trial.failures.length === 0;
      });
      if (!matches) fail(`no subschema matched out of the total ${type.types.length} subschemas`);
      return;
    }
  }
}

/** everit's type failure: "expected type: Number, found: String" (Java class names of org.json values). */
function expected(name: string, value: unknown): string {
  return `expected type: ${name}, found: ${javaTypeOf(value)}`;
}

function javaTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'JSONArray';
  if (isObject(value)) return 'JSONObject';
  if (typeof value === 'boolean') return 'Boolean';
  // org.json reads a number without a fraction as Integer (or Long) and one with a fraction as BigDecimal.
  if (typeof value === 'number') return Number.isInteger(value) ? 'Integer' : 'BigDecimal';
  return 'String';
}

/** A number, or a string CloudFormation converts to one ("30", "-1.5"); undefined otherwise. */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON Pointer escaping (RFC 6901), as everit writes the path of a failure. */
function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
