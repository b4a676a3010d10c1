import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { EXPERIMENTS } from '#experiments/catalog';
import { ProgressBoard } from '#experiments/progress';

// The tour's progress lines in either language: plain lines in a log, one line per experiment
// rewritten in place on a terminal, never wider than the terminal even in Japanese.

const found = EXPERIMENTS.find((e) => e.name === 'no-heartbeat');
if (found === undefined) throw new Error('no-heartbeat is not in the catalog');
const experiment = found;
const observation = {
  kind: 'visibility',
  id: 'no-heartbeat-1',
  deliveries: 2,
  skipped: 0,
  inProgress: 1,
  effects: 0,
  heartbeats: 0,
  heartbeatFailures: 0,
  workFailures: 0,
  dlq: 0,
} as const;

function board(language: 'en' | 'ja', interactive: boolean, columns = 120): { out: string[]; board: ProgressBoard } {
  const out: string[] = [];
  const created = new ProgressBoard((text) => out.push(text), interactive, [experiment.name], {
    columns: () => columns,
    language,
  });
  return { out, board: created };
}

describe('ProgressBoard', () => {
  it('prints plain lines in the language asked, counts agreeing with their nouns', () => {
    const en = board('en', false);
    const ja = board('ja', false);
    for (const { board: b } of [en, ja]) {
      b.listener({ experiment, elapsedSeconds: 6, observation, queueDepth: 1 });
      b.finish('no-heartbeat', 'matched', 10.46);
    }

    expect(en.out.join('')).toMatch(/no-heartbeat: 2 deliveries, 1 duplicate caught, 0 effects, 1 in queue\n/);
    expect(en.out.join('')).toMatch(/no-heartbeat finished: matched \(10\.5 s\)\n/);
    expect(ja.out.join('')).toMatch(/no-heartbeat: 配信 2 回、捕捉した重複 1 件、効果 0 回、キューに 1 件\n/);
    expect(ja.out.join('')).toMatch(/no-heartbeat 終了: 予測どおり（10\.5 秒）\n/);
  });

  it('keeps each Japanese line on a terminal within its width (a Japanese character takes two columns)', () => {
    const { out, board: b } = board('ja', true, 44);
    b.start();
    b.listener({ experiment, elapsedSeconds: 6, observation, queueDepth: 1 });
    b.stop();
    // Without the cursor codes the board writes before each line (\r, erase line, cursor up).
    const lines = out
      .join('')
      .replace(/\x1b\[\d*[AK]/g, '')
      .replace(/\r/g, '')
      .split('\n')
      .filter(Boolean);

    expect(lines.at(-1)).toMatch(/^… no-heartbeat {2}\s*6s {2}配信 2 回、/);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(43);
  });
});
