/**
 * AWS's validation message for a required member left out, as the JSON and query services word
 * it ("1 validation error detected: Value null at 'stackName' failed to satisfy constraint: Member
 * must not be null"), the member named in lower camel case as the services' models name it.
 */

/** The message for a required member `name` (`StackName` or `stackName`) that is missing. */
export function nullMemberMessage(name: string): string {
  const member = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  return `1 validation error detected: Value null at '${member}' failed to satisfy constraint: Member must not be null`;
}
