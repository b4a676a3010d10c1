/**
 * The types of the request members the lab's CloudWatch Logs endpoint reads, per action, as the
 * CloudWatch Logs API reference defines them. A member of the wrong type is refused the way AWS's
 * JSON protocol refuses it, with 400 `SerializationException`, instead of reaching the service
 * (where `{"logGroupName":{"a":1}}` was a 500). Members not listed are ignored, as AWS ignores
 * unknown members.
 */
import { ownProperty } from '../../common/own-property';
import { SerializationError } from './errors';

/** A member's JSON type. */
type MemberType = 'string' | 'number' | 'boolean' | 'string[]';

const GROUP: Readonly<Record<string, MemberType>> = {
  logGroupName: 'string',
  logGroupIdentifier: 'string',
  nextToken: 'string',
  limit: 'number',
  unmask: 'boolean',
};

const MEMBER_TYPES: Readonly<Record<string, Readonly<Record<string, MemberType>>>> = {
  FilterLogEvents: {
    ...GROUP,
    logStreamNames: 'string[]',
    logStreamNamePrefix: 'string',
    startTime: 'number',
    endTime: 'number',
    filterPattern: 'string',
    interleaved: 'boolean',
  },
  GetLogEvents: { ...GROUP, logStreamName: 'string', startTime: 'number', endTime: 'number', startFromHead: 'boolean' },
  DescribeLogGroups: {
    accountIdentifiers: 'string[]',
    logGroupNamePrefix: 'string',
    logGroupNamePattern: 'string',
    nextToken: 'string',
    limit: 'number',
    includeLinkedAccounts: 'boolean',
    logGroupClass: 'string',
    logGroupIdentifiers: 'string[]',
  },
  DescribeLogStreams: { ...GROUP, logStreamNamePrefix: 'string', orderBy: 'string', descending: 'boolean' },
  StartQuery: {
    logGroupName: 'string',
    logGroupNames: 'string[]',
    logGroupIdentifiers: 'string[]',
    startTime: 'number',
    endTime: 'number',
    queryString: 'string',
    limit: 'number',
    queryLanguage: 'string',
  },
  GetQueryResults: { queryId: 'string' },
  StopQuery: { queryId: 'string' },
  DescribeQueries: {
    logGroupName: 'string',
    status: 'string',
    maxResults: 'number',
    nextToken: 'string',
    queryLanguage: 'string',
  },
};

function hasType(value: unknown, type: MemberType): boolean {
  if (type === 'string[]') return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
  return typeof value === type;
}

/** Throws {@link SerializationError} for the first member of `input` whose type `action` does not take. */
export function checkMemberTypes(action: string, input: Readonly<Record<string, unknown>>): void {
  const types = ownProperty(MEMBER_TYPES, action) ?? {};
  for (const [member, value] of Object.entries(input)) {
    const type = ownProperty(types, member);
    if (type === undefined || value === null || hasType(value, type)) continue;
    throw new SerializationError(
      `${member} must be a ${type === 'string[]' ? 'list of strings' : type}, not ${JSON.stringify(value)}`,
    );
  }
}
