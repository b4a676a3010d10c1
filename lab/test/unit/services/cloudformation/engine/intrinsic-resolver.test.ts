import { describe, expect, it } from 'vitest';
import {
  evaluateConditions,
  type ResolutionContext,
  resolveValue,
} from '#lab/services/cloudformation/engine/intrinsic-resolver';
import type { Template } from '#lab/services/cloudformation/engine/template';

const template: Template = {
  Conditions: {
    IsUsEast: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
    IsNotUsEast: { 'Fn::Not': [{ Condition: 'IsUsEast' }] },
    Either: { 'Fn::Or': [{ Condition: 'IsUsEast' }, { Condition: 'IsNotUsEast' }] },
  },
  Mappings: { Sizes: { small: { memory: 128 } } },
  Resources: {},
};

function context(): ResolutionContext {
  const parameters = { 'AWS::Region': 'us-east-1', 'AWS::AccountId': '123456789012', Stage: 'prod' };
  const conditions = evaluateConditions(template, parameters);
  return {
    template,
    parameters,
    condition: (name) => conditions[name] === true,
    resource: (id) =>
      id === 'Queue'
        ? { ref: 'https://queue/url', attributes: { Arn: 'arn:aws:sqs:us-east-1:1:q', QueueName: 'q' } }
        : undefined,
  };
}

describe('resolveValue', () => {
  it.each([
    ['Ref to a parameter', { Ref: 'Stage' }, 'prod'],
    ['Ref to a resource', { Ref: 'Queue' }, 'https://queue/url'],
    ['Fn::GetAtt, list form', { 'Fn::GetAtt': ['Queue', 'Arn'] }, 'arn:aws:sqs:us-east-1:1:q'],
    ['Fn::GetAtt, dotted form', { 'Fn::GetAtt': 'Queue.QueueName' }, 'q'],
    ['Fn::Join', { 'Fn::Join': ['-', ['a', { Ref: 'Stage' }]] }, 'a-prod'],
    [
      'Fn::Sub with pseudo parameters and attributes',
      { 'Fn::Sub': '${AWS::Region}/${Queue.Arn}/${!Literal}' },
      'us-east-1/arn:aws:sqs:us-east-1:1:q/${Literal}',
    ],
    [
      'Fn::Sub with a variable map',
      { 'Fn::Sub': ['${X}-${Stage}', { X: { Ref: 'Queue' } }] },
      'https://queue/url-prod',
    ],
    ['Fn::Select', { 'Fn::Select': [1, ['a', 'b']] }, 'b'],
    ['Fn::Split', { 'Fn::Split': [':', 'a:b'] }, ['a', 'b']],
    ['Fn::If', { 'Fn::If': ['IsUsEast', 'yes', 'no'] }, 'yes'],
    ['Fn::Contains', { 'Fn::Contains': [['1', '2'], '2'] }, true],
    ['Fn::FindInMap', { 'Fn::FindInMap': ['Sizes', 'small', 'memory'] }, 128],
    ['Fn::Base64', { 'Fn::Base64': 'hi' }, 'aGk='],
    ['Fn::GetAZs', { 'Fn::GetAZs': '' }, ['us-east-1a', 'us-east-1b', 'us-east-1c']],
  ])('%s', (_name, value, expected) => {
    expect(resolveValue(value, context())).toEqual(expected);
  });

  it('resolves Fn::ImportValue to the value another stack exports, inside Fn::Join too, and names a missing export as CloudFormation does', () => {
    const exports = new Map([['SharedStack:BucketName', 'shared-bucket-1']]);
    const withExports: ResolutionContext = { ...context(), importValue: (name) => exports.get(name) };
    expect(
      resolveValue(
        { 'Fn::Join': ['', ['arn:aws:s3:::', { 'Fn::ImportValue': { 'Fn::Sub': 'SharedStack:BucketName' } }]] },
        withExports,
      ),
    ).toBe('arn:aws:s3:::shared-bucket-1');
    expect(() => resolveValue({ 'Fn::ImportValue': 'SharedStack:Nothing' }, withExports)).toThrow(
      'No export named SharedStack:Nothing found.',
    );
  });

  it('drops a key or list element that resolves to AWS::NoValue', () => {
    expect(
      resolveValue(
        { A: { 'Fn::If': ['IsNotUsEast', 1, { Ref: 'AWS::NoValue' }] }, B: ['x', { Ref: 'AWS::NoValue' }] },
        context(),
      ),
    ).toEqual({ B: ['x'] });
  });

  it('evaluates conditions that refer to each other', () => {
    expect(evaluateConditions(template, { 'AWS::Region': 'us-east-1' })).toEqual({
      IsUsEast: true,
      IsNotUsEast: false,
      Either: true,
    });
  });

  it('names the logical id and attribute it cannot resolve', () => {
    expect(() => resolveValue({ Ref: 'Missing' }, context())).toThrow(
      'Ref to Missing, which is not a parameter or a created resource',
    );
    expect(() => resolveValue({ 'Fn::GetAtt': ['Queue', 'Nope'] }, context())).toThrow(
      'Fn::GetAtt Queue.Nope: the resource has no attribute Nope',
    );
  });
});
