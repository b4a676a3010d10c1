/** The random part of a name CloudFormation generates has the length asked for, every time. */
import { describe, expect, it } from 'vitest';
import { randomSuffix } from '#lab/services/cloudformation/engine/generated-name';

describe('randomSuffix', () => {
  it('gives exactly the length asked, even past what one Math.random() holds', () => {
    for (const length of [1, 8, 12, 13, 24]) {
      for (let draw = 0; draw < 200; draw += 1) {
        expect(randomSuffix(length)).toMatch(new RegExp(`^[A-Z0-9]{${length}}$`));
        expect(randomSuffix(length, true)).toMatch(new RegExp(`^[a-z0-9]{${length}}$`));
      }
    }
  });
});
