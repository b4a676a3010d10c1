/**
 * Names that must be unique, as AWS scopes them: a queue, table, function, log group, topic or
 * alarm name once per account and region; an IAM role name and a CloudWatch dashboard name once
 * per account ("All dashboards in your account are global, not region-specific",
 * AWS::CloudWatch::Dashboard reference,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudwatch-dashboard.html;
 * IAM is a global service). Every create the CloudFormation stand-in makes claims the name the
 * template gives the resource, and a second claim from another stack fails as CloudFormation
 * fails it:
 * - owned by a stack in the same region: "<name> already exists in stack <stack ARN>"
 *   (CloudFormation's own check, as aws-samples/eb-php-wordpress#25 shows it);
 * - owned in another region (a global name): the resource handler's answer, for a dashboard
 *   "Dashboard '<name>' already exists" (ACloudGuru/serverless-plugin-aws-alerts#242), for the
 *   registry's handlers "Resource of type '<type>' with identifier '<name>' already exists."
 *   (HandlerErrorCode AlreadyExists, e.g. for AWS::IAM::Role).
 * Generated names (no name in the template) carry a random suffix and never clash.
 */
import { ResourceAlreadyExistsError } from '../errors';

/** Where AWS makes a name unique. */
export type NameScope = 'account' | 'region';

/** The resource types whose template may name them: the property that does, and its scope. */
export const NAMED_RESOURCE_TYPES: Readonly<Record<string, { readonly property: string; readonly scope: NameScope }>> =
  {
    'AWS::CloudWatch::Dashboard': { property: 'DashboardName', scope: 'account' },
    'AWS::IAM::Role': { property: 'RoleName', scope: 'account' },
    'AWS::CloudWatch::Alarm': { property: 'AlarmName', scope: 'region' },
    'AWS::DynamoDB::Table': { property: 'TableName', scope: 'region' },
    'AWS::Lambda::Function': { property: 'FunctionName', scope: 'region' },
    'AWS::Logs::LogGroup': { property: 'LogGroupName', scope: 'region' },
    'AWS::SNS::Topic': { property: 'TopicName', scope: 'region' },
    'AWS::SQS::Queue': { property: 'QueueName', scope: 'region' },
  };

/** The resource holding a name. */
export interface NameOwner {
  readonly accountId: string;
  readonly region: string;
  readonly stackId: string;
  readonly logicalId: string;
}

/** The resource handler's message for a name held in another region. */
function handlerMessage(type: string, name: string): string {
  if (type === 'AWS::CloudWatch::Dashboard') return `Dashboard '${name}' already exists`;
  return `Resource of type '${type}' with identifier '${name}' already exists.`;
}

/** Every name claimed on one lab (its one account), by scope, type and name. */
export class NameRegistry {
  private readonly owners = new Map<string, NameOwner>();

  /** The template's name for a resource of `type`, or undefined (unnamed, or a type without names). */
  static nameOf(type: string, properties: Readonly<Record<string, unknown>>): string | undefined {
    const named = NAMED_RESOURCE_TYPES[type];
    const value = named === undefined ? undefined : properties[named.property];
    return typeof value === 'string' ? value : undefined;
  }

  private key(type: string, name: string, owner: Pick<NameOwner, 'accountId' | 'region'>): string | undefined {
    const named = NAMED_RESOURCE_TYPES[type];
    if (named === undefined) return undefined;
    const where = named.scope === 'account' ? '*' : owner.region;
    return JSON.stringify([owner.accountId, where, type, name]);
  }

  /** Claims the name for `owner`; throws {@link ResourceAlreadyExistsError} when another resource holds it. */
  claim(type: string, name: string, owner: NameOwner): void {
    const key = this.key(type, name, owner);
    if (key === undefined) return;
    const holder = this.owners.get(key);
    if (holder !== undefined && (holder.stackId !== owner.stackId || holder.logicalId !== owner.logicalId)) {
      throw new ResourceAlreadyExistsError(
        holder.region === owner.region
          ? `${name} already exists in stack ${holder.stackId}`
          : handlerMessage(type, name),
      );
    }
    this.owners.set(key, owner);
  }

  /** Releases a name its owner held (the resource was deleted). */
  release(type: string, name: string, owner: NameOwner): void {
    const key = this.key(type, name, owner);
    if (key === undefined) return;
    const holder = this.owners.get(key);
    if (holder?.stackId === owner.stackId && holder.logicalId === owner.logicalId) this.owners.delete(key);
  }
}
