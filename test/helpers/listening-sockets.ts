/**
 * The TCP sockets this process listens on, read from the kernel (`/proc/self/fd` for the
 * process's socket inodes, `/proc/net/tcp` and `/proc/net/tcp6` for their state and address),
 * not by connecting from another address. The lab runs inside the test process, its emulators
 * in worker threads of it, so this lists every server the lab opened.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One listening socket: its address as the kernel holds it. */
export interface ListeningSocket {
  readonly address: string;
  readonly port: number;
}

/** `0100007F` → `127.0.0.1`; 32 hex digits → an IPv6 address in `::` form. */
function decodeAddress(hex: string): string {
  if (hex.length === 8) {
    const bytes = hex.match(/../g) ?? [];
    return bytes
      .reverse()
      .map((byte) => String(parseInt(byte, 16)))
      .join('.');
  }
  // IPv6: four 32-bit words, each in host (little-endian) order.
  const words = hex.match(/.{8}/g) ?? [];
  const groups = words.flatMap((word) => {
    const bytes = (word.match(/../g) ?? []).reverse().join('');
    return [bytes.slice(0, 4), bytes.slice(4, 8)];
  });
  const full = groups.map((group) => parseInt(group, 16).toString(16)).join(':');
  if (full === '0:0:0:0:0:0:0:1') return '::1';
  if (full === '0:0:0:0:0:0:0:0') return '::';
  return full;
}

function socketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(link);
      if (match?.[1] !== undefined) inodes.add(match[1]);
    } catch {
      // The descriptor closed while the list was read.
    }
  }
  return inodes;
}

/** Every TCP socket of this process in the LISTEN state. */
export function listeningSockets(): ListeningSocket[] {
  const inodes = socketInodes();
  const sockets: ListeningSocket[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [local, , state, , , , , , inode] = fields.slice(1);
      if (state !== '0A' || inode === undefined || !inodes.has(inode) || local === undefined) continue;
      const [address = '', port = '0'] = local.split(':');
      sockets.push({ address: decodeAddress(address), port: parseInt(port, 16) });
    }
  }
  return sockets;
}
