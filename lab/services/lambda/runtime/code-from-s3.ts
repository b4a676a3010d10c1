/**
 * Where an `AWS::Lambda::Function`'s `Code.S3Bucket`/`Code.S3Key` is on the laptop. When the
 * CDK CLI deploys, the code is the zip it uploaded to the lab's S3 (the bootstrap bucket,
 * `<hash>.zip`): it is unpacked into the lab's code cache (function-code.ts). When the lab
 * deploys its own cloud assembly, nothing was uploaded, and the code is the assembly's asset
 * directory that the key names.
 */
import { CodeObjectNotFoundError } from '../errors';
import { DEFAULT_CODE_CACHE_DIR, directoryCode, type FunctionCode, unzipFunctionCode } from './function-code';

/** The code a template names, with the stack that names it. */
export interface CodeLocation {
  readonly stackName: string;
  readonly s3Bucket: string;
  readonly s3Key: string;
}

/** Turns a template's code location into the function's code. */
export type CodeResolver = (location: CodeLocation) => Promise<FunctionCode>;

/** What {@link codeFromS3} reads. */
export interface CodeFromS3Options {
  /** The lab's S3: an object's bytes, or undefined when the bucket or the key is not there. */
  objectBytes(bucket: string, key: string): Buffer | undefined;
  /**
   * The cloud assembly's asset directory of `<stack>` whose S3 key is `key`, for code that is
   * not in S3 (it throws when the assembly has no such asset). Absent: S3 only.
   */
  assetDir?(stackName: string, key: string): string;
  /** Default `.lab/lambda-code/`. */
  readonly cacheDir?: string;
}

/** A {@link CodeResolver} over the lab's S3, falling back to the cloud assembly's assets. */
export function codeFromS3(options: CodeFromS3Options): CodeResolver {
  return async ({ stackName, s3Bucket, s3Key }) => {
    const bytes = options.objectBytes(s3Bucket, s3Key);
    if (bytes !== undefined) {
      const code = await unzipFunctionCode(bytes, options.cacheDir ?? DEFAULT_CODE_CACHE_DIR);
      return { ...code, s3: { bucket: s3Bucket, key: s3Key } };
    }
    if (options.assetDir === undefined) throw new CodeObjectNotFoundError(s3Bucket, s3Key);
    // Nothing was uploaded: the code has no S3 object (GetFunction's Code.Location points at the directory).
    return directoryCode(options.assetDir(stackName, s3Key));
  };
}
