/**
 * CPU time per kind of thread of this process over a timed span, read from Linux's
 * `/proc/self/task/<tid>/stat` (user + system time, in clock ticks of 10 ms, the kernel's
 * USER_HZ of 100 on Linux): the lab's main thread, each emulator's thread, the function
 * environments' threads (named after their functions), V8's helper threads (garbage collection,
 * compilation) and the rest. Elsewhere, or when /proc cannot be read, there is no figure.
 * `performance.eventLoopUtilization` says how busy an event loop was; this says what each kind of
 * thread cost the machine's cores, which is what a 2-core machine runs out of.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds per kind of thread. */
export interface ThreadCpuMs {
  readonly main: number;
  readonly sqsEmulator: number;
  readonly dynamodbEmulator: number;
  /** Every function environment's thread. */
  readonly functions: number;
  /** V8's own threads: garbage collection, compilation. */
  readonly v8: number;
  /** libuv's pool and anything else. */
  readonly other: number;
}

/** Milliseconds per clock tick of /proc's utime and stime. */
const MS_PER_TICK = 10;

type Kind = keyof ThreadCpuMs;

/** The kind of a thread by the name the kernel holds (15 characters at most). */
function kindOf(name: string): Kind {
  if (name === 'MainThread' || name === 'node') return 'main';
  if (name === 'sqs-emulator') return 'sqsEmulator';
  if (name.startsWith('dynamodb-emulat')) return 'dynamodbEmulator';
  if (name.startsWith('V8') || name === 'DelayedTaskSche' || name === 'SignalInspector') return 'v8';
  if (name.startsWith('libuv') || name === 'WorkerThread') return 'other';
  // The function environments' threads are named after their functions (execution-environment.ts).
  return 'functions';
}

/** CPU ms per thread id, with the thread's name; undefined without /proc. */
function readThreads(): Map<string, { readonly kind: Kind; readonly ms: number }> | undefined {
  const threads = new Map<string, { readonly kind: Kind; readonly ms: number }>();
  let ids: string[];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  for (const id of ids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    // After the name: state, ppid, …; utime and stime are the 12th and 13th fields from there.
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number.isFinite(ticks)) threads.set(id, { kind: kindOf(name), ms: ticks * MS_PER_TICK });
  }
  return threads;
}

/** Starts measuring; `stop()` gives each kind's CPU since the start (threads started since count from 0). */
export function startThreadCpuMeter(): { stop(): ThreadCpuMs | undefined } {
  const before = readThreads();
  return {
    stop() {
      const after = readThreads();
      if (before === undefined || after === undefined) return undefined;
      const sums: Record<Kind, number> = {
        main: 0,
        sqsEmulator: 0,
        dynamodbEmulator: 0,
        functions: 0,
        v8: 0,
        other: 0,
      };
      for (const [id, thread] of after) sums[thread.kind] += Math.max(0, thread.ms - (before.get(id)?.ms ?? 0));
      return sums;
    },
  };
}
