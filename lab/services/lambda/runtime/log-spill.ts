/**
 * The copy of an execution environment's output that its runtime has not yet sent to the lab, in
 * memory both threads share. The runtime sends what a function writes once per turn of its event
 * loop, as one message, instead of one message per write: under load a message per line cost the
 * lab's threads more than the lines themselves (the bench's batch path). A long busy turn's held
 * lines go with its first write 0.2 s after them. A turn that never ends (a handler spinning past
 * its timeout) or a thread that ends in it (`process.exit`, a kill) would then keep its lines;
 * they are also written here as they are written, and the lab reads them when the thread has
 * ended, so every line written before the end reaches the log, as on Lambda, where a write
 * reaches the log at once.
 *
 * Layout: a 32-bit header (the bytes held, the stream) and the UTF-8 bytes. Only the runtime
 * writes while its thread runs; the lab reads once the thread is gone. Pure code: bundled into
 * the lab runtime.
 */

/** The streams a function writes to. */
export type OutputStream = 'stdout' | 'stderr';

/** Bytes of output the spill holds; a turn that writes more is sent at once, in pieces of this size. */
export const LOG_SPILL_BYTES = 64 * 1024;

const HEADER_BYTES = 8;
const LENGTH = 0;
const STREAM = 1;

/** The shared memory of one environment's spill, made by the lab and handed to its runtime. */
export function newLogSpillBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + LOG_SPILL_BYTES);
}

/** One environment's spill, seen from either thread. */
export class LogSpill {
  private readonly header: Int32Array;
  private readonly bytes: Buffer;

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 2);
    this.bytes = Buffer.from(buffer, HEADER_BYTES);
  }

  /**
   * The runtime's side: adds `text` after what the spill holds, if it is of the same stream and
   * fits; false (nothing added) otherwise, and the runtime sends what it holds first.
   */
  append(stream: OutputStream, text: string): boolean {
    const held = Atomics.load(this.header, LENGTH);
    const code = stream === 'stderr' ? 1 : 0;
    if (held > 0 && Atomics.load(this.header, STREAM) !== code) return false;
    const size = Buffer.byteLength(text, 'utf8');
    if (held + size > this.bytes.byteLength) return false;
    this.bytes.write(text, held, 'utf8');
    Atomics.store(this.header, STREAM, code);
    // The length last: a reader never counts bytes not yet written.
    Atomics.store(this.header, LENGTH, held + size);
    return true;
  }

  /** The runtime's side: empties the spill, just before it sends what the spill held. */
  clear(): void {
    Atomics.store(this.header, LENGTH, 0);
  }

  /** The lab's side, once the thread has ended: what it wrote and never sent, if anything. */
  take(): { readonly stream: OutputStream; readonly text: string } | undefined {
    const held = Atomics.load(this.header, LENGTH);
    if (held === 0) return undefined;
    const stream: OutputStream = Atomics.load(this.header, STREAM) === 1 ? 'stderr' : 'stdout';
    const text = this.bytes.toString('utf8', 0, held);
    Atomics.store(this.header, LENGTH, 0);
    return { stream, text };
  }
}
