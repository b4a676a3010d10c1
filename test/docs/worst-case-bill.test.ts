/**
 * The worst-case monthly bill docs/how-it-works.md shows (en, ja) is the one cost/worst-case-bill.ts computes
 * from cost/prices.ts and lib/settings.ts: change a price or a limit, and this fails until the
 * README follows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { worstCaseMonthlyBill } from '#cost/worst-case-bill';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const bill = worstCaseMonthlyBill();
const before = worstCaseMonthlyBill({ requestsPerSecond: 10 });
const dollars = (usd: number): string => `$${usd.toFixed(2)}`;

describe.each(['docs/how-it-works.md', 'docs/how-it-works.ja.md'])('%s', (path) => {
  const text = read(path);

  it.each(bill.stacks.map((stack) => [stack.stackName, stack] as const))(
    'shows the %s row as computed: each service, then the month',
    (stackName, stack) => {
      const row = text.split('\n').find((line) => line.trim().startsWith(`| ${stackName}`));
      expect(row, `${path} has no table row for ${stackName}`).toBeDefined();
      expect(row?.match(/\$\d+\.\d\d/g)).toEqual([
        ...stack.lines.map((line) => dollars(line.usd)),
        dollars(stack.totalUsd),
      ]);
      // The body the figure assumes, its id aside (the row words it in the README's language).
      const fields = Object.entries(JSON.parse(stack.body) as Record<string, unknown>).filter(([key]) => key !== 'id');
      for (const [key, value] of fields) expect(row).toContain(`"${key}":${JSON.stringify(value)}`);
    },
  );

  it('states the month for both stacks, now and at the former 10 requests/s, rounded to dollars, here and in the AWS page', () => {
    // docs/aws.md's "What changed for a learner on AWS" quotes both figures too.
    const both = `${text}\n${read(path.replace('how-it-works', 'aws'))}`;
    expect(text).toContain(`**$${Math.round(bill.totalUsd)}**`);
    expect(both.match(new RegExp(`\\$${Math.round(before.totalUsd)}\\b`, 'g'))).toHaveLength(2);
    expect(both.match(new RegExp(`\\$${Math.round(bill.totalUsd)}\\b`, 'g'))).toHaveLength(2);
  });
});
