/**
 * The guard's refusals in the error shape of an AWS JSON-protocol service (`__type`, `message`),
 * so the SDK and the AWS CLI raise a named error instead of failing to parse the answer:
 * `AccessDeniedException` for a refused caller (403), and a `RequestEntityTooLarge` type for a
 * body over the limit (413; the lab's naming, as no recording of AWS's body was found), and the
 * service's failure type for a handler that failed (500).
 */
import type { RefusalWriter } from './request-guard';

/** A {@link RefusalWriter} for a JSON-protocol service. */
export function awsJsonRefusal(protocol: {
  /** `application/x-amz-json-1.0` or `-1.1`. */
  readonly contentType: string;
  /** What the service puts before the error name in `__type` (`com.amazon.coral.service#`, or nothing). */
  readonly typePrefix: string;
  /** The service's own name for a server-side failure (500), `InternalFailure` by default. */
  readonly failureType?: string;
}): RefusalWriter {
  return (response, refusal) => {
    const type =
      refusal.status === 413
        ? 'RequestEntityTooLarge'
        : refusal.status === 500
          ? (protocol.failureType ?? 'InternalFailure')
          : 'AccessDeniedException';
    const body = JSON.stringify({ __type: `${protocol.typePrefix}${type}`, message: refusal.message });
    response.writeHead(refusal.status, {
      'content-type': protocol.contentType,
      'content-length': Buffer.byteLength(body),
      'x-amzn-errortype': type,
    });
    response.end(body);
  };
}
