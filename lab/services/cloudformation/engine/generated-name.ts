/**
 * The name CloudFormation gives a resource whose template names none:
 * `<stack>-<logical id>-<random>`, cut to the service's limit, after the lab's prefix where the
 * resource lives in a shared emulator.
 */

/** A random suffix of letters and digits (upper case unless `lowerCase`). */
export function randomSuffix(length: number, lowerCase = false): string {
  let text = '';
  // One Math.random() gives about 10 base-36 digits, sometimes fewer: draw until there are enough.
  while (text.length < length) text += Math.random().toString(36).slice(2);
  text = text.slice(0, length);
  return lowerCase ? text : text.toUpperCase();
}

/** `<prefix><stack>-<logical id>-<random>`, at most `maxLength` characters. */
export function generatedName(options: {
  readonly stackName: string;
  readonly logicalId: string;
  readonly prefix?: string;
  readonly randomLength?: number;
  readonly lowerCase?: boolean;
  readonly maxLength?: number;
}): string {
  const name = `${options.prefix ?? ''}${options.stackName}-${options.logicalId}-${randomSuffix(options.randomLength ?? 8, options.lowerCase)}`;
  return options.maxLength === undefined ? name : name.slice(0, options.maxLength);
}
