/**
 * What Invoke answers in its body, and what an asynchronous invocation's record carries as its
 * `responsePayload`: the handler's result, or the runtime's error document.
 */
import type { InvocationResult } from './runtime/local-function';

/** What Invoke answers in its body: the handler's result, or the runtime's error document (a timeout's has no trace). */
export function invokeResponsePayload(result: InvocationResult): unknown {
  if (result.status === 'success') return result.payload;
  const { errorType, errorMessage, trace, document } = result.error;
  if (result.status === 'timeout') return { errorType, errorMessage };
  return document ?? { errorType, errorMessage, trace };
}
