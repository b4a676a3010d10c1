/**
 * CDK context `queueSettleSeconds`: how long Raise holds the Step 7 mapping back after raising the
 * queue, 60 s on AWS (SetQueueAttributes "can take up to 60 seconds" to propagate: SQS API
 * reference), a fraction of a second on the lab, in tenths. Validated at synth with a sentence
 * naming the valid values.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { QUEUE_VISIBILITY_TIMEOUT_TYPE } from '#lib/constructs/mapping-visibility-window';
import { InvalidBatchPartialOptionError } from '#lib/errors';
import { parseQueueSettleSeconds } from '#lib/queue-settle-seconds';
import { SQS_ATTRIBUTE_PROPAGATION_SECONDS } from '#lib/settings';
import { VisibilityDupStack } from '#lib/visibility-dup-stack';
import { labApp, resourcesOfType } from './support';

function raiseAndHandler(context: Record<string, unknown>): { settle: unknown; timeout: unknown } {
  const template = Template.fromStack(new VisibilityDupStack(labApp({ bundle: false, context })));
  const [, raise] = Object.entries(resourcesOfType(template, QUEUE_VISIBILITY_TIMEOUT_TYPE)).find(([id]) =>
    id.includes('Raise'),
  )!;
  const token = raise.Properties?.ServiceToken as { 'Fn::GetAtt': [string, string] };
  return {
    settle: raise.Properties?.SettleSeconds,
    timeout: template.toJSON().Resources[token['Fn::GetAtt'][0]].Properties.Timeout,
  };
}

describe('parseQueueSettleSeconds', () => {
  it.each([
    [undefined, 60],
    [60, 60],
    ['3', 3],
    [' 7 ', 7],
    [0, 0],
    ['600', 600],
    ['0.4', 0.4],
    [0.4, 0.4],
    ['2.5', 2.5],
    [1.5, 1.5],
    ['599.9', 599.9],
  ])('reads %j as %d s', (value, expected) => {
    expect(parseQueueSettleSeconds(value)).toBe(expected);
  });

  it.each(['-1', '601', '600.1', '0.25', 0.25, '.5', '1.', 'sixty', '90s', '', true, null, -0.4, 0.1 + 0.2])(
    'refuses %j with a sentence naming 0 to 600, one decimal and the default',
    (value) => {
      const parse = () => parseQueueSettleSeconds(value);
      expect(parse).toThrow(InvalidBatchPartialOptionError);
      expect(parse).toThrow(
        /^queueSettleSeconds must be a number of seconds from 0 to 600 with at most one decimal, such as 0\.4 \(default 60, the 60 s SQS documents .*\), got .+\.$/,
      );
    },
  );
});

describe('VisibilityDupStack with queueSettleSeconds', () => {
  it('waits 60 s by default, in a function whose timeout covers it plus SQS’s 60 s and a margin', () => {
    expect(raiseAndHandler({})).toEqual({ settle: 60, timeout: 60 + SQS_ATTRIBUTE_PROPAGATION_SECONDS + 30 });
  });

  it('takes a whole number of seconds from context (-c queueSettleSeconds=3)', () => {
    expect(raiseAndHandler({ queueSettleSeconds: '3' })).toEqual({
      settle: 3,
      timeout: 3 + SQS_ATTRIBUTE_PROPAGATION_SECONDS + 30,
    });
  });

  it('renders a fraction of a second, as the lab passes it (-c queueSettleSeconds=0.4), in a function timed in whole seconds', () => {
    expect(raiseAndHandler({ queueSettleSeconds: '0.4' })).toEqual({
      settle: 0.4,
      timeout: 1 + SQS_ATTRIBUTE_PROPAGATION_SECONDS + 30,
    });
  });

  it('refuses a bad value at synth', () => {
    expect(() => raiseAndHandler({ queueSettleSeconds: 'soon' })).toThrow(/^queueSettleSeconds must be/);
  });
});
