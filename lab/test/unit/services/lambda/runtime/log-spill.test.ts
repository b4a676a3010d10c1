import { describe, expect, it } from 'vitest';
import { LOG_SPILL_BYTES, LogSpill, newLogSpillBuffer } from '#lab/services/lambda/runtime/log-spill';

describe('LogSpill', () => {
  it('gives the lab, from the same memory, what the runtime wrote and did not clear, once', () => {
    const buffer = newLogSpillBuffer();
    const runtime = new LogSpill(buffer);
    const lab = new LogSpill(buffer);

    expect(runtime.append('stdout', 'first line\n')).toBe(true);
    expect(runtime.append('stdout', 'zweite Zeile, 二行目\n')).toBe(true);

    expect(lab.take()).toEqual({ stream: 'stdout', text: 'first line\nzweite Zeile, 二行目\n' });
    expect(lab.take()).toBeUndefined();
  });

  it('holds nothing once the runtime has cleared it (the text went out in a message)', () => {
    const buffer = newLogSpillBuffer();
    const runtime = new LogSpill(buffer);
    runtime.append('stderr', 'sent\n');
    runtime.clear();
    runtime.append('stderr', 'kept\n');

    expect(new LogSpill(buffer).take()).toEqual({ stream: 'stderr', text: 'kept\n' });
  });

  it('refuses a write of the other stream, or one that does not fit, so the runtime sends first', () => {
    const runtime = new LogSpill(newLogSpillBuffer());
    expect(runtime.append('stdout', 'out\n')).toBe(true);
    expect(runtime.append('stderr', 'err\n')).toBe(false);
    expect(runtime.append('stdout', 'x'.repeat(LOG_SPILL_BYTES))).toBe(false);

    runtime.clear();
    expect(runtime.append('stderr', 'err\n')).toBe(true);
    runtime.clear();
    expect(runtime.append('stdout', 'é'.repeat(LOG_SPILL_BYTES / 2))).toBe(true);
    expect(runtime.append('stdout', 'é')).toBe(false);
  });
});
