/**
 * The root README is a learner's path, in both languages (issue #30): what you will see, the two
 * commands, Step 7 on the lab and then on AWS, Step 8 the same way, what the heartbeat and the
 * guard do, clean-up, and where to go next, within 300 lines. Everything else lives in docs/, and
 * every page the README links to exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The README's `##` sections, in order, as each language names them. */
const PATHS = {
  'README.md': [
    'Quick start: two commands',
    'Requirements',
    'Step 7: visibility timeout, heartbeat, idempotency',
    'Step 8: batches, partial failures and the DLQ',
    'Reading the logs',
    'What the heartbeat and the guard do',
    'Clean up',
    'Where to go next',
  ],
  'README.ja.md': [
    'クイックスタート: コマンド 2 つ',
    '必要なもの',
    'Step 7: 可視性タイムアウト、ハートビート、冪等性',
    'Step 8: バッチ、部分的な失敗、DLQ',
    'ログの読み方',
    'ハートビートとガードがすること',
    '後片付け',
    '次に読むもの',
  ],
} as const;

/** The section headings of a Markdown text at `level`, code fences skipped. */
function headings(text: string, level: number): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const match = fenced ? null : /^(#+) (.*)$/.exec(line);
    if (match !== null && match[1]?.length === level) found.push(match[2] ?? '');
  }
  return found;
}

describe.each(Object.entries(PATHS))('%s', (path, sections) => {
  const text = read(path);

  it('is a path: what you will see (the timeline), then its sections in order, Step 7 then Step 8, each on the lab and then on AWS', () => {
    expect(text.indexOf('](docs/images/timeline.png)')).toBeGreaterThan(0);
    expect(text.indexOf('](docs/images/timeline.png)')).toBeLessThan(text.indexOf('\n## '));
    expect(headings(text, 2)).toEqual(sections);
    const steps = text.split(/^## /m).filter((section) => section.startsWith('Step '));
    for (const step of steps) {
      const sub = headings(`## ${step}`, 3);
      expect(sub).toEqual(path === 'README.md' ? ['On the lab', 'On AWS'] : ['ラボで', 'AWS で']);
    }
  });

  it('is at most 300 lines', () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it('links only to files that exist', () => {
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^https?:/.test(target));
    expect(targets.filter((target) => !existsSync(new URL(`../../${target}`, import.meta.url)))).toEqual([]);
  });
});

describe('the pages the README moved to docs/', () => {
  it.each(['lab', 'aws', 'how-it-works', 'project'])(
    'docs/%s exists in both languages, each linking to the other',
    (name) => {
      const english = read(`docs/${name}.md`);
      const japanese = read(`docs/${name}.ja.md`);
      expect(english).toContain(`[日本語](${name}.ja.md)`);
      expect(japanese).toContain(`[English](${name}.md)`);
    },
  );
});
