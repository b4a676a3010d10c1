/**
 * The bucket and key an S3 object URL names, in each form S3 documents
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-bucket-intro.html): virtual-hosted
 * (`https://bucket.s3.us-east-1.amazonaws.com/key`, `https://bucket.s3.amazonaws.com/key`,
 * the legacy `bucket.s3-us-east-1.amazonaws.com`), path-style (`https://s3.us-east-1.amazonaws.com/bucket/key`),
 * `s3://bucket/key`, and the lab's endpoint (`http://127.0.0.1:PORT/bucket/key`,
 * `http://bucket.localhost:PORT/key`). A CloudFormation `TemplateURL` from the CDK CLI can take
 * any of them, depending on which endpoint variables are set.
 */

import { decodeComponent } from '../../common/request-target';

/** An object's bucket and key. */
export interface S3ObjectAddress {
  readonly bucket: string;
  readonly key: string;
}

const VIRTUAL_HOSTED = /^(.+)\.s3(?:[.-](?:dualstack\.)?[a-z0-9-]+)?\.amazonaws\.com$/;
const PATH_STYLE = /^s3(?:[.-](?:dualstack\.)?[a-z0-9-]+)?\.amazonaws\.com$/;
const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The object `url` names, or undefined when it is not an S3 object URL. */
export function s3ObjectAddress(url: string): S3ObjectAddress | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const path = decodeComponent(parsed.pathname);
  if (path === undefined) return undefined;
  const host = parsed.hostname;
  if (parsed.protocol === 's3:') return address(host, path.slice(1));
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const virtual = VIRTUAL_HOSTED.exec(host) ?? /^(.+)\.localhost$/.exec(host);
  if (virtual?.[1] !== undefined) return address(virtual[1], path.slice(1));
  if (PATH_STYLE.test(host) || LOOPBACK.test(host)) {
    const slash = path.indexOf('/', 1);
    return slash < 0 ? undefined : address(path.slice(1, slash), path.slice(slash + 1));
  }
  return undefined;
}

function address(bucket: string, key: string): S3ObjectAddress | undefined {
  return bucket === '' || key === '' ? undefined : { bucket, key };
}
