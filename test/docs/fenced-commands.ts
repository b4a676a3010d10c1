/**
 * The shell commands a Markdown document shows: what the docs test compares between a guide
 * and its translation, and where it finds the `npm run experiment` lines it runs.
 */

/** Info strings of the fenced blocks that hold shell commands. */
const SHELL_FENCES = new Set(['sh', 'bash', 'shell', 'console']);

/**
 * Every command in the document's shell fences, one per logical line: continuation lines
 * (`\` at the end) joined, comments removed, whitespace collapsed. Comments go because a
 * translation translates them; the commands themselves must stay verbatim.
 */
export function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  let inShell = false;
  let inOther = false;
  let pending = '';
  for (const raw of markdown.split('\n')) {
    const fence = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(raw);
    if (fence !== null) {
      if (inShell || inOther) {
        inShell = false;
        inOther = false;
        pending = '';
      } else if (SHELL_FENCES.has((fence[2] ?? '').toLowerCase())) {
        inShell = true;
      } else {
        inOther = true;
      }
      continue;
    }
    if (!inShell) continue;
    const line = stripComment(raw).replace(/^\s*\$\s+/, '');
    if (line.trimEnd().endsWith('\\')) {
      pending += `${line.trimEnd().slice(0, -1)} `;
      continue;
    }
    const command = normalise(pending + line);
    pending = '';
    if (command !== '') commands.push(command);
  }
  return commands;
}

/** Collapses runs of whitespace and trims. */
export function normalise(command: string): string {
  return command.replace(/\s+/g, ' ').trim();
}

/** The line without a `#` comment (one that starts the line or follows a space, outside quotes). */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') index += 1;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? ''))) return line.slice(0, index);
  }
  return line;
}

/** Commands of `commands` that `other` lacks (compared after normalising). */
export function missingFrom(commands: readonly string[], other: readonly string[]): string[] {
  const present = new Set(other);
  return [...new Set(commands)].filter((command) => !present.has(command));
}

/** One `npm run experiment -- <name> …` command. */
export interface ExperimentCommand {
  readonly command: string;
  readonly name: string;
  /** `aws` when the command has `--target aws`. */
  readonly target: 'local' | 'aws';
}

/** The `npm run experiment -- <name>` commands among `commands`. */
export function experimentCommands(commands: readonly string[]): ExperimentCommand[] {
  return commands.flatMap((command) => {
    const match = /(?:^|\s|&&\s*)npm run experiment -- (\S+)(.*)$/.exec(command);
    if (match === null) return [];
    const rest = match[2] ?? '';
    return [{ command, name: match[1] ?? '', target: /--target\s+aws\b/.test(rest) ? 'aws' : 'local' }];
  });
}
