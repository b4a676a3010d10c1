/**
 * CloudWatch on the lab's one endpoint (signing name `monitoring`), on the lab's alarms and
 * dashboards (cloudwatch-state.ts): DescribeAlarms, DescribeAlarmHistory, SetAlarmState,
 * GetDashboard, ListDashboards, and GetMetricStatistics and GetMetricData on the SQS metrics the
 * lab reads (metric-readings.ts), in CloudWatch's three protocols: JSON 1.0
 * (`X-Amz-Target: GraniteServiceVersion20100801.<Action>`), what @aws-sdk/client-cloudwatch and
 * the AWS CLI on botocore 1.43 send (botocore's PRIORITY_ORDERED_SUPPORTED_PROTOCOLS puts `json`
 * before `smithy-rpc-v2-cbor`, checked with `aws --debug`); Smithy RPC v2 CBOR
 * (`POST /service/GraniteServiceVersion20100801/operation/<Action>`), which the model lists first,
 * for clients that choose it; and the query protocol (`Action=DescribeAlarms&Version=2010-08-01`),
 * what older CLIs such as Debian's 2.9 send.
 * Timestamps are epoch seconds in JSON, CBOR tag 1 in CBOR, ISO 8601 in XML; errors are written
 * as errors.ts says.
 * Shapes: https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_DescribeAlarms.html
 * and the other actions' pages; raw answers in all protocols recorded against AWS by LocalStack
 * (tests/aws/services/cloudwatch/test_cloudwatch.snapshot.json, TestCloudWatchMultiProtocol).
 */
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { dictionary, ownProperty } from '../../common/own-property';
import type { GatewayHandler, GatewayRequest, GatewayResponse } from '../../gateway/gateway-handler';
import { jsonBody, jsonResponse, jsonTarget } from '../../gateway/protocols/json-protocol';
import { members, queryError, queryParameters, queryResponse } from '../../gateway/protocols/query-protocol';
import { cborBody, cborError, cborResponse, cborTarget } from '../../gateway/protocols/rpc-v2-cbor-protocol';
import type { CloudWatchService } from './cloudwatch-service';
import type { AlarmRecord, AlarmState } from './cloudwatch-state';
import { metricData, metricStatistics } from './metric-readings';
import {
  AlarmNotFoundError,
  CloudWatchError,
  CloudWatchUnsupportedError,
  CloudWatchValidationError,
  DashboardNotFoundError,
  InvalidFormatError,
  InvalidNextTokenError,
} from './errors';
import { nullMemberMessage } from '../../common/null-member-message';

/** CloudWatch's service name in X-Amz-Target and in RPC v2 paths. */
const SERVICE = 'GraniteServiceVersion20100801';
const JSON_CONTENT_TYPE = 'application/x-amz-json-1.0';
const XML_NAMESPACE = 'http://monitoring.amazonaws.com/doc/2010-08-01/';
const STATES: readonly AlarmState[] = ['INSUFFICIENT_DATA', 'ALARM', 'OK'];
/** Members that are timestamps in the inputs the lab reads (epoch seconds in JSON). */
const TIMESTAMP_MEMBERS = new Set(['StartDate', 'EndDate', 'StartTime', 'EndTime']);

type Input = Readonly<Record<string, unknown>>;
type Action = (input: Input) => Promise<Record<string, unknown>>;

/** The CloudWatch handler of the lab's endpoint; `now` is the clock metric readings are stamped with. */
export function cloudWatchApi(cloudwatch: CloudWatchService, now: () => Date = () => new Date()): GatewayHandler {
  const actions = cloudWatchActions(cloudwatch, now);
  return {
    signingName: 'monitoring',
    async handle(request) {
      const rpc = cborTarget(request);
      const protocol: Protocol =
        rpc !== undefined ? 'cbor' : request.headers['x-amz-target'] !== undefined ? 'json' : 'query';
      const queryMode = protocol === 'query' || request.headers['x-amzn-query-mode'] === 'true';
      try {
        const parameters =
          protocol === 'query'
            ? queryParameters(request.body, request.query, (message) => new CloudWatchValidationError(message))
            : undefined;
        const operation = rpc?.operation ?? parameters?.get('Action') ?? jsonTarget(request) ?? '';
        const target =
          protocol === 'query' ? SERVICE : (rpc?.service ?? request.headers['x-amz-target']?.split('.')[0]);
        const action = ownProperty(actions, operation);
        if (target !== SERVICE || action === undefined)
          throw new CloudWatchUnsupportedError(
            `the lab's CloudWatch answers ${Object.keys(actions).join(', ')}, not ${operation || 'a request without an action'}`,
          );
        const input =
          parameters !== undefined
            ? queryInput(parameters)
            : protocol === 'cbor'
              ? cborBody(request)
              : jsonInput(request);
        if (input === undefined) throw new CloudWatchUnsupportedError(`the request body is not a ${protocol} map`);
        const output = await action(input);
        if (protocol === 'query') return queryResponse(operation, XML_NAMESPACE, toQuery(output));
        return protocol === 'cbor' ? cborResponse(output) : jsonResponse(toJson(output), 200, JSON_CONTENT_TYPE);
      } catch (error) {
        if (!(error instanceof CloudWatchError)) throw error;
        return errorAnswer(error, protocol, queryMode);
      }
    },
  };
}

type Protocol = 'json' | 'cbor' | 'query';

function errorAnswer(error: CloudWatchError, protocol: Protocol, queryMode: boolean): GatewayResponse {
  // Without query mode, RPC v2 and JSON answer every client error with 400 (as recorded).
  const status = queryMode || error.statusCode >= 500 ? error.statusCode : 400;
  if (protocol === 'query') return queryError(error.code, error.message, status, XML_NAMESPACE);
  const headers = { 'x-amzn-query-error': `${error.code};${status >= 500 ? 'Receiver' : 'Sender'}` };
  const message = error.message === '' ? undefined : error.message;
  if (protocol === 'cbor') return cborError(error.type, message, status, headers);
  return jsonResponse(
    message === undefined ? { __type: error.type } : { __type: error.type, message },
    status,
    JSON_CONTENT_TYPE,
    headers,
  );
}

/** A JSON body with its timestamp members (epoch seconds) as Dates. */
function jsonInput(request: GatewayRequest): Record<string, unknown> | undefined {
  const body = jsonBody(request);
  if (body === undefined) return undefined;
  for (const member of TIMESTAMP_MEMBERS)
    if (typeof body[member] === 'number') body[member] = new Date(body[member] * 1000);
  return body;
}

/**
 * A query request's members as the JSON protocols would carry them: `A.B=…` as nested maps,
 * `X.member.N` as lists (`MetricDataQueries.member.1.MetricStat.Metric.Dimensions.member.1.Name`),
 * the timestamp members (ISO 8601) as Dates.
 */
function queryInput(parameters: ReadonlyMap<string, string>): Record<string, unknown> {
  // Keys are the request's words: `__proto__.x=1` must make a member, never touch a prototype.
  const root = dictionary<unknown>();
  for (const [key, value] of parameters) {
    if (key === 'Action' || key === 'Version') continue;
    const path = key.split('.');
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) node[part] = value;
      else {
        const inner = node[part];
        node =
          typeof inner === 'object' && inner !== null
            ? (inner as Record<string, unknown>)
            : (node[part] = dictionary());
      }
    }
  }
  const input = asLists(root) as Record<string, unknown>;
  for (const member of TIMESTAMP_MEMBERS)
    if (typeof input[member] === 'string') input[member] = new Date(input[member]);
  return input;
}

/** `{ member: { 1: a, 2: b } }` → `[a, b]`, through the tree. */
function asLists(node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  if (entries.length === 1 && entries[0]?.[0] === 'member' && typeof entries[0][1] === 'object')
    return Object.entries(entries[0][1] as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => asLists(item));
  return Object.fromEntries(entries.map(([key, inner]) => [key, asLists(inner)]));
}

/** The XML builder's object: lists as `member` elements, Dates in ISO 8601. */
function toQuery<T>(value: T): T {
  if (value instanceof Date) return value.toISOString() as T;
  if (Array.isArray(value)) return members(value.map(toQuery)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toQuery(inner)])) as T;
}

/** Dates as epoch seconds, through maps and lists. */
function toJson(value: unknown): unknown {
  if (value instanceof Date) return value.getTime() / 1000;
  if (Array.isArray(value)) return value.map(toJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJson(inner)]));
}

/** The actions, protocol aside: plain inputs in, plain outputs (Dates for timestamps) out. */
function cloudWatchActions(cloudwatch: CloudWatchService, now: () => Date): Readonly<Record<string, Action>> {
  const { state, alarms } = cloudwatch;
  const read = alarms.readMetric.bind(alarms);
  return {
    GetMetricStatistics: (input) => metricStatistics(input, read, now()),
    GetMetricData: (input) => metricData(input, read, now()),
    DescribeAlarms: async (input) => {
      const names = optionalStrings(input, 'AlarmNames');
      const prefix = optionalString(input, 'AlarmNamePrefix');
      const stateValue = optionalState(input);
      const actionPrefix = optionalString(input, 'ActionPrefix');
      const types = optionalStrings(input, 'AlarmTypes');
      const matching = [...state.alarms.values()]
        .filter(({ definition }) => names === undefined || names.includes(definition.alarmName))
        .filter(({ definition }) => prefix === undefined || definition.alarmName.startsWith(prefix))
        .filter((alarm) => stateValue === undefined || alarm.state === stateValue)
        .filter(
          ({ definition }) =>
            actionPrefix === undefined ||
            [...definition.alarmActions, ...definition.okActions].some((action) => action.startsWith(actionPrefix)),
        )
        // Without AlarmTypes only metric alarms are listed; the lab has no composite alarms.
        .filter(() => types === undefined || types.includes('MetricAlarm'))
        .sort((a, b) => a.definition.alarmName.localeCompare(b.definition.alarmName));
      const page = paged(matching, input, 50, 100);
      return { MetricAlarms: page.items.map(metricAlarm), CompositeAlarms: [], ...page.next };
    },
    DescribeAlarmHistory: async (input) => {
      const types = optionalStrings(input, 'AlarmTypes');
      if (types !== undefined && !types.includes('MetricAlarm')) return { AlarmHistoryItems: [] };
      const alarmName = optionalString(input, 'AlarmName');
      const itemType = optionalString(input, 'HistoryItemType');
      const scanBy = optionalString(input, 'ScanBy');
      const { AlarmHistoryItems = [] } = alarms.describeHistory({
        ...(alarmName === undefined ? {} : { AlarmName: alarmName }),
        ...(itemType === undefined ? {} : { HistoryItemType: itemType as 'StateUpdate' }),
        ...(input.StartDate instanceof Date ? { StartDate: input.StartDate } : {}),
        ...(input.EndDate instanceof Date ? { EndDate: input.EndDate } : {}),
        ...(scanBy === undefined ? {} : { ScanBy: scanBy as 'TimestampAscending' }),
        MaxRecords: Number.MAX_SAFE_INTEGER,
      });
      const page = paged(AlarmHistoryItems, input, 50, 100);
      return { AlarmHistoryItems: page.items, ...page.next };
    },
    SetAlarmState: async (input) => {
      const alarmName = requiredString(input, 'AlarmName', 'alarmName');
      const stateValue = optionalState(input);
      if (stateValue === undefined) throw notNull('stateValue');
      const reason = requiredString(input, 'StateReason', 'stateReason');
      const reasonData = optionalString(input, 'StateReasonData');
      if (reasonData !== undefined) {
        try {
          JSON.parse(reasonData);
        } catch (error) {
          throw new InvalidFormatError(`Invalid JSON in StateReasonData: ${reasonData}`, { cause: error });
        }
      }
      if (!(await alarms.setState(alarmName, stateValue, reason))) throw new AlarmNotFoundError();
      return {};
    },
    GetDashboard: async (input) => {
      const name = requiredString(input, 'DashboardName', 'dashboardName');
      const dashboard = state.dashboards.get(name);
      if (dashboard === undefined) throw new DashboardNotFoundError();
      return { DashboardArn: dashboardArn(name), DashboardBody: dashboard.body, DashboardName: name };
    },
    ListDashboards: async (input) => {
      const prefix = optionalString(input, 'DashboardNamePrefix') ?? '';
      const entries = [...state.dashboards.entries()]
        .filter(([name]) => name.startsWith(prefix))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, dashboard]) => ({
          DashboardName: name,
          DashboardArn: dashboardArn(name),
          LastModified: dashboard.lastModified,
          Size: Buffer.byteLength(dashboard.body),
        }));
      const page = paged(entries, input, 1000, 1000);
      return { DashboardEntries: page.items, ...page.next };
    },
  };
}

/** Dashboards are global to the account: no region in their ARN. */
function dashboardArn(name: string): string {
  return `arn:aws:cloudwatch::${LAB_ACCOUNT_ID}:dashboard/${name}`;
}

/** One alarm as DescribeAlarms lists it (MetricAlarm). */
function metricAlarm(alarm: AlarmRecord): Record<string, unknown> {
  const { definition } = alarm;
  return {
    AlarmName: definition.alarmName,
    AlarmArn: definition.alarmArn,
    ...(definition.description === undefined ? {} : { AlarmDescription: definition.description }),
    AlarmConfigurationUpdatedTimestamp: alarm.configuredAt,
    ActionsEnabled: true,
    OKActions: [...definition.okActions],
    AlarmActions: [...definition.alarmActions],
    InsufficientDataActions: [],
    StateValue: alarm.state,
    StateReason: alarm.reason,
    StateUpdatedTimestamp: alarm.stateUpdatedAt,
    StateTransitionedTimestamp: alarm.stateUpdatedAt,
    MetricName: definition.metricName,
    Namespace: definition.namespace,
    ...(definition.statistic === undefined ? {} : { Statistic: definition.statistic }),
    Dimensions: definition.dimensions.map(({ Name, Value }) => ({ Name, Value })),
    ...(definition.period === undefined ? {} : { Period: definition.period }),
    ...(definition.evaluationPeriods === undefined ? {} : { EvaluationPeriods: definition.evaluationPeriods }),
    Threshold: definition.threshold,
    ComparisonOperator: definition.comparisonOperator,
  };
}

/** A page of `items` from `NextToken` (an offset the lab issued), at most `MaxRecords`. */
function paged<T>(
  items: readonly T[],
  input: Input,
  defaultSize: number,
  maxSize: number,
): { items: T[]; next: { NextToken?: string } } {
  const token = optionalString(input, 'NextToken');
  const offset = token === undefined ? 0 : Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0 || offset > items.length) throw new InvalidNextTokenError();
  const size = input.MaxRecords === undefined ? defaultSize : Number(input.MaxRecords);
  if (!Number.isInteger(size) || size < 1 || size > maxSize)
    throw new CloudWatchValidationError(
      `1 validation error detected: Value '${String(input.MaxRecords)}' at 'maxRecords' failed to satisfy constraint: Member must have value less than or equal to ${maxSize}`,
    );
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    next: end < items.length ? { NextToken: Buffer.from(String(end)).toString('base64url') } : {},
  };
}

function notNull(member: string): CloudWatchValidationError {
  return new CloudWatchValidationError(nullMemberMessage(member));
}

function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

function requiredString(input: Input, name: string, member: string): string {
  const value = optionalString(input, name);
  if (value === undefined) throw notNull(member);
  return value;
}

function optionalStrings(input: Input, name: string): string[] | undefined {
  const value = input[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** StateValue, checked against the enum in AWS's words (test_set_alarm_invalid_input). */
function optionalState(input: Input): AlarmState | undefined {
  const value = input.StateValue;
  if (value === undefined) return undefined;
  if (!STATES.includes(value as AlarmState))
    throw new CloudWatchValidationError(
      `1 validation error detected: Value '${String(value)}' at 'stateValue' failed to satisfy constraint: Member must satisfy enum value set: [${STATES.join(', ')}]`,
    );
  return value as AlarmState;
}
