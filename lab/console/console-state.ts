/**
 * What the console shows of the lab, as `GET /api/state` and the `state` events send it: each
 * stack's queues (visible, in flight, delayed), its messages in flight, its DLQ's first page, its
 * table's items, its alarms and its SNS topics. A stack the lab views by a queue (lab.stacks) gets
 * all of it; a stack of the app with no queue (topics, functions, a table) gets its table, alarms
 * and topics, so that any app's stacks show.
 */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Lab } from '../lab';
import type { DeployedStack } from '../services/cloudformation/engine/deployed-stack';
import { DLQ_PAGE, type DlqMessage } from './dlq-page';
import type { InFlightTracker } from './in-flight-tracker';
import { topicPaths, type TopicView } from './topic-paths';

/** A queue's counts. */
export interface QueueState {
  readonly role: 'source' | 'dlq';
  /** The queue as the tutorials name it: its construct id (`ShortVTQueue`, `BatchDlq`…). */
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly visible: number;
  readonly inFlight: number;
  readonly delayed: number;
  readonly visibilityTimeoutSeconds: number;
}

/** `GET /api/state`. */
export interface ConsoleState {
  readonly now: number;
  readonly stacks: readonly {
    readonly stackName: string;
    readonly queues: readonly QueueState[];
    readonly inFlight: ReturnType<InFlightTracker['snapshot']>;
    /** The DLQ's first {@link DLQ_PAGE} messages, read from the lab's state (nothing is received). */
    readonly dlqMessages: readonly DlqMessage[];
    /** How many messages the DLQ holds in all (`GET /api/dlq` pages through them). */
    readonly dlqTotal: number;
    /** The idempotency table as the tutorials name it (`IdemTable`), when the stack has one. */
    readonly tableId: string | undefined;
    readonly tableItems: readonly Record<string, unknown>[];
    /**
     * The stack's CloudWatch alarms and their states; `actionFailed` is the alarm history's
     * summary when the last notification was refused ("Failed to execute action …").
     */
    readonly alarms: readonly { readonly alarmName: string; readonly state: string; readonly actionFailed?: string }[];
    /** The stack's SNS topics: their subscriptions, and each latest message's path to them (topic-paths.ts). */
    readonly topics: readonly TopicView[];
  }[];
}

/** How many of a table's items the card shows. */
const TABLE_ITEMS = 50;

/** The resources a queue-less stack's card shows something of: a topic, a table, a function. */
const SHOWN_TYPES = new Set(['AWS::SNS::Topic', 'AWS::DynamoDB::Table', 'AWS::Lambda::Function']);

function hasShownResources(deployed: DeployedStack): boolean {
  return [...deployed.resources.values()].some((resource) => SHOWN_TYPES.has(resource.type));
}

/** What the state is read with. */
export interface ConsoleStateSources {
  readonly documents: DynamoDBDocumentClient;
  readonly tracker: InFlightTracker;
  /** Each stack's main queue's visibility timeout, as last read (the in-flight view's default window). */
  readonly visibilityTimeouts: Map<string, number>;
}

/** The state reader of a console on `lab`, and the DLQ page reader `GET /api/dlq` shares with it. */
export function consoleState(
  lab: Lab,
  { documents, tracker, visibilityTimeouts }: ConsoleStateSources,
): {
  state(): Promise<ConsoleState>;
  dlqPage(dlqUrl: string | undefined, offset: number): Promise<{ total: number; messages: DlqMessage[] }>;
} {
  /** A page of a stack's DLQ, from the emulator's state: no receive, so no receive count grows. */
  const dlqPage = async (
    dlqUrl: string | undefined,
    offset: number,
  ): Promise<{ total: number; messages: DlqMessage[] }> => {
    if (dlqUrl === undefined) return { total: 0, messages: [] };
    const page = await lab.queueContents(dlqUrl, { offset, limit: DLQ_PAGE });
    return {
      total: page.total,
      messages: page.messages.map(({ messageId, body, receiveCount, receiveCountOnArrival }) => ({
        messageId,
        body,
        receiveCount,
        ...(receiveCountOnArrival === undefined ? {} : { receiveCountOnArrival }),
      })),
    };
  };

  /** A table's first items. */
  const scanTable = async (tableName: string): Promise<Record<string, unknown>[]> =>
    (await documents.send(new ScanCommand({ TableName: tableName, Limit: TABLE_ITEMS }))).Items ?? [];
  /** A stack's alarms (named `<stack>-…`), with the summary of a refused notification. */
  const alarmsOf = (stackName: string) =>
    lab
      .alarms()
      .filter((alarm) => alarm.alarmName.startsWith(`${stackName}-`))
      .map(({ alarmName, state, lastAction }) => ({
        alarmName,
        state,
        ...(lastAction === undefined || lastAction.succeeded ? {} : { actionFailed: lastAction.summary }),
      }));

  const state = async (): Promise<ConsoleState> => {
    const stacks = await Promise.all(
      [...lab.stacks.values()].map(async (stack) => {
        const queues: QueueState[] = [];
        for (const [role, url] of [
          ['source', stack.queueUrl],
          ['dlq', stack.dlqUrl],
        ] as const) {
          if (url === undefined) continue;
          const { Attributes = {} } = await lab.clients.sqs.send(
            new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }),
          );
          const queue: QueueState = {
            role,
            id: Object.values(stack.queues).find((provisioned) => provisioned.url === url)?.id ?? '',
            name: url.slice(url.lastIndexOf('/') + 1),
            url,
            visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
            inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0),
            delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
            visibilityTimeoutSeconds: Number(Attributes.VisibilityTimeout ?? 30),
          };
          if (role === 'source') visibilityTimeouts.set(stack.stackName, queue.visibilityTimeoutSeconds);
          queues.push(queue);
        }
        const [tableId, tableName] = Object.entries(stack.tableNames)[0] ?? [];
        const tableItems = tableName === undefined ? [] : await scanTable(tableName);
        return {
          stackName: stack.stackName,
          queues,
          inFlight: tracker.snapshot().filter((message) => message.stackName === stack.stackName),
          ...(await dlqPage(stack.dlqUrl, 0).then(({ total, messages }) => ({
            dlqMessages: messages,
            dlqTotal: total,
          }))),
          tableId,
          tableItems,
          alarms: alarmsOf(stack.stackName),
          topics: topicPaths(lab, stack.stackName),
        };
      }),
    );
    // A stack of the app with no queue (a publisher, an API, a table) still shows its table, alarms and topics.
    const viewed = new Set(lab.stacks.keys());
    const queueless = await Promise.all(
      [...lab.deployed.values()]
        .filter(
          (deployed) =>
            !viewed.has(deployed.stackName) && !deployed.status.startsWith('DELETE') && hasShownResources(deployed),
        )
        .map(async (deployed) => {
          const table = [...deployed.resources].find(([, resource]) => resource.type === 'AWS::DynamoDB::Table');
          return {
            stackName: deployed.stackName,
            queues: [],
            inFlight: [],
            dlqMessages: [],
            dlqTotal: 0,
            tableId: table?.[0],
            tableItems: table === undefined ? [] : await scanTable(table[1].physicalId),
            alarms: alarmsOf(deployed.stackName),
            topics: topicPaths(lab, deployed.stackName),
          };
        }),
    );
    return { now: Date.now(), stacks: [...stacks, ...queueless] };
  };

  return { state, dlqPage };
}
