/**
 * The lab's API Gateway: its REST APIs by id (apigateway-state.ts; the resource providers write
 * them), the local URL of each deployed stage, and one `stop()` for every stage's server.
 */
import type { HttpApiState, RestApi } from './apigateway-state';

/** The lab's API Gateway: REST APIs by id, and the local URL of each deployed stage. */
export class ApiGatewayService {
  readonly apis = new Map<string, RestApi>();
  /** HTTP APIs (API Gateway v2) by id. */
  readonly httpApis = new Map<string, HttpApiState>();

  /** `https://<id>.execute-api.<region>.amazonaws.com/<stage>/` → the stage's local URL, for outputs. */
  localUrls(region: string): Map<string, string> {
    const urls = new Map<string, string>();
    for (const api of this.apis.values()) {
      for (const [stage, server] of api.stages)
        urls.set(`https://${api.id}.execute-api.${region}.amazonaws.com/${stage}/`, server.url);
    }
    for (const api of this.httpApis.values()) {
      for (const [stage, server] of api.stages) {
        const base = `https://${api.id}.execute-api.${region}.amazonaws.com`;
        urls.set(stage === '$default' ? `${base}/` : `${base}/${stage}/`, server.url);
        if (stage === '$default') urls.set(base, server.url.replace(/\/$/, ''));
      }
    }
    return urls;
  }

  async stop(): Promise<void> {
    await Promise.allSettled(
      [...this.apis.values(), ...this.httpApis.values()].flatMap((api) =>
        [...api.stages.values()].map((s) => s.stop()),
      ),
    );
  }
}
