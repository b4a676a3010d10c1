/**
 * A `TemplateURL` read as an S3 object, in every form the CDK CLI may send it
 * (cdk-cli-on-the-lab.md): the wiring gives the reader of S3 URLs (the lab's S3,
 * s3-object-url.ts) and of objects ({@link templateFromS3}).
 */
import { CloudFormationError } from '../errors';

/** An S3 object's address. */
export interface S3Location {
  readonly bucket: string;
  readonly key: string;
}

/** AWS's answer to a URL that is not an S3 object's (test_templates.snapshot.json, LocalStack, aws.validated). */
const UNSUPPORTED_TEMPLATE_URL = 'TemplateURL must be a supported URL.';

/**
 * The API's `templateFromUrl` over S3: `locate(url)` reads the bucket and key a URL names, `read(bucket, key)` answers the object's text,
 * or undefined when there is none. Throws a `ValidationError` in AWS's words for a URL that names
 * no S3 object, and in the lab's own for a missing object.
 */
export function templateFromS3(
  locate: (url: string) => S3Location | undefined,
  read: (bucket: string, key: string) => Promise<string | undefined>,
): (url: string) => Promise<string> {
  return async (url) => {
    const location = locate(url);
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
