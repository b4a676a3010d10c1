/**
 * `AWS::Lambda::EventInvokeConfig`: a function's asynchronous invocation settings (retries after a
 * function error, the event's maximum age, the destinations of its records), which every
 * asynchronous invocation of the function then follows (async-invocation.ts). CDK writes one for
 * a function's `retryAttempts`, `maxEventAge`, `onSuccess` or `onFailure`.
 */
import type { ResourceProvider } from '../../cloudformation/resource-provider';
import type { PropertyCoverage } from '../../cloudformation/validation/property-coverage';
import { InvalidParameterValueError } from '../errors';
import { eventInvokeConfigOf } from '../event-invoke-config';
import type { LambdaService } from '../lambda-service';

/** What the provider does with each property of `AWS::Lambda::EventInvokeConfig`. */
export const EVENT_INVOKE_CONFIG_PROPERTIES: PropertyCoverage = {
  emulated: ['DestinationConfig', 'FunctionName', 'MaximumEventAgeInSeconds', 'MaximumRetryAttempts', 'Qualifier'],
  noted: {},
  refused: [],
};

/** The destinations the lab sends records to: a queue, a topic or a function. */
const SERVED_DESTINATION = /^arn:aws[a-zA-Z-]*:(sqs|sns|lambda):/;

/** The provider, over the lab's Lambda. */
export function eventInvokeConfigProvider(lambda: LambdaService): ResourceProvider {
  const put = (properties: Readonly<Record<string, unknown>>) => {
    const qualifier = String(properties.Qualifier ?? '$LATEST');
    if (qualifier !== '$LATEST')
      throw new InvalidParameterValueError(
        `the lab's functions have only $LATEST (no versions or aliases), so an EventInvokeConfig for qualifier ${qualifier} has nothing to apply to`,
      );
    const config = eventInvokeConfigOf(properties);
    for (const destination of [config.onSuccess, config.onFailure]) {
      if (destination !== undefined && !SERVED_DESTINATION.test(destination))
        throw new InvalidParameterValueError(
          `the lab sends invocation records to SQS queues, SNS topics and Lambda functions, not to ${destination}`,
        );
    }
    const name = lambda.resolve(String(properties.FunctionName)).fn.ref.functionName;
    lambda.eventInvokeConfigs.set(name, config);
    return { physicalId: name, attributes: {} };
  };
  return {
    type: 'AWS::Lambda::EventInvokeConfig',
    properties: EVENT_INVOKE_CONFIG_PROPERTIES,
    create: async ({ properties }) => put(properties),
    update: async ({ properties, previous }) => {
      const next = put(properties);
      if (previous.physicalId !== next.physicalId) lambda.eventInvokeConfigs.delete(previous.physicalId);
      return next;
    },
    delete: async ({ resource }) => {
      lambda.eventInvokeConfigs.delete(resource.physicalId);
    },
  };
}
