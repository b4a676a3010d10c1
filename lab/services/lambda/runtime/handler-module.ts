/**
 * How the Node.js runtime finds a function's handler in its module, and reports an INIT failure:
 * the two pieces of the runtime worker (runtime-worker.ts) that read the function's code.
 */
import type { ErrorDocument } from './runtime-protocol';

/** A handler as the runtime calls it. */
export type Handler = (event: unknown, context: unknown) => unknown;

/**
 * An INIT failure as the Node.js runtime reports it: a module it cannot find is
 * `Runtime.ImportModuleError`, a syntax error `Runtime.UserCodeSyntaxError` (the cause's
 * `name: message` as the message), a handler it cannot find `Runtime.HandlerNotFound`; anything
 * else the code throws while loading keeps its own type.
 */
export function initErrorDocument(error: unknown): ErrorDocument {
  const code = (error as { code?: unknown } | null)?.code;
  const type =
    error instanceof SyntaxError
      ? 'Runtime.UserCodeSyntaxError'
      : code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND'
        ? 'Runtime.ImportModuleError'
        : undefined;
  if (type === undefined || !(error instanceof Error)) return errorDocument(error);
  const message = `${error.name}: ${error.message}`;
  return {
    errorType: type,
    errorMessage: message,
    trace: [`${type}: ${message}`, ...(error.stack ?? '').split('\n').slice(1)],
  };
}

/**
 * The function `handler` names in `module`, as the Node.js runtime resolves it: the part after the
 * file's first dot is a path of exports (`index.main`, `app.handlers.orders`); Lambda's
 * `Runtime.HandlerNotFound` when it names nothing, or not a function.
 */
export function exportedHandler(module: unknown, handler: string): Handler {
  const file = handler.lastIndexOf('/') + 1;
  const dot = handler.indexOf('.', file);
  let value: unknown = module;
  for (const name of (dot < 0 ? 'handler' : handler.slice(dot + 1)).split('.')) {
    value =
      value !== null && (typeof value === 'object' || typeof value === 'function') && Object.hasOwn(value, name)
        ? (value as Record<string, unknown>)[name]
        : undefined;
  }
  if (typeof value === 'function') return value as Handler;
  const error = new Error(`${handler} is ${value === undefined ? 'undefined or not exported' : 'not a function'}`);
  error.name = 'Runtime.HandlerNotFound';
  throw error;
}

/** An error as the runtime's error document: its name as the type (or `fallbackType`), its message and stack. */
export function errorDocument(error: unknown, fallbackType = 'Error'): ErrorDocument {
  if (error instanceof Error) {
    const { runtimeDocument } = error as { runtimeDocument?: unknown };
    return {
      errorType: error.name || fallbackType,
      errorMessage: error.message,
      trace: (error.stack ?? '').split('\n'),
      // The Python bridge's errors carry the Python runtime's document (python/python-shim.cjs).
      ...(typeof runtimeDocument === 'object' && runtimeDocument !== null
        ? { document: runtimeDocument as Record<string, unknown> }
        : {}),
    };
  }
  return { errorType: fallbackType, errorMessage: String(error), trace: [] };
}
