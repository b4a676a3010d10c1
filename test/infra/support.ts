/**
 * Shared set-up of the template tests: an App with the feature flags of cdk.json (what
 * `cdk synth` uses), logical ids of constructs, and small readers of synthesised JSON.
 */
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { cdkJsonContext } from '#lib/app';

export { cdkJsonContext };

/**
 * An App configured like `cdk synth`. `bundle: false` skips esbuild (for tests that read the
 * construct tree, not the assets).
 */
export function labApp(options: { context?: Record<string, unknown>; bundle?: boolean } = {}): App {
  return new App({
    context: {
      ...cdkJsonContext(),
      ...options.context,
      ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
    },
  });
}

/** The logical id CloudFormation will see for a construct (or its default child). */
export function logicalId(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(construct).getLogicalId(element);
}

/** `map.get(key)`, failing the test with a readable message when the key is absent. */
export function must<T>(map: ReadonlyMap<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`expected ${key} in [${[...map.keys()].join(', ')}]`);
  return value;
}

/** A synthesised resource, loosely typed: tests read only what they assert. */
export interface CfnResourceJson {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string | string[];
  readonly DeletionPolicy?: string;
}

/** All resources of one type, by logical id. */
export function resourcesOfType(template: Template, type: string): Record<string, CfnResourceJson> {
  return template.findResources(type) as Record<string, CfnResourceJson>;
}

/** The IAM statements of every AWS::IAM::Policy attached to the given role. */
export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatementJson[] {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleLogicalId}"`))
    .flatMap(
      (policy) =>
        (policy.Properties?.PolicyDocument as { Statement: PolicyStatementJson[] } | undefined)?.Statement ?? [],
    );
}

/** One statement of a synthesised policy document. */
export interface PolicyStatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

/** A statement's actions as an array, whatever form CloudFormation got. */
export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** `DependsOn` as an array. */
export function dependsOn(resource: CfnResourceJson): string[] {
  const value = resource.DependsOn;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Renders a `Fn::Join` of literals, `Ref`s and `Fn::GetAtt`s as one string, with `${Ref:Id}`
 * and `${Id.Attr}` in place of the intrinsics, so a JSON payload built with tokens can be parsed.
 */
export function renderIntrinsic(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.Ref === 'string') return `\${Ref:${record.Ref}}`;
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return `\${${getAtt.join('.')}}`;
    const join = record['Fn::Join'];
    if (Array.isArray(join) && typeof join[0] === 'string' && Array.isArray(join[1])) {
      return (join[1] as unknown[]).map(renderIntrinsic).join(join[0]);
    }
  }
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

/** Every `Resource` of every AWS::IAM::Policy in the template, flattened. */
export function policyResources(template: Template): unknown[] {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).flatMap((policy) =>
    (
      (policy.Properties?.PolicyDocument as { Statement: { Resource: unknown }[] } | undefined)?.Statement ?? []
    ).flatMap((statement) => (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource])),
  );
}
