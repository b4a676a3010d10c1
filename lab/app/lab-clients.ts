/**
 * The lab's own clients on the emulators (provisioning, deletes, `lab.clients`: SDK clients;
 * the mappings' pollers: a JSON-protocol client without the SDK's cost): every call they make
 * is counted under the `lab` call site, and the fault rules that say `where: ['lab']` apply to
 * them, as they do inside the functions' environments.
 */
import { createRequire } from 'node:module';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { type AwsFaultRule, FaultPlan, LAB_CALL_SITE } from '../interceptors/aws-call-faults';
import {
  buildFaultError,
  type InterceptorHooks,
  instrumentClient,
  interceptCall,
} from '../interceptors/aws-call-interceptor';
import type { AwsCallLedger } from '../interceptors/aws-call-ledger';
import { createDynamoDbClient, createSqsClient, type EmulatorEndpoints } from '../emulators/emulators';
import { SqsJsonClient } from '../emulators/sqs-json-client';
import type { SqsCalls } from '../services/sqs/sqs-calls';

/** Loads an SDK package from the lab's own node_modules (for modeled exception classes). */
const requireSdkPackage = createRequire(import.meta.url);

/** The lab's clients, counted and faulted; `destroy()` closes them all. */
export interface LabClients {
  readonly sqs: SQSClient;
  readonly dynamodb: DynamoDBClient;
  /** The mappings' pollers' calls on SQS. */
  readonly sqsCalls: SqsCalls;
  destroy(): void;
}

/** Clients on the emulators, instrumented with the lab's call site of the fault rules and the ledger. */
export function createLabClients(
  endpoints: EmulatorEndpoints,
  calls: { readonly faults: readonly AwsFaultRule[]; readonly seed: number | string; readonly ledger: AwsCallLedger },
): LabClients {
  const sqs = createSqsClient(endpoints);
  const dynamodb = createDynamoDbClient(endpoints);
  const hooks: InterceptorHooks = {
    site: LAB_CALL_SITE,
    plan: new FaultPlan(calls.faults, calls.seed, LAB_CALL_SITE),
    onCall: (call, fault) => {
      calls.ledger.count(LAB_CALL_SITE, call.call);
      if (fault !== undefined) calls.ledger.fault(LAB_CALL_SITE, call.call);
    },
    makeError: (service, error) => buildFaultError(requireSdkPackage, service, error),
  };
  for (const client of [sqs, dynamodb]) instrumentClient(client, hooks);
  const sqsCalls = new SqsJsonClient({
    endpoint: endpoints.sqsEndpoint,
    before: (operation, input) => interceptCall(hooks, 'SQS', operation, input),
  });
  return {
    sqs,
    dynamodb,
    sqsCalls,
    destroy() {
      sqs.destroy();
      dynamodb.destroy();
      sqsCalls.destroy();
    },
  };
}
