/**
 * Custom resources (`Custom::*`, `AWS::CloudFormation::CustomResource`) run for real: the
 * function named by `ServiceToken` gets CloudFormation's request event, and what it PUTs to the
 * event's ResponseURL (`SUCCESS` or `FAILED`, the physical id, `Data` for Fn::GetAtt) decides
 * the outcome. The ResponseURL's host is one the lab's runtime redirects to
 * {@link CustomResourceResponses}, a small HTTP server on loopback.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitRequestTarget } from '../../../common/request-target';
import { type LoopbackServer, serveOnLoopback } from '../../../common/serve-on-loopback';
import type { ResourceProvider } from '../resource-provider';
import type { PropertyCoverage } from '../validation/property-coverage';

/**
 * Custom resources: `ServiceToken` names the handler, `ServiceTimeout` is how long CloudFormation
 * waits for its answer (seconds, default 3600: the AWS::CloudFormation::CustomResource reference),
 * every other key reaches the handler in `ResourceProperties`.
 */
export const CUSTOM_RESOURCE_PROPERTIES: PropertyCoverage = {
  emulated: ['ServiceToken', 'ServiceTimeout'],
  noted: {},
  refused: [],
  passesOtherKeysToHandler: true,
};

/** The host of every ResponseURL the lab hands out (S3's presigned-URL host, as CloudFormation uses). */
export const RESPONSE_URL_HOST = 'cloudformation-custom-resource-response-useast1.s3.amazonaws.com';

/** What a custom resource handler answers. */
interface CustomResourceResponse {
  readonly Status: 'SUCCESS' | 'FAILED';
  readonly Reason?: string;
  readonly PhysicalResourceId?: string;
  readonly Data?: Record<string, unknown>;
}

/** Receives the handlers' answers and hands each to the request waiting for it. */
export class CustomResourceResponses {
  private readonly waiting = new Map<string, (response: CustomResourceResponse) => void>();

  private server: LoopbackServer | undefined;

  private constructor() {}

  /** Starts the receiver on 127.0.0.1. */
  static async start(): Promise<CustomResourceResponses> {
    const responses = new CustomResourceResponses();
    responses.server = await serveOnLoopback((request, response) => responses.receive(request, response), {
      name: 'custom resource response receiver',
      // CloudFormation caps a custom resource response at 4,096 bytes; the lab allows some slack.
      maxBodyBytes: 64 * 1024,
    });
    return responses;
  }

  private receive(request: IncomingMessage, response: ServerResponse): void {
    // A handler answers with a PUT to its presigned ResponseURL (cfn-response, CDK's provider
    // framework); anything else, such as a page's cross-site GET, is no answer.
    if (request.method !== 'PUT') {
      request.resume();
      response.writeHead(405, { allow: 'PUT' });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = splitRequestTarget(request.url).path.slice(1);
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CustomResourceResponse;
        this.waiting.get(id)?.(body);
        this.waiting.delete(id);
        response.statusCode = 200;
      } catch {
        response.statusCode = 400;
      }
      response.end();
    });
  }

  /** Where the runtime sends requests for {@link RESPONSE_URL_HOST}. */
  get target(): { readonly host: string; readonly port: number } {
    return { host: '127.0.0.1', port: this.server?.port ?? 0 };
  }

  /** A fresh ResponseURL and the answer that will arrive on it (or a failure after `timeoutMs`). */
  expect(timeoutMs: number): { url: string; response: Promise<CustomResourceResponse> } {
    const id = randomUUID();
    const response = new Promise<CustomResourceResponse>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ Status: 'FAILED', Reason: 'the custom resource handler sent no response to its ResponseURL' });
      }, timeoutMs);
      timer.unref();
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
    return { url: `https://${RESPONSE_URL_HOST}/${id}`, response };
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}

interface FailedInvocation {
  readonly status: 'error' | 'timeout';
  readonly error: { readonly errorType: string; readonly errorMessage: string };
}

function isFailure(result: unknown): result is FailedInvocation {
  const status = (result as { status?: unknown } | undefined)?.status;
  return status === 'error' || status === 'timeout';
}

function failure(result: FailedInvocation): CustomResourceResponse {
  return {
    Status: 'FAILED',
    Reason: `the handler failed before responding (${result.error.errorType}: ${result.error.errorMessage})`,
  };
}

/** Invokes a function by ARN (the `ServiceToken`) with an event, not waiting for its result. */
export type InvokeByArn = (
  serviceToken: string,
  event: unknown,
) => { readonly timeoutSeconds: number; readonly done: Promise<unknown> };

/** The provider of every custom resource type. */
export function customResourceProvider(options: {
  readonly responses: CustomResourceResponses;
  readonly invoke: InvokeByArn;
  readonly stackId: (stackName: string) => string;
}): ResourceProvider {
  const send = async (
    requestType: 'Create' | 'Update' | 'Delete',
    request: {
      readonly stackName: string;
      readonly logicalId: string;
      readonly resourceType: string;
      readonly properties: Readonly<Record<string, unknown>>;
    },
    extra: { readonly PhysicalResourceId?: string; readonly OldResourceProperties?: unknown },
  ) => {
    const serviceToken = String(request.properties.ServiceToken ?? '');
    const expected = options.responses.expect(Number(request.properties.ServiceTimeout ?? 3600) * 1000);
    const { timeoutSeconds, done } = options.invoke(serviceToken, {
      RequestType: requestType,
      ServiceToken: serviceToken,
      ResponseURL: expected.url,
      StackId: options.stackId(request.stackName),
      RequestId: randomUUID(),
      LogicalResourceId: request.logicalId,
      ResourceType: request.resourceType,
      ResourceProperties: asStrings(request.properties),
      ...extra,
    });
    // CloudFormation listens only to the ResponseURL, and waits an hour for a handler that died
    // before answering; the lab says at once why the handler failed.
    const crashed = done.then(
      (result) => (isFailure(result) ? failure(result) : new Promise<CustomResourceResponse>(() => undefined)),
      (error: unknown) => ({ Status: 'FAILED' as const, Reason: String(error) }),
    );
    let timer: NodeJS.Timeout | undefined;
    const response = await Promise.race([
      expected.response,
      crashed,
      new Promise<CustomResourceResponse>((resolve) => {
        timer = setTimeout(
          () => resolve({ Status: 'FAILED', Reason: `no response within the function's ${timeoutSeconds} s timeout` }),
          timeoutSeconds * 1000 + 5000,
        );
      }),
    ]);
    clearTimeout(timer);
    if (response.Status !== 'SUCCESS')
      throw new Error(
        `Received response status [FAILED] from custom resource. Message returned: ${response.Reason ?? ''}`,
      );
    return response;
  };
  return {
    type: 'Custom::*',
    properties: CUSTOM_RESOURCE_PROPERTIES,
    async create(request) {
      const response = await send('Create', request, {});
      return { physicalId: response.PhysicalResourceId ?? request.logicalId, attributes: response.Data ?? {} };
    },
    async update(request) {
      const response = await send('Update', request, {
        PhysicalResourceId: request.previous.physicalId,
        OldResourceProperties: asStrings(request.previous.properties),
      });
      return {
        physicalId: response.PhysicalResourceId ?? request.previous.physicalId,
        attributes: response.Data ?? {},
      };
    },
    async delete(request) {
      await send('Delete', request, { PhysicalResourceId: request.resource.physicalId });
    },
  };
}

/**
 * Properties as CloudFormation hands them to a custom resource: every number and boolean as a
 * string, inside lists and objects too (a handler reads `"true"`, not `true`; CDK's custom
 * resource handlers, such as its Python bucket-notifications handler, call `.lower()` on them).
 */
function asStrings(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asStrings(inner)]));
  return value;
}
