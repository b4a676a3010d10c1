/**
 * The lab's own SDK clients on the emulators (pollers, provisioning, deletes, `lab.clients`):
 * every call they make is counted under the `lab` call site, and the fault rules that say
 * `where: ['lab']` apply to them, as they do inside the functions' environments.
 */
import { createRequire } from 'node:module';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { type AwsFaultRule, FaultPlan, LAB_CALL_SITE } from '../interceptors/aws-call-faults';
import { buildFaultError, instrumentClient } from '../interceptors/aws-call-interceptor';
import type { AwsCallLedger } from '../interceptors/aws-call-ledger';
import { createDynamoDbClient, createSqsClient, type EmulatorEndpoints } from '../emulators/emulators';

/** Loads an SDK package from the lab's own node_modules (for modeled exception classes). */
const requireSdkPackage = createRequire(import.meta.url);

/** The lab's two clients, counted and faulted; `destroy()` closes both. */
export interface LabClients {
  readonly sqs: SQSClient;
  readonly dynamodb: DynamoDBClient;
  destroy(): void;
}

/** Clients on the emulators, instrumented with the lab's call site of the fault rules and the ledger. */
export function createLabClients(
  endpoints: EmulatorEndpoints,
  calls: { readonly faults: readonly AwsFaultRule[]; readonly seed: number | string; readonly ledger: AwsCallLedger },
): LabClients {
  const sqs = createSqsClient(endpoints);
  const dynamodb = createDynamoDbClient(endpoints);
  const plan = new FaultPlan(calls.faults, calls.seed, LAB_CALL_SITE);
  for (const client of [sqs, dynamodb]) {
    instrumentClient(client, {
      site: LAB_CALL_SITE,
      plan,
      onCall: (call, fault) => {
        calls.ledger.count(LAB_CALL_SITE, call.call);
        if (fault !== undefined) calls.ledger.fault(LAB_CALL_SITE, call.call);
      },
      makeError: (service, error) => buildFaultError(requireSdkPackage, service, error),
    });
  }
  return {
    sqs,
    dynamodb,
    destroy() {
      sqs.destroy();
      dynamodb.destroy();
    },
  };
}
