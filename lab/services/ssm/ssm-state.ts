/**
 * The lab's SSM Parameter Store: parameters by name, each with its type, value, version and
 * time. The endpoint (ssm-api.ts) and `AWS::SSM::Parameter` write it; the lab's
 * CloudFormation reads SSM-typed template parameters from it (CDK's `BootstrapVersion`, which
 * `cdk bootstrap` stores at `/cdk-bootstrap/<qualifier>/version`).
 */
import { ParameterAlreadyExistsError, ParameterNotFoundError, SsmValidationError } from './errors';

/** The types of a parameter. */
export const PARAMETER_TYPES = ['String', 'StringList', 'SecureString'] as const;

/** One of {@link PARAMETER_TYPES}. */
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** The tiers a parameter is stored in. */
export const PARAMETER_TIERS = ['Standard', 'Advanced', 'Intelligent-Tiering'] as const;

/** The longest value of each tier (Parameter Store quotas: 4 KB standard, 8 KB advanced). */
export const STANDARD_VALUE_LIMIT = 4096;
export const ADVANCED_VALUE_LIMIT = 8192;

/** How deep a hierarchy may go ("Parameter hierarchies are limited to a maximum depth of fifteen levels"). */
const MAX_DEPTH = 15;

/** A parameter as SSM keeps it. */
export interface SsmParameter {
  readonly name: string;
  readonly type: ParameterType;
  readonly value: string;
  readonly version: number;
  readonly lastModified: Date;
  readonly dataType: string;
  /** `Standard` or `Advanced` (Intelligent-Tiering picks the smaller that fits). */
  readonly tier: 'Standard' | 'Advanced';
  readonly description?: string;
}

/** What a parameter is put with. */
export interface ParameterInput {
  readonly name: string;
  readonly value: string;
  /** Required for a new parameter; an overwrite keeps the old type without one. */
  readonly type?: string;
  readonly overwrite?: boolean;
  readonly description?: string;
  readonly dataType?: string;
  /** One of {@link PARAMETER_TIERS}; `Standard` by default, as SSM's default tier setting is. */
  readonly tier?: string;
}

/**
 * A parameter's name as SSM allows it: letters, digits and `.-_/`, at most 1 011 characters, a
 * path starting with `/` (https://docs.aws.amazon.com/systems-manager/latest/userguide/sysman-paramstore-su-create.html).
 */
const NAME = /^[a-zA-Z0-9_.\-/]{1,1011}$/;

/** Parameters of the lab's account and region. */
export class SsmState {
  private readonly parameters = new Map<string, SsmParameter>();

  constructor(
    private readonly target: { readonly accountId: string; readonly region: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates or (with `overwrite`) replaces a parameter; returns it with its new version. */
  put(input: ParameterInput): SsmParameter {
    checkName(input.name);
    const previous = this.parameters.get(input.name);
    if (previous !== undefined && input.overwrite !== true) throw new ParameterAlreadyExistsError();
    const type = input.type ?? previous?.type;
    if (type === undefined) throw new SsmValidationError('A parameter type is required when you create a parameter.');
    if (!(PARAMETER_TYPES as readonly string[]).includes(type))
      throw new SsmValidationError(
        `1 validation error detected: Value '${type}' at 'type' failed to satisfy constraint: Member must satisfy enum value set: [SecureString, StringList, String]`,
      );
    if (input.value.length === 0)
      throw new SsmValidationError(
        "1 validation error detected: Value '' at 'value' failed to satisfy constraint: Member must have length greater than or equal to 1",
      );
    const tier = tierFor(input.tier ?? 'Standard', input.value.length);
    const parameter: SsmParameter = {
      name: input.name,
      type: type as ParameterType,
      value: input.value,
      version: (previous?.version ?? 0) + 1,
      lastModified: this.now(),
      dataType: input.dataType ?? previous?.dataType ?? 'text',
      tier,
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    this.parameters.set(input.name, parameter);
    return parameter;
  }

  /** The parameter, or `ParameterNotFound`. */
  get(name: string): SsmParameter {
    const parameter = this.parameters.get(name);
    if (parameter === undefined) throw new ParameterNotFoundError(name);
    return parameter;
  }

  /** The parameter's value, or undefined (for the lab's CloudFormation). */
  valueOf(name: string): string | undefined {
    return this.parameters.get(name)?.value;
  }

  /** Deletes the parameter, or `ParameterNotFound`. */
  delete(name: string): void {
    if (!this.parameters.delete(name)) throw new ParameterNotFoundError(name);
  }

  /** The parameter's ARN: `arn:aws:ssm:<region>:<account>:parameter/<name without its leading slash>`. */
  arnOf(name: string): string {
    return `arn:aws:ssm:${this.target.region}:${this.target.accountId}:parameter/${name.replace(/^\//, '')}`;
  }
}

/**
 * Refuses a name SSM refuses: a character outside `a-zA-Z0-9_.-/`, an `aws`/`ssm` prefix, a path
 * that does not start with `/` (`../../etc/passwd`), an empty sub-path, or more than fifteen levels
 * (PutParameter's Name constraints in the API reference).
 */
function checkName(name: string): void {
  if (!NAME.test(name) || /^\/?(aws|ssm)/i.test(name))
    throw new SsmValidationError(
      'Parameter name: can\'t be prefixed with "aws" or "ssm" (case-insensitive). If formed as a path, it can consist of sub-paths divided by slash symbol; each sub-path can be formed as a mix of letters, numbers and the following 3 symbols .-_',
    );
  if (!name.includes('/')) return;
  if (!name.startsWith('/') || name.slice(1).split('/').includes(''))
    throw new SsmValidationError('Parameter name must be a fully qualified name.');
  if (name.split('/').length - 1 > MAX_DEPTH)
    throw new SsmValidationError(`Parameter hierarchies are limited to a maximum depth of ${MAX_DEPTH} levels.`);
}

/** The tier a value of `length` characters is stored in, or the refusal SSM answers. */
function tierFor(asked: string, length: number): 'Standard' | 'Advanced' {
  if (!(PARAMETER_TIERS as readonly string[]).includes(asked))
    throw new SsmValidationError(
      `1 validation error detected: Value '${asked}' at 'tier' failed to satisfy constraint: Member must satisfy enum value set: [Advanced, Intelligent-Tiering, Standard]`,
    );
  if (length > ADVANCED_VALUE_LIMIT)
    throw new SsmValidationError(
      `1 validation error detected: Value at 'value' failed to satisfy constraint: Member must have length less than or equal to ${ADVANCED_VALUE_LIMIT}`,
    );
  if (asked === 'Advanced') return 'Advanced';
  if (length <= STANDARD_VALUE_LIMIT) return 'Standard';
  if (asked === 'Intelligent-Tiering') return 'Advanced';
  throw new SsmValidationError(
    `Standard tier parameters support a maximum parameter value of ${STANDARD_VALUE_LIMIT} characters. To create a larger parameter value, upgrade the parameter to use the advanced-parameter tier.`,
  );
}
