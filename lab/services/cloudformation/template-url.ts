/**
 * A `TemplateURL` read as the bucket and key of an S3 object, in every form the CDK CLI may
 * send it (cdk-cli-on-the-lab.md): path style on the lab's endpoint
 * (`http://127.0.0.1:PORT/bucket/key`) or on AWS's (`https://s3.amazonaws.com/bucket/key`,
 * `https://s3.us-east-1.amazonaws.com/bucket/key`), and virtual-hosted style
 * (`https://bucket.s3.us-east-1.amazonaws.com/key`). The object itself is read by whoever wires
 * the API to the lab's S3 ({@link templateFromS3}).
 */
import { CloudFormationError } from './errors';

/** An S3 object's address. */
export interface S3Location {
  readonly bucket: string;
  readonly key: string;
}

/** AWS's answer to a URL that is not an S3 object's (test_templates.snapshot.json, LocalStack, aws.validated). */
const UNSUPPORTED_TEMPLATE_URL = 'TemplateURL must be a supported URL.';

const AWS_PATH_STYLE_HOST = /^s3([.-][a-z0-9-]+)?\.amazonaws\.com(\.cn)?$/;
const AWS_VIRTUAL_HOST = /^(.+)\.s3([.-][a-z0-9-]+)?\.amazonaws\.com(\.cn)?$/;
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The bucket and key a template URL names, or undefined when it names no S3 object. */
export function s3Location(url: string): S3Location | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = parsed.hostname;
  const path = parsed.pathname.slice(1);
  const virtual = AWS_VIRTUAL_HOST.exec(host);
  if (virtual?.[1] !== undefined) return located(virtual[1], path);
  if (!AWS_PATH_STYLE_HOST.test(host) && !LOOPBACK_HOST.test(host)) return undefined;
  const slash = path.indexOf('/');
  return slash <= 0 ? undefined : located(path.slice(0, slash), path.slice(slash + 1));
}

function located(bucket: string, encodedKey: string): S3Location | undefined {
  if (encodedKey === '') return undefined;
  try {
    return { bucket, key: decodeURIComponent(encodedKey) };
  } catch {
    return undefined;
  }
}

/**
 * The API's `templateFromUrl` over an S3 reader: `read(bucket, key)` answers the object's text,
 * or undefined when there is none. Throws a `ValidationError` in AWS's words for a URL that names
 * no S3 object, and in the lab's own for a missing object.
 */
export function templateFromS3(
  read: (bucket: string, key: string) => Promise<string | undefined>,
): (url: string) => Promise<string> {
  return async (url) => {
    const location = s3Location(url);
    if (location === undefined) throw new CloudFormationError(UNSUPPORTED_TEMPLATE_URL, { code: 'ValidationError' });
    const text = await read(location.bucket, location.key);
    if (text === undefined)
      throw new CloudFormationError(
        `S3 error: the lab's S3 has no object ${location.key} in bucket ${location.bucket}`,
        { code: 'ValidationError' },
      );
    return text;
  };
}
