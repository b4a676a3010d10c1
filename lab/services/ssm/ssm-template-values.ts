/**
 * SSM-typed template parameters (`AWS::SSM::Parameter::Value<String>`, CDK's `BootstrapVersion`
 * with default `/cdk-bootstrap/hnb659fds/version`) read from the lab's Parameter Store at each
 * deploy, as CloudFormation reads them from SSM, with fallbacks for names nothing stored.
 *
 * The lab's CloudFormation takes these values as a map keyed by SSM name
 * (`CloudFormationOptions.parameters`); this is that map, looked up live, so a `cdk bootstrap`
 * run on the lab (which stores version 33) is what the next deploy checks, and a lab never
 * bootstrapped still deploys with the version it claims. The map answers any name SSM holds, so
 * a template parameter named like a stored SSM parameter (without a leading slash) would read it.
 */
import type { SsmState } from './ssm-state';

/** A read-only map: the SSM state's value of a name, else `fallbacks`' value, else undefined. */
export function ssmTemplateValues(
  state: SsmState,
  fallbacks: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const read = (name: string | symbol): string | undefined =>
    typeof name === 'string' ? (state.valueOf(name) ?? fallbacks[name]) : undefined;
  return new Proxy<Record<string, string>>(
    {},
    {
      get: (_target, name) => read(name),
      has: (_target, name) => read(name) !== undefined,
      // Spread (`{ ...values, ...stackParameters }`, as the deploy merges them) takes what SSM holds at that moment.
      ownKeys: () => [...new Set([...state.names(), ...Object.keys(fallbacks)])],
      getOwnPropertyDescriptor: (_target, name) => {
        const value = read(name);
        return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: false };
      },
    },
  );
}
