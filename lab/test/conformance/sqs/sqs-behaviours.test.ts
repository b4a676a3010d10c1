import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SQS_BEHAVIOURS } from './sqs-behaviours';

describe('SQS_BEHAVIOURS', () => {
  it('has unique ids, English and Japanese text, and a why wherever the lab differs', () => {
    const ids = SQS_BEHAVIOURS.map((behaviour) => behaviour.id);

    expect(new Set(ids).size).toBe(ids.length);
    for (const behaviour of SQS_BEHAVIOURS) {
      expect(behaviour.ja.title.length, behaviour.id).toBeGreaterThan(0);
      expect(behaviour.ja.aws.length, behaviour.id).toBeGreaterThan(0);
      if (behaviour.verdict === 'different') {
        expect([behaviour.en.lab, behaviour.en.why, behaviour.ja.lab, behaviour.ja.why], behaviour.id).not.toContain(
          undefined,
        );
      }
    }
  });

  it('covers at least 50 behaviours, and at least 9 in 10 of those ported from AWS recordings are the same', () => {
    const recorded = SQS_BEHAVIOURS.filter((behaviour) => 'recorded' in behaviour && behaviour.recorded);
    const recordedSame = recorded.filter((behaviour) => behaviour.verdict === 'same');

    expect(SQS_BEHAVIOURS.length).toBeGreaterThanOrEqual(50);
    expect(recordedSame.length / recorded.length).toBeGreaterThanOrEqual(0.9);
  });

  it('has exactly one test per behaviour in the files beside it', () => {
    const sources = readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith('.test.ts') && file !== 'sqs-behaviours.test.ts')
      .map((file) => readFileSync(`${import.meta.dirname}/${file}`, 'utf8'))
      .join('\n');
    const tested = [...sources.matchAll(/conform\(sqsBehaviour\('([^']+)'\)/g)].map((match) => match[1]);

    expect([...tested].sort()).toEqual(SQS_BEHAVIOURS.map((behaviour) => behaviour.id).sort());
  });
});
