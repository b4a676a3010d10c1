import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { visibilityDupTopology } from '#lib/topology';
import { TopologyStack } from '#lib/topology-stack';
import { labApp } from './support';

/** A mapping's `filterPatterns` become FilterCriteria, each pattern a JSON string (AWS::Lambda::EventSourceMapping Filter). */
describe('TopologyStack: a mapping with filter patterns', () => {
  const topology = visibilityDupTopology();
  const render = (filterPatterns?: readonly Record<string, unknown>[]) =>
    Template.fromStack(
      new TopologyStack(labApp({ bundle: false }), topology.stackName, {
        topology: {
          ...topology,
          mappings: topology.mappings.map((mapping) => ({ ...mapping, ...(filterPatterns ? { filterPatterns } : {}) })),
        },
      }),
    );

  it('renders each pattern as FilterCriteria.Filters[].Pattern', () => {
    render([{ body: { id: [{ prefix: 'keep-' }] } }]).hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ body: { id: [{ prefix: 'keep-' }] } }) }] },
    });
  });

  it('renders no FilterCriteria without patterns (the stacks as they deploy)', () => {
    const mappings = render().findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FilterCriteria: Match.anyValue() },
    });
    expect(Object.keys(mappings)).toEqual([]);
  });
});
