/**
 * What a stack create or update submits, read and checked as CloudFormation reads it: the
 * template (TemplateBody up to 51,200 bytes, TemplateURL, or UsePreviousTemplate), the parameter
 * values (UsePreviousValue; unknown and missing ones in AWS's words) and the tags.
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html
 */
import { listParameter } from '../../../gateway/protocols/query-protocol';
import { type ApiCall, templateBodyOf } from './api-context';
import { ApiValidationError, CloudFormationError } from '../errors';
import type { StackRecord, StackTag } from './stack-records';
import { parseTemplateBody } from '../engine/template-body';
import type { Template } from '../engine/template';

/** The template text a create or update submits: TemplateBody, TemplateURL or UsePreviousTemplate. */
export async function submittedTemplate(
  call: ApiCall,
  record: StackRecord | undefined,
): Promise<{ body: string; template: Template }> {
  const body = call.parameters.get('TemplateBody');
  const url = call.parameters.get('TemplateURL');
  const usePrevious = call.parameters.get('UsePreviousTemplate') === 'true';
  if ([body, url].filter((given) => given !== undefined).length + (usePrevious ? 1 : 0) !== 1)
    throw new ApiValidationError('Specify exactly one of TemplateBody, TemplateURL or UsePreviousTemplate.');
  if (body !== undefined && Buffer.byteLength(body) > TEMPLATE_BODY_MAX_BYTES)
    throw new ApiValidationError(
      `1 validation error detected: Value '${body}' at 'templateBody' failed to satisfy constraint: Member must have length less than or equal to ${TEMPLATE_BODY_MAX_BYTES}`,
    );
  let text: string | undefined = body;
  if (url !== undefined) {
    text = await templateAt(call, url);
    if (Buffer.byteLength(text) > TEMPLATE_URL_MAX_BYTES)
      throw new ApiValidationError(`Template may not exceed ${TEMPLATE_URL_MAX_BYTES} bytes in size.`);
  }
  if (usePrevious) {
    text = record === undefined ? undefined : templateBodyOf(call, record);
    if (text === undefined) throw new ApiValidationError('UsePreviousTemplate can only be used on an existing stack.');
  }
  return { body: text ?? '', template: parseTemplateBody(text ?? '') };
}

/**
 * The largest TemplateBody CloudFormation takes (a larger template goes through S3, as the CDK
 * CLI does above 50 KiB); AWS's words from LocalStack's provider (v2/provider.py, CreateChangeSet).
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_CreateChangeSet.html
 */
const TEMPLATE_BODY_MAX_BYTES = 51_200;

/** The largest template CloudFormation reads from S3 (TemplateURL): 1 MB ("AWS CloudFormation quotas"). */
const TEMPLATE_URL_MAX_BYTES = 1_048_576;

/** The text at a TemplateURL; what the reader fails with becomes CloudFormation's "S3 error". */
async function templateAt(call: ApiCall, url: string): Promise<string> {
  try {
    return await call.options.templateFromUrl(url);
  } catch (error) {
    if (error instanceof CloudFormationError) throw error;
    throw new ApiValidationError(`S3 error: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * The parameter values a change set deploys with: given ones, previous ones where
 * `UsePreviousValue` asks, and AWS's words for unknown or missing ones.
 */
export function submittedParameters(
  call: ApiCall,
  template: Template,
  previous: Readonly<Record<string, string>>,
): Record<string, string> {
  const declared = template.Parameters ?? {};
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const item of listParameter(call.parameters, 'Parameters')) {
    if (typeof item !== 'object' || item.ParameterKey === undefined) continue;
    const key = item.ParameterKey;
    if (!(key in declared)) unknown.push(key);
    else if (item.UsePreviousValue === 'true') {
      const value = previous[key];
      if (value !== undefined) values[key] = value;
    } else if (item.ParameterValue !== undefined) values[key] = item.ParameterValue;
  }
  if (unknown.length > 0)
    throw new ApiValidationError(`Parameters: [${unknown.join(', ')}] do not exist in the template`);
  const missing = Object.entries(declared)
    .filter(([key, parameter]) => values[key] === undefined && parameter.Default === undefined)
    .map(([key]) => key);
  if (missing.length > 0) throw new ApiValidationError(`Parameters: [${missing.join(', ')}] must have values`);
  return values;
}

/** The stack's tags from a request (`Tags.member.N.Key/Value`). */
export function submittedTags(call: ApiCall): StackTag[] {
  return listParameter(call.parameters, 'Tags').flatMap((item) =>
    typeof item === 'object' && item.Key !== undefined ? [{ Key: item.Key, Value: item.Value ?? '' }] : [],
  );
}
