/**
 * The three guards side by side on one DynamoDB emulator: each with its own table and its own
 * counted client, so every request is charged to the guard that sent it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmulatorEndpoints } from '@sqs-lab/lab';
import { LAB_CREDENTIALS, LAB_REGION } from '@sqs-lab/lab';
import { type CallCounter, countAwsCalls, createBenchTable } from '@sqs-lab/lab/bench';
import { powertoolsGuard } from './powertools-guard';
import { installAllOldShim } from './all-old-shim';
import type { GuardContender } from './guard-contender';
import { naiveGuardContender } from './naive-guard-contender';
import { projectGuard } from './project-guard';

/** The guards the bench compares, in column order. */
export const CONTENDER_NAMES = ['project', 'naive', 'powertools'] as const;
/** One of {@link CONTENDER_NAMES}. */
export type ContenderName = (typeof CONTENDER_NAMES)[number];

/** One guard with the counter on its client. */
export interface GuardRig {
  readonly name: ContenderName;
  readonly contender: GuardContender;
  readonly counter: CallCounter;
}

/** All three guards, and `close()` for their clients. */
export interface GuardRigs {
  readonly rigs: readonly GuardRig[];
  close(): void;
}

/** How the rigs answer refused writes. */
export interface GuardRigOptions {
  /**
   * Answer failed conditional writes with the old item, as DynamoDB does (dynalite does not):
   * the figures then show what the code sends to AWS.
   */
  readonly allOld: boolean;
}

function dynamoClient(endpoints: EmulatorEndpoints): DynamoDBClient {
  return new DynamoDBClient({ region: LAB_REGION, endpoint: endpoints.dynamodbEndpoint, credentials: LAB_CREDENTIALS });
}

/** Creates a table and a counted client per guard. */
export async function createGuardRigs(endpoints: EmulatorEndpoints, options: GuardRigOptions): Promise<GuardRigs> {
  const reader = dynamoClient(endpoints);
  const clients: DynamoDBClient[] = [reader];
  const rig = async (name: ContenderName, keyAttribute: string): Promise<GuardRig> => {
    const client = dynamoClient(endpoints);
    clients.push(client);
    const tableName = await createBenchTable(reader, `guard-${name}`, keyAttribute);
    if (options.allOld) installAllOldShim(client, reader, keyAttribute);
    const counter = countAwsCalls(client);
    const contender =
      name === 'project'
        ? projectGuard(DynamoDBDocumentClient.from(client), tableName, DynamoDBDocumentClient.from(reader))
        : name === 'naive'
          ? naiveGuardContender(DynamoDBDocumentClient.from(client), tableName)
          : powertoolsGuard(client, tableName);
    return { name, contender, counter };
  };
  const rigs = [await rig('project', 'messageId'), await rig('naive', 'messageId'), await rig('powertools', 'id')];
  return {
    rigs,
    close() {
      for (const client of clients) client.destroy();
    },
  };
}
