/**
 * The requests the lab's fuzzer sends (test/robustness/no-request-crashes-the-lab.test.ts),
 * generated with fast-check from a seed: paths a parser might resolve or choke on, operation
 * names that are Object's own (`constructor`, `__proto__`), every protocol's content type and
 * signing scope, bodies of each shape with bad encodings, and clients that cut their request or
 * leave before the answer. The same seed makes the same requests.
 */
import fc from 'fast-check';
import type { RawMode } from '#test/helpers/raw-socket';

/** One generated request, before it is given a port. */
export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly mode: RawMode;
  /** Send a Host that is not the port's own (the guard's 403), instead of the right one. */
  readonly foreignHost: boolean;
}

/** Names a lookup on a plain object would find on Object's prototype. */
const PROTOTYPE_WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const word = fc.oneof(
  fc.constantFrom(...PROTOTYPE_WORDS),
  fc.constantFrom('ListQueues', 'GetParameter', 'DescribeStacks', 'Invoke', 'PutItem', 'GetQueueUrl'),
  fc.string({ maxLength: 12 }),
);

const segment = fc.oneof(
  fc.constantFrom('', '.', '..', '%2e%2e', '%', '%zz', '%E0%A4%A', '%00', '__proto__', 'constructor'),
  fc.constantFrom('2015-03-31', 'functions', 'invocations', 'restapis', 'prod', 'enqueue', '000000000000'),
  fc.string({ unit: 'binary-ascii', maxLength: 8 }).map((text) => encodeURIComponent(text)),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  fc.constant('x'.repeat(300)),
);

const path = fc.oneof(
  fc.constantFrom('/', '//', '///?x', '/?', '/..', '/../..', '/%', '*'),
  fc
    .tuple(fc.array(segment, { maxLength: 5 }), fc.option(fc.array(fc.tuple(word, word), { maxLength: 3 })))
    .map(
      ([parts, query]) =>
        `/${parts.join('/')}${query === null ? '' : `?${query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`}`,
    ),
);

/** The signing names of the services the lab serves, and some it does not. */
const SCOPES = [
  'sqs',
  's3',
  'sts',
  'ssm',
  'cloudformation',
  'lambda',
  'logs',
  'monitoring',
  'dynamodb',
  'sns',
  'events',
];

const TARGET_PREFIXES = [
  'AmazonSQS',
  'DynamoDB_20120810',
  'Logs_20140328',
  'AmazonSSM',
  'GraniteServiceVersion20100801',
  'AWSEvents',
  '__proto__',
  'constructor',
];

const CONTENT_TYPES = [
  'application/x-amz-json-1.0',
  'application/x-amz-json-1.1',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/cbor',
  'application/xml',
  'application/json',
  'text/plain',
];

/** An object whose keys are the prototype's words, nested. */
const hostileJson = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_WORDS, 'QueueUrl', 'Name', 'TableName'), fc.string()),
    fc.jsonValue(),
    {
      maxKeys: 5,
    },
  )
  .map((value) => JSON.stringify(value).replace('"constructor"', '"__proto__"'));

const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  hostileJson.map((text) => Buffer.from(text)),
  fc
    .array(fc.tuple(fc.constantFrom('Action', 'Version', 'Name', 'TemplateBody', '__proto__.x', 'a.member.1'), word), {
      maxLength: 4,
    })
    .map((pairs) => Buffer.from(pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'))),
  fc.constantFrom(
    Buffer.from('Action=DescribeStacks&Action=DeleteStack'),
    Buffer.from('Action=GetCallerIdentity&Version=2011-06-15&x=%E0%A4%A'),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    Buffer.from('{"a":'),
    Buffer.from('<Delete><Object><Key>a</Key></Object>'),
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

const headers = fc
  .record(
    {
      target: fc.option(fc.tuple(fc.constantFrom(...TARGET_PREFIXES), word), { nil: undefined }),
      scope: fc.option(fc.constantFrom(...SCOPES), { nil: undefined }),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      copySource: fc.option(fc.constantFrom('/a/%E0%A4%A', 'nobucket', '%zz/key'), { nil: undefined }),
      protocol: fc.option(fc.constant('rpc-v2-cbor'), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  .map((parts) => {
    const result: Record<string, string> = {};
    if (parts.target !== undefined) result['x-amz-target'] = `${parts.target[0]}.${parts.target[1]}`;
    if (parts.scope !== undefined)
      result.authorization = `AWS4-HMAC-SHA256 Credential=AKID/20261128/us-east-1/${parts.scope}/aws4_request, SignedHeaders=host, Signature=00`;
    if (parts.contentType !== undefined) result['content-type'] = parts.contentType;
    if (parts.copySource !== undefined) result['x-amz-copy-source'] = parts.copySource;
    if (parts.protocol !== undefined) result['smithy-protocol'] = parts.protocol;
    return result;
  });

/** One request of every shape the fuzzer knows. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'),
  path,
  headers,
  body,
  mode: fc.constantFrom<RawMode>('complete', 'complete', 'complete', 'junk-after', 'half-body', 'leave'),
  foreignHost: fc.integer({ min: 0, max: 19 }).map((draw) => draw === 0),
});

/** `count` requests made from `seed`: the same seed, the same requests. */
export function fuzzRequests(seed: number, count: number): FuzzRequest[] {
  return fc.sample(fuzzRequest, { seed, numRuns: count });
}
