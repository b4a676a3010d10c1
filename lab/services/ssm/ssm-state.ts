/**
 * The lab's SSM Parameter Store: parameters by name, each with its type, value, version and
 * time. The endpoint (ssm-service.ts) and `AWS::SSM::Parameter` write it; the lab's
 * CloudFormation reads SSM-typed template parameters from it (CDK's `BootstrapVersion`, which
 * `cdk bootstrap` stores at `/cdk-bootstrap/<qualifier>/version`).
 */
import { ParameterAlreadyExistsError, ParameterNotFoundError, SsmValidationError } from './errors';

/** The types of a parameter. */
export const PARAMETER_TYPES = ['String', 'StringList', 'SecureString'] as const;

/** One of {@link PARAMETER_TYPES}. */
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** A parameter as SSM keeps it. */
export interface SsmParameter {
  readonly name: string;
  readonly type: ParameterType;
  readonly value: string;
  readonly version: number;
  readonly lastModified: Date;
  readonly dataType: string;
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
    if (!NAME.test(input.name) || /^\/?(aws|ssm)/i.test(input.name))
      throw new SsmValidationError(
        'Parameter name: can\'t be prefixed with "aws" or "ssm" (case-insensitive). If formed as a path, it can consist of sub-paths divided by slash symbol; each sub-path can be formed as a mix of letters, numbers and the following 3 symbols .-_',
      );
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
    const parameter: SsmParameter = {
      name: input.name,
      type: type as ParameterType,
      value: input.value,
      version: (previous?.version ?? 0) + 1,
      lastModified: this.now(),
      dataType: input.dataType ?? previous?.dataType ?? 'text',
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
