/**
 * The SQS emulator's own port serves SQS only. fauxqs is also an SNS and S3 emulator, routed by
 * path and method on the same listener, and its S3 routes threw on a malformed `x-amz-copy-source`
 * (500 from a request the lab never meant to serve). The lab emulates S3 and SNS itself, so
 * only SQS's JSON protocol reaches fauxqs: a POST with `X-Amz-Target: AmazonSQS.<Action>`, whose
 * path SQS ignores (fauxqs is given `/`). Anything else is refused in SQS's shape.
 */
import type { RequestListener } from 'node:http';
import { sendSqsError } from './errors';

/** `listener` (fauxqs's) behind the SQS-only check. */
export function sqsRequestsOnly(listener: RequestListener): RequestListener {
  return (request, response) => {
    const target = request.headers['x-amz-target'];
    if (request.method === 'POST' && typeof target === 'string' && target.startsWith('AmazonSQS.')) {
      request.url = '/';
      listener(request, response);
      return;
    }
    request.resume();
    sendSqsError(
      response,
      400,
      'UnsupportedOperation',
      'AWS.SimpleQueueService.UnsupportedOperation',
      "The lab's SQS emulator answers SQS's JSON protocol only: a POST with X-Amz-Target: AmazonSQS.<Action>. The lab's one endpoint (LocalLab.EndpointUrl) serves the query protocol and every other service.",
    );
  };
}
