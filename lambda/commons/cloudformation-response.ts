/**
 * The answer of a Lambda-backed custom resource: one `PUT` of a JSON body to the request's
 * presigned `ResponseURL`, which is all CloudFormation listens to ("Custom resource response
 * objects", CloudFormation user guide: Status, Reason, PhysicalResourceId, StackId, RequestId,
 * LogicalResourceId, Data). The body must stay under 4096 bytes, so the reason is shortened.
 */
import { request as httpsRequest } from 'node:https';
import type { CloudFormationCustomResourceEvent, CloudFormationCustomResourceResponse } from 'aws-lambda';

/** Longest `Reason` sent: the whole response body is limited to 4096 bytes. */
export const MAX_REASON_LENGTH = 1000;

/** What the handler decided, before the request's ids are added. */
export type CustomResourceOutcome =
  | { readonly status: 'SUCCESS'; readonly physicalResourceId: string; readonly data?: Record<string, unknown> }
  | { readonly status: 'FAILED'; readonly physicalResourceId: string; readonly reason: string };

/** The response body for `event` (ids echoed from the request, reason shortened). */
export function responseBody(
  event: CloudFormationCustomResourceEvent,
  outcome: CustomResourceOutcome,
): CloudFormationCustomResourceResponse {
  const ids = {
    PhysicalResourceId: outcome.physicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  };
  if (outcome.status === 'SUCCESS')
    return { Status: 'SUCCESS', ...ids, ...(outcome.data ? { Data: outcome.data } : {}) };
  const reason =
    outcome.reason.length > MAX_REASON_LENGTH ? `${outcome.reason.slice(0, MAX_REASON_LENGTH - 1)}…` : outcome.reason;
  return { Status: 'FAILED', Reason: reason, ...ids };
}

/** `https.request`'s shape as this module calls it (a test passes a fake). */
export type HttpsRequest = typeof httpsRequest;

/**
 * PUTs the response to `event.ResponseURL` and resolves when the URL answered 2xx.
 * @throws Error naming the status when it did not (the handler logs it; CloudFormation then
 * waits for its own timeout, so this should not happen with a presigned URL).
 */
export async function sendCloudFormationResponse(
  event: CloudFormationCustomResourceEvent,
  outcome: CustomResourceOutcome,
  request: HttpsRequest = httpsRequest,
): Promise<void> {
  const body = JSON.stringify(responseBody(event, outcome));
  const url = new URL(event.ResponseURL);
  await new Promise<void>((resolve, reject) => {
    // An options object with `hostname`, the form the lab redirects to its own response receiver.
    const put = request(
      {
        hostname: url.hostname,
        ...(url.port === '' ? {} : { port: Number(url.port) }),
        path: `${url.pathname}${url.search}`,
        method: 'PUT',
        // The presigned URL is signed for an empty content type.
        headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`the ResponseURL answered HTTP ${status}`));
        });
      },
    );
    put.on('error', reject);
    put.end(body);
  });
}
