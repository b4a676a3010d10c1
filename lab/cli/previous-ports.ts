/**
 * The ports a previous `npm run lab` listened on, read from its `cdk-outputs.local.json`, so a
 * restart keeps the same URLs when those ports are free (the queues, the table's items and the
 * logs are new: a restarted lab starts empty).
 */
import { readFileSync } from 'node:fs';
import type { StartLabOptions } from '../lab';
import { LOCAL_LAB_KEY } from '../outputs';

/** The ports found in an outputs file; nothing when there is no (readable) file. */
export function previousPorts(outputsPath: string): {
  readonly lab: NonNullable<StartLabOptions['preferredPorts']>;
  readonly console?: number;
  readonly deploy?: number;
} {
  let outputs: Record<string, Record<string, string>>;
  try {
    outputs = JSON.parse(readFileSync(outputsPath, 'utf8')) as Record<string, Record<string, string>>;
  } catch {
    return { lab: {} };
  }
  const local = outputs[LOCAL_LAB_KEY] ?? {};
  // A stack's APIs are served on a port of their own; its outputs name it in whatever output the
  // app chose (`ApiEndpoint`, `ApiUrl`, …), beside URLs on the lab's own ports (queue URLs).
  const labPorts = new Set(Object.values(local).map((url) => portOf(url)));
  const apis: Record<string, number> = {};
  for (const [stackName, entry] of Object.entries(outputs)) {
    if (stackName === LOCAL_LAB_KEY || typeof entry !== 'object' || entry === null) continue;
    const port = Object.values(entry)
      .map((value) => (typeof value === 'string' ? portOf(value) : undefined))
      .find((candidate) => candidate !== undefined && !labPorts.has(candidate));
    if (port !== undefined) apis[stackName] = port;
  }
  const defined = <T extends object>(value: T): T =>
    Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
  return defined({
    lab: defined({
      sqs: portOf(local.SqsEndpointUrl),
      dynamodb: portOf(local.DynamoDbEndpointUrl),
      logs: portOf(local.LogsEndpointUrl),
      endpoint: portOf(local.EndpointUrl),
      apis,
    }),
    console: portOf(local.ConsoleUrl),
    deploy: portOf(local.DeployEndpointUrl),
  });
}

function portOf(url: string | undefined): number | undefined {
  if (url === undefined) return undefined;
  try {
    const { hostname, port } = new URL(url);
    return hostname === '127.0.0.1' && port !== '' ? Number(port) : undefined;
  } catch {
    return undefined;
  }
}
