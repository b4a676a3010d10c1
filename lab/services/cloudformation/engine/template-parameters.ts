/**
 * A template's inputs as CloudFormation resolves them before it deploys: the pseudo parameters
 * (`AWS::AccountId`, `AWS::StackId`, …), each parameter's value (given, read from SSM by its
 * default name, or defaulted), and the template's `Rules`, whose assertions must hold.
 */
import { CloudFormationError, TemplateError } from '../errors';
import { type ResolutionContext, resolveValue } from './intrinsic-resolver';
import type { DeployTarget } from './deployed-stack';
import type { Template } from './template';

/** The stack a template's parameters are resolved for, and the values given to it. */
export interface StackParameterInput {
  readonly stackName: string;
  readonly template: Template;
  readonly target: DeployTarget;
  /** Values for template parameters, and for SSM-typed ones (`BootstrapVersion`) by their default name. */
  readonly parameters?: Readonly<Record<string, string>>;
}

/** The pseudo parameters and the template's parameters, given or defaulted; a missing one is a {@link TemplateError}. */
export function templateParameters(options: StackParameterInput, stackId: string): Record<string, unknown> {
  const { target } = options;
  const values: Record<string, unknown> = {
    'AWS::AccountId': target.accountId,
    'AWS::Region': target.region,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': options.stackName,
    'AWS::StackId': stackId,
    'AWS::NotificationARNs': [],
  };
  for (const [name, parameter] of Object.entries(options.template.Parameters ?? {})) {
    const given = options.parameters?.[name];
    if (given !== undefined) values[name] = listTyped(parameter.Type) ? splitList(given) : given;
    else if (parameter.Type.startsWith('AWS::SSM::Parameter::Value<') && typeof parameter.Default === 'string') {
      const stored = options.parameters?.[parameter.Default];
      if (stored === undefined)
        // CloudFormation's words (its ValidationError, quoted in aws-samples/aws-cross-account-cicd-pipeline#40).
        throw new TemplateError(
          `Unable to fetch parameters [${parameter.Default}] from parameter store for this account.`,
        );
      values[name] = stored;
    } else if (parameter.Default !== undefined)
      values[name] =
        listTyped(parameter.Type) && typeof parameter.Default === 'string'
          ? splitList(parameter.Default)
          : parameter.Default;
    else throw new TemplateError(`parameter ${name} has no value and no default`);
  }
  return values;
}

/** `CommaDelimitedList` and `List<…>` parameters resolve to lists. */
function listTyped(type: string): boolean {
  return type === 'CommaDelimitedList' || type.startsWith('List<');
}

/**
 * A list parameter's value: its comma-separated members, each space-trimmed
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/parameters-section-structure.html).
 */
function splitList(value: string): string[] {
  return value.split(',').map((member) => member.trim());
}

/** Checks the template's `Rules` against the parameters, as CloudFormation does before it changes anything. */
export function checkRules(
  template: Template,
  parameters: Record<string, unknown>,
  conditions: Record<string, boolean>,
): void {
  const context: ResolutionContext = {
    template,
    parameters,
    resource: () => undefined,
    condition: (name) => conditions[name] === true,
  };
  for (const [name, rule] of Object.entries(template.Rules ?? {})) {
    if (rule.RuleCondition !== undefined && resolveValue(rule.RuleCondition, context) !== true) continue;
    for (const assertion of rule.Assertions) {
      if (resolveValue(assertion.Assert, context) !== true)
        throw new CloudFormationError(`rule ${name} failed: ${assertion.AssertDescription ?? 'assertion is false'}`);
    }
  }
}
