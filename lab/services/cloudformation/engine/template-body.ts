/**
 * A template as the CloudFormation API receives it, text in JSON or YAML, read into a
 * {@link Template}. YAML may use CloudFormation's short forms (`!Ref`, `!Sub`, `!GetAtt a.b`,
 * …: https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/intrinsic-function-reference.html),
 * read through the `yaml` package's custom tags into their long forms. What is not a template
 * gets CloudFormation's "Template format error" words (LocalStack's aws.validated snapshots,
 * tests/aws/services/cloudformation/api/test_templates.snapshot.json and test_validations.snapshot.json).
 */
import { parse, Scalar, type Tags, type YAMLMap, type YAMLSeq } from 'yaml';
import { deploymentOrder } from './deployment-order';
import { TemplateError } from '../errors';
import type { Template } from './template';

/**
 * CloudFormation's template quotas ("AWS CloudFormation quotas" in the user guide): 500 resources,
 * 200 parameters, 200 outputs, 200 mappings.
 */
export const TEMPLATE_LIMITS = { Resources: 500, Parameters: 200, Outputs: 200, Mappings: 200 } as const;

/**
 * How deep a template's values may nest. CloudFormation states no number; no template a person or
 * the CDK writes comes near it, and the lab's resolver walks values recursively.
 */
export const MAX_TEMPLATE_DEPTH = 100;

/** The functions with a `!Name` short form, and their long names. */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  Ref: 'Ref',
  Condition: 'Condition',
  ...Object.fromEntries(
    [
      'And',
      'Base64',
      'Cidr',
      'Equals',
      'FindInMap',
      'GetAtt',
      'GetAZs',
      'If',
      'ImportValue',
      'Join',
      'Not',
      'Or',
      'Select',
      'Split',
      'Sub',
      'Transform',
      'Contains',
      'ToJsonString',
      'Length',
    ].map((name) => [name, `Fn::${name}`]),
  ),
};

const CLOUDFORMATION_TAGS: Tags = Object.entries(SHORT_FORMS).flatMap(([short, long]) => [
  {
    tag: `!${short}`,
    // `!GetAtt Queue.Arn` is the one scalar form whose long form is a list.
    resolve: (value: string) => ({ [long]: short === 'GetAtt' ? splitAttribute(value) : value }),
  },
  {
    tag: `!${short}`,
    collection: 'seq' as const,
    resolve: (node: YAMLSeq.Parsed | YAMLMap.Parsed) => new Scalar({ [long]: node.toJSON() }),
  },
  {
    tag: `!${short}`,
    collection: 'map' as const,
    resolve: (node: YAMLSeq.Parsed | YAMLMap.Parsed) => new Scalar({ [long]: node.toJSON() }),
  },
]);

function splitAttribute(value: string): string[] {
  const dot = value.indexOf('.');
  return dot < 0 ? [value] : [value.slice(0, dot), value.slice(dot + 1)];
}

/** Reads a template's text (JSON, or YAML with short forms); a {@link TemplateError} in AWS's words if it is none. */
export function parseTemplateBody(text: string): Template {
  const parsed = text.trimStart().startsWith('{') ? parseJson(text) : parseYaml(text);
  return checkTemplate(parsed);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    const where = position === undefined ? '' : ` ${lineAndColumn(text, Number(position))}`;
    throw new TemplateError(`Template format error: JSON not well-formed.${where}`, { cause: error });
  }
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `(line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

function parseYaml(text: string): unknown {
  try {
    return parse(text, { customTags: CLOUDFORMATION_TAGS, prettyErrors: false }) as unknown;
  } catch (error) {
    throw new TemplateError('Template format error: YAML not well-formed.', { cause: error });
  }
}

function checkTemplate(parsed: unknown): Template {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new TemplateError('Template format error: unsupported structure.');
  const resources = (parsed as { Resources?: unknown }).Resources;
  if (resources === undefined || resources === null || typeof resources !== 'object' || Array.isArray(resources))
    throw new TemplateError('Template format error: At least one Resources member must be defined.');
  const entries = Object.entries(resources);
  if (entries.length === 0)
    throw new TemplateError('Template format error: At least one Resources member must be defined.');
  for (const [section, limit] of Object.entries(TEMPLATE_LIMITS)) {
    const members = (parsed as Record<string, unknown>)[section];
    const count = members !== null && typeof members === 'object' ? Object.keys(members).length : 0;
    if (count > limit)
      throw new TemplateError(
        `Template format error: Number of ${section.toLowerCase()}, ${count}, is greater than maximum allowed, ${limit}`,
      );
  }
  checkDepth(parsed);
  for (const [logicalId, resource] of entries) {
    if (resource === null || typeof resource !== 'object' || Array.isArray(resource))
      throw new TemplateError('Template format error: Any Resources member must be an object.');
    if (typeof (resource as { Type?: unknown }).Type !== 'string')
      throw new TemplateError(
        `Template format error: [/Resources/${logicalId}] Every Resources object must contain a Type member.`,
      );
  }
  const template = parsed as Template;
  checkDependencies(template);
  return template;
}

/** Refuses values nested deeper than {@link MAX_TEMPLATE_DEPTH}, walking without recursion. */
function checkDepth(parsed: object): void {
  const stack: [unknown, number][] = [[parsed, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_TEMPLATE_DEPTH)
      throw new TemplateError(
        `Template format error: the template nests values more than ${MAX_TEMPLATE_DEPTH} levels deep; the lab refuses it.`,
      );
    for (const inner of Object.values(value)) stack.push([inner, depth + 1]);
  }
}

/**
 * Refuses a circular dependency (a self-`Ref` included) or a `DependsOn` on no resource when the
 * template is read, as CloudFormation's ValidateTemplate and CreateStack do, in AWS's words
 * ("Circular dependency between resources: [A, B]", "Unresolved resource dependencies [X] in the
 * Resources block of the template"), so a CreateStack fails before it returns a StackId.
 */
function checkDependencies(template: Template): void {
  try {
    deploymentOrder(template.Resources);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const circular = /^circular dependency between resources: (.*)$/.exec(error.message);
    if (circular !== null) {
      const ids = [...new Set((circular[1] ?? '').split(' → '))];
      throw new TemplateError(`Template format error: Circular dependency between resources: [${ids.join(', ')}]`, {
        cause: error,
      });
    }
    const unresolved = /^\S+ depends on (\S+), which is not a resource of the template$/.exec(error.message);
    if (unresolved !== null)
      throw new TemplateError(
        `Template format error: Unresolved resource dependencies [${unresolved[1]}] in the Resources block of the template`,
        { cause: error },
      );
    throw error;
  }
}
