/**
 * The running lab's deploy endpoint, on 127.0.0.1: `npm run lab:deploy` POSTs the CDK context
 * to `/deploy` and reads the stack events back as they happen, one JSON line each, then one
 * line with the outcome. One deploy at a time, as CloudFormation refuses an update while a
 * stack is `UPDATE_IN_PROGRESS`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonRequest } from '../../../common/json-request';
import { serveOnLoopback } from '../../../common/serve-on-loopback';
import { StackOperationFailedError } from '../errors';
import { type DeployNote, mergeNotes } from '../validation/property-coverage';
import type { DeployedStack, StackEvent } from '../engine/deployed-stack';

/** What the endpoint runs for each request. */
export type DeployRunner = (
  context: Readonly<Record<string, string>>,
  onEvent: (event: StackEvent) => void,
) => Promise<readonly DeployedStack[]>;

/** One line of the endpoint's answer. */
export type DeployStreamLine =
  | { readonly event: StackEvent }
  | {
      readonly result: {
        readonly stacks: readonly { readonly stackName: string; readonly status: string }[];
        /** The deploy's lab notes, each once. */
        readonly notes: readonly DeployNote[];
      };
    }
  | {
      readonly error: {
        readonly message: string;
        readonly logicalId?: string;
        readonly reason?: string;
        readonly status?: string;
      };
    };

/** A running endpoint. */
export interface DeployEndpoint {
  readonly url: string;
  stop(): Promise<void>;
}

/** The largest request the endpoint reads: a context of a few names and values. */
export const DEPLOY_MAX_REQUEST_BYTES = 64 * 1024;

/** Starts the endpoint. */
export async function startDeployEndpoint(run: DeployRunner, preferredPort = 0): Promise<DeployEndpoint> {
  let busy = false;
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(`${JSON.stringify(body)}\n`);
    };
    if (request.method !== 'POST' || request.url !== '/deploy') {
      request.resume();
      json(404, { error: { message: 'POST /deploy is the only route' } });
      return;
    }
    // A web page's form or no-cors fetch cannot send this type (the guard also refuses foreign origins).
    if (!isJsonRequest(request)) {
      request.resume();
      json(415, { error: { message: 'POST /deploy takes Content-Type: application/json' } });
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let context: Record<string, string>;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { context?: unknown };
        context = parseContext(body.context);
      } catch (error) {
        json(400, { error: { message: error instanceof Error ? error.message : String(error) } });
        return;
      }
      if (busy) {
        json(409, { error: { message: 'a deploy is in progress; wait for it to finish' } });
        return;
      }
      busy = true;
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const write = (line: DeployStreamLine): void => {
        response.write(`${JSON.stringify(line)}\n`);
      };
      run(context, (event) => write({ event }))
        .then((stacks) =>
          write({
            result: {
              stacks: stacks.map(({ stackName, status }) => ({ stackName, status })),
              notes: mergeNotes(stacks.flatMap((stack) => stack.notes)),
            },
          }),
        )
        .catch((error: unknown) =>
          write({
            error:
              error instanceof StackOperationFailedError
                ? { message: error.message, logicalId: error.logicalId, reason: error.reason, status: error.status }
                : { message: error instanceof Error ? error.message : String(error) },
          }),
        )
        .finally(() => {
          busy = false;
          response.end();
        });
    });
  };
  const server = await serveOnLoopback(handle, {
    name: 'deploy endpoint',
    preferredPort,
    maxBodyBytes: DEPLOY_MAX_REQUEST_BYTES,
    refuse: (response, refusal) => {
      response.writeHead(refusal.status, { 'content-type': 'application/json' });
      response.end(`${JSON.stringify({ error: { message: refusal.message } })}\n`);
    },
  });
  return { url: `${server.origin}/deploy`, stop: () => server.stop() };
}

function parseContext(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError('context must be an object of name → string value');
  const context: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== 'string')
      throw new TypeError(`context ${name} must be a string, got ${JSON.stringify(entry)}`);
    context[name] = entry;
  }
  return context;
}
