/**
 * `-c eventFilter=true`: BatchPartialStack's worker mapping carries FilterCriteria
 * `{"body":{"shouldFail":[false]}}`, so Lambda deletes the messages marked `shouldFail` without
 * invoking the worker (the `event-filter` experiment on AWS); without it nothing changes but the
 * `EventFilter` output. The pattern is a JSON string in `Filters[].Pattern`
 * (AWS::Lambda::EventSourceMapping Filter, "Pattern: String, maximum 4096").
 */
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { addSqsLabStacks } from '#lib/app';
import { BATCH_EVENT_FILTER_PATTERN } from '#lib/settings';
import { labApp } from './support';

const PATTERN = '{"body":{"shouldFail":[false]}}';

/** BatchPartialStack as `cdk synth` renders it with `context` (values as `-c` gives them). */
function batchTemplate(context: Record<string, string>): Template {
  const app = labApp({ context, bundle: false });
  addSqsLabStacks(app);
  const stack = app.node.children.find(
    (child): child is Stack => child instanceof Stack && child.stackName === 'BatchPartialStack',
  );
  if (stack === undefined) throw new Error('no BatchPartialStack');
  return Template.fromStack(stack);
}

describe('BatchPartialStack with -c eventFilter=true', () => {
  const on = batchTemplate({ eventFilter: 'true' });
  const off = batchTemplate({});

  it("gives the worker's mapping the FilterCriteria pattern from lib/settings.ts", () => {
    expect(JSON.stringify(BATCH_EVENT_FILTER_PATTERN)).toBe(PATTERN);
    on.hasResourceProperties(
      'AWS::Lambda::EventSourceMapping',
      Match.objectLike({ FilterCriteria: Match.objectLike({ Filters: [{ Pattern: PATTERN }] }) }),
    );
  });

  it('keeps the mapping as it was otherwise: batch size, partial batch responses', () => {
    on.hasResourceProperties(
      'AWS::Lambda::EventSourceMapping',
      Match.objectLike({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] }),
    );
  });

  it('says which filter is deployed in the EventFilter output', () => {
    on.hasOutput('EventFilter', { Value: PATTERN });
    off.hasOutput('EventFilter', { Value: 'none' });
  });

  it('renders no FilterCriteria without the switch, or with false', () => {
    expect(
      Object.keys(
        off.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FilterCriteria: Match.anyValue() } }),
      ),
    ).toEqual([]);
    expect(batchTemplate({ eventFilter: 'false' }).toJSON()).toEqual(off.toJSON());
  });

  it('stops the synth with the sentence for a value other than true or false', () => {
    expect(() => batchTemplate({ eventFilter: 'yes' })).toThrow('eventFilter must be true or false, got "yes".');
  });
});
