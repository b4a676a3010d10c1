/**
 * What the lab's one endpoint (lab-gateway.ts) hands a service, and what the service answers:
 * the request read whole (method, path, query, headers, body), and a status, headers and body.
 * Each service the endpoint serves implements {@link GatewayHandler}; the protocol helpers in
 * protocols/ write the answer in the shape the service's AWS SDK client parses.
 */

/** One request, read whole. */
export interface GatewayRequest {
  readonly method: string;
  /** The path without the query string, percent-decoding left to the service (`/bucket/key%20x`). */
  readonly path: string;
  /** The query string's parameters. */
  readonly query: URLSearchParams;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** The signing region of the request (its SigV4 scope), or the lab's region when unsigned. */
  readonly region: string;
  /** The endpoint's own origin, `http://127.0.0.1:<port>` (for URLs in answers). */
  readonly origin: string;
}

/** One answer. */
export interface GatewayResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** A service behind the endpoint. */
export interface GatewayHandler {
  /**
   * The SigV4 signing name the service's requests carry in their credential scope (`sts`,
   * `cloudformation`, `s3`, `lambda`, `ssm`, `sqs`, `dynamodb`, `logs`, `monitoring`).
   */
  readonly signingName: string;
  /** Answers one request; errors are answered, not thrown (protocols/ writes them). */
  handle(request: GatewayRequest): Promise<GatewayResponse>;
}
