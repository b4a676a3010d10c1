/**
 * `cdk-outputs.local.json`: the lab's endpoints in the shape `cdk deploy --outputs-file`
 * writes (`{"<StackName>": {"<OutputKey>": "<value>"}}`), so the tutorial's commands work
 * against the lab by swapping the file name. One extra top-level key, `LocalLab`, tells the
 * emulator endpoints for the AWS CLI.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { LAB_CREDENTIALS, LAB_REGION } from './common/local-aws';

/** The file name, next to the `cdk-outputs.json` a deploy writes. */
export const LOCAL_OUTPUTS_FILE = 'cdk-outputs.local.json';

/** Key of the lab's own entry in the outputs file. */
export const LOCAL_LAB_KEY = 'LocalLab';

/** What one stack contributes to the file: its resolved CloudFormation outputs. */
export interface StackOutputSource {
  readonly stackName: string;
  readonly outputs: Readonly<Record<string, string>>;
}

/** The whole file. */
export type LabOutputs = Record<string, Record<string, string>>;

/**
 * Builds the outputs object from each deployed stack's outputs, keys kept. An API Gateway URL
 * (`https://<id>.execute-api.<region>.amazonaws.com/<stage>/`) becomes the local stage URL it
 * stands for, so `curl -X POST "${API}enqueue"` reaches the lab.
 */
export function buildLabOutputs(
  stacks: readonly StackOutputSource[],
  localUrls: ReadonlyMap<string, string>,
  endpoints: {
    readonly sqsCliEndpoint: string;
    readonly dynamodbEndpoint: string;
    /** The lab's CloudWatch Logs endpoint (`LocalLab.LogsEndpointUrl`). */
    readonly logsEndpoint?: string;
    /** The lab's one AWS endpoint (`LocalLab.EndpointUrl`). */
    readonly endpointUrl?: string;
  },
): LabOutputs {
  const outputs: LabOutputs = {};
  for (const stack of stacks) {
    outputs[stack.stackName] = Object.fromEntries(
      Object.entries(stack.outputs).map(([key, value]) => [key, localUrls.get(value) ?? value]),
    );
  }
  // AWS_DEFAULT_REGION for the AWS CLI, AWS_REGION for the SDK (npm run experiment -- … --target aws).
  const credentials = `AWS_ACCESS_KEY_ID=${LAB_CREDENTIALS.accessKeyId} AWS_SECRET_ACCESS_KEY=${LAB_CREDENTIALS.secretAccessKey} AWS_DEFAULT_REGION=${LAB_REGION} AWS_REGION=${LAB_REGION}`;
  // With the one endpoint, every AWS CLI and SDK call goes to the lab (AWS_ENDPOINT_URL, SDK v3 and botocore ≥ 1.31).
  const environment =
    endpoints.endpointUrl === undefined ? credentials : `${credentials} AWS_ENDPOINT_URL=${endpoints.endpointUrl}`;
  outputs[LOCAL_LAB_KEY] = {
    SqsEndpointUrl: endpoints.sqsCliEndpoint,
    DynamoDbEndpointUrl: endpoints.dynamodbEndpoint,
    ...(endpoints.logsEndpoint === undefined ? {} : { LogsEndpointUrl: endpoints.logsEndpoint }),
    ...(endpoints.endpointUrl === undefined ? {} : { EndpointUrl: endpoints.endpointUrl }),
    Region: LAB_REGION,
    AwsCliEnvironment: environment,
    AwsCliExample: `${credentials} aws --endpoint-url ${endpoints.sqsCliEndpoint} sqs list-queues`,
  };
  return outputs;
}

/** Writes the outputs as pretty JSON, like the CDK CLI. */
export async function writeLabOutputs(path: string, outputs: LabOutputs): Promise<void> {
  await writeFile(path, `${JSON.stringify(outputs, null, 2)}\n`);
}

/**
 * One entry of a running lab's `LocalLab` key in its outputs file (`EndpointUrl`,
 * `DeployEndpointUrl`), or undefined when there is no such file, key or string entry: how the
 * commands that talk to a running lab find it.
 */
export async function readLocalLabEntry(outputsFile: string, entry: string): Promise<string | undefined> {
  try {
    const outputs = JSON.parse(await readFile(outputsFile, 'utf8')) as Record<string, Record<string, unknown>>;
    const value = outputs[LOCAL_LAB_KEY]?.[entry];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
