/**
 * A REST API method's request validation: with a request validator on the method, API Gateway
 * checks that the required request parameters are present and not blank, and that the body
 * follows the method's model (a JSON Schema draft 4) for the request's content type, or the
 * `$default` model; a failed check answers 400 before the integration is called
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-method-request-validation.html).
 * The schema is compiled by Ajv with its draft-04 dialect when the stage is deployed.
 */
import Ajv04 from 'ajv-draft-04';
import type { ValidateFunction } from 'ajv';

/** A schema API Gateway would not accept as a model: refused when the stage is deployed. */
export class InvalidModelError extends Error {
  override readonly name = 'InvalidModelError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** What the method's validator checks, with what the method declares. */
export interface RequestValidationRules {
  readonly validateBody: boolean;
  readonly validateParameters: boolean;
  /** `method.request.querystring.q` → required (the method's `RequestParameters`). */
  readonly requestParameters: Readonly<Record<string, unknown>>;
  /** Content type → the model's schema (the method's `RequestModels`, resolved). */
  readonly models: ReadonlyMap<string, unknown>;
}

/** The request as the check reads it. */
export interface ValidatedRequest {
  readonly contentType: string;
  readonly body: string;
  readonly path: ReadonlyMap<string, string>;
  readonly querystring: URLSearchParams;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Checks one request: undefined when it passes, else API Gateway's message for the 400. */
export type RequestValidator = (request: ValidatedRequest) => string | undefined;

/** The validator of a method (compiled once, at deploy). */
export function requestValidator(rules: RequestValidationRules): RequestValidator {
  const ajv = new Ajv04({ allErrors: false, strict: false });
  const compiled = new Map<string, ValidateFunction>();
  if (rules.validateBody)
    for (const [contentType, schema] of rules.models) {
      try {
        compiled.set(contentType, ajv.compile(withoutDialect(schema)));
      } catch (error) {
        throw new InvalidModelError(
          `Invalid model specified: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }
  const required = Object.entries(rules.requestParameters)
    .filter(([, value]) => value === true || value === 'true')
    .map(([name]) => /^method\.request\.(path|querystring|header)\.(.+)$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ where: match[1] as 'path' | 'querystring' | 'header', name: match[2] ?? '' }));

  return (request) => {
    if (rules.validateParameters) {
      const missing = required
        .filter(({ where, name }) => {
          const value =
            where === 'path'
              ? request.path.get(name)
              : where === 'querystring'
                ? request.querystring.get(name)
                : request.headers[name.toLowerCase()];
          const text = Array.isArray(value) ? value.join(',') : value;
          return text === undefined || text === null || text.trim() === '';
        })
        .map(({ name }) => name);
      if (missing.length > 0) return `Missing required request parameters: [${missing.join(', ')}]`;
    }
    if (rules.validateBody) {
      const validate = compiled.get(request.contentType) ?? compiled.get('$default');
      if (validate !== undefined) {
        let body: unknown;
        try {
          body = JSON.parse(request.body) as unknown;
        } catch {
          return 'Invalid request body';
        }
        if (!validate(body)) return 'Invalid request body';
      }
    }
    return undefined;
  };
}

/** The schema without its `$schema` (API Gateway's models are draft 4 whatever they say). */
function withoutDialect(schema: unknown): object {
  const parsed = typeof schema === 'string' ? (JSON.parse(schema) as unknown) : schema;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InvalidModelError('Invalid model specified: the schema is not a JSON object');
  const { $schema: _dialect, ...rest } = parsed as Record<string, unknown>;
  return rest;
}
