/**
 * What every action of the CloudFormation API (cloudformation-api.ts) works with: the service,
 * the stack records, the request's region and parameters; and the small readers they share
 * (a required parameter, a stack by name or id with AWS's "does not exist" words, the
 * template a stack was deployed with).
 */
import type { CloudFormationService } from '../cloudformation-service';
import type { DeployedStack } from '../engine/deployed-stack';
import { ApiValidationError } from '../errors';
import type { StackRecord, StackRecords } from './stack-records';
import { nullMemberMessage } from '../../../common/null-member-message';

/** How the API is built (see {@link cloudFormationApi} in cloudformation-api.ts). */
export interface CloudFormationApiOptions {
  readonly cloudformation: CloudFormationService;
  /**
   * The text of the template at a `TemplateURL`. The lab wires it to its S3 with
   * `templateFromS3(s3ObjectAddress, (bucket, key) => …)` (template-url.ts), reading every S3 URL form.
   */
  templateFromUrl(url: string): Promise<string>;
  /** Each output value as DescribeStacks shows it (the lab maps API Gateway URLs to its loopback stages). */
  localizeOutput?(stackName: string, key: string, value: string): string;
  /** Called when a change set's execution or a stack's deletion ends (successful or not). */
  onStackChanged?(stackName: string, region: string): void;
  /** Events per DescribeStackEvents page (default 100, as AWS pages them). */
  readonly eventsPageSize?: number;
  /** The clock (default `new Date()`). */
  now?(): Date;
}

/** One request to one action. */
export interface ApiCall {
  readonly options: CloudFormationApiOptions;
  readonly records: StackRecords;
  /** The request's signing region: stacks are kept by region. */
  readonly region: string;
  readonly parameters: ReadonlyMap<string, string>;
  now(): Date;
}

/** An action: its result (the `<ActionResult>` content), or undefined for none. */
export type ApiAction = (call: ApiCall) => Promise<Record<string, unknown> | undefined>;

/** A parameter the action needs, or AWS's validation error naming it (`stackName`). */
export function requiredParameter(call: ApiCall, name: string): string {
  const value = call.parameters.get(name);
  if (value === undefined || value === '') throw new ApiValidationError(nullMemberMessage(name));
  return value;
}

/**
 * How an action says a stack does not exist: DescribeStacks, GetTemplate and the resource
 * actions "Stack with id X does not exist"; DescribeStackEvents, CreateChangeSet and
 * UpdateTerminationProtection "Stack [X] does not exist" (LocalStack's aws.validated
 * snapshots: tests/aws/services/cloudformation/api/test_stacks.snapshot.json,
 * test_changesets.snapshot.json, test_templates.snapshot.json).
 */
type MissingStackWords = 'with-id' | 'brackets';

/** The stack `nameOrId` names (by name: live ones; by id: deleted ones too), or a `ValidationError`. */
export function stackOrFail(call: ApiCall, nameOrId: string, words: MissingStackWords): StackRecord {
  const record = call.records.find(call.region, nameOrId);
  if (record !== undefined) return record;
  throw new ApiValidationError(
    words === 'with-id' ? `Stack with id ${nameOrId} does not exist` : `Stack [${nameOrId}] does not exist`,
  );
}

/** The stack as deployed, if the record is the live stack the service holds. */
export function deployedOf(call: ApiCall, record: StackRecord): DeployedStack | undefined {
  const deployed = call.options.cloudformation.state.stacksIn(record.region).get(record.stackName);
  return deployed?.stackId === record.stackId ? deployed : undefined;
}

/** The template text a stack was deployed with: as submitted, or JSON for one the lab deployed itself. */
export function templateBodyOf(call: ApiCall, record: StackRecord): string | undefined {
  if (record.templateBody !== undefined) return record.templateBody;
  const deployed = deployedOf(call, record);
  return deployed === undefined ? undefined : JSON.stringify(deployed.template, undefined, 1);
}

/** A date as the query protocol writes it. */
export function isoDate(date: Date | undefined): string | undefined {
  return date?.toISOString();
}

/** The object without its undefined members (the XML builder would write them as empty elements). */
export function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
