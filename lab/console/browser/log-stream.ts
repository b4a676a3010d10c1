/** The log stream: one line per function line, filtered by a text, an `id` or a `messageId`. */
import { $ } from './dom';

/** A log line, as the `log` events send it. */
export interface LogLineView {
  readonly time: number;
  readonly stack: string;
  readonly function: string;
  readonly level: string;
  readonly message: string;
  readonly id?: string;
  readonly messageId?: string;
  readonly event?: string;
}

function applyFilter(div: HTMLElement): void {
  const filter = $<HTMLInputElement>('#log-filter').value.trim();
  const shown =
    !filter ||
    (div.textContent ?? '').includes(filter) ||
    div.dataset.id === filter ||
    div.dataset.messageId === filter;
  div.style.display = shown ? '' : 'none';
}

/** Appends `line` and scrolls to it. */
export function addLog(line: LogLineView): void {
  const div = document.createElement('div');
  div.className = `log-line ${line.level}`;
  div.dataset.id = line.id ?? '';
  div.dataset.messageId = line.messageId ?? '';
  div.dataset.event = line.event ?? '';
  div.textContent = `${new Date(line.time).toISOString().slice(11, 23)}  ${line.stack}/${line.function}  ${line.level.padEnd(5)} ${line.message}`;
  applyFilter(div);
  const log = $('#log');
  log.appendChild(div);
  log.scrollTop = log.scrollHeight;
}

/** Wires the filter field. */
export function startLogFilter(): void {
  $('#log-filter').addEventListener('input', () =>
    document.querySelectorAll<HTMLElement>('.log-line').forEach(applyFilter),
  );
}
