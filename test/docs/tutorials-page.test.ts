import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BATCH_RUN_FIELDS } from '#lambda/batch-partial/run';
import { parseVisibilityJobRequest, VISIBILITY_JOB_FIELDS } from '#lambda/visibility-dup/job';
import { EXPERIMENTS } from '#experiments/catalog';
import { MESSAGES } from '#experiments/locales/messages';
import { shellCommands } from './fenced-commands';

// docs/tutorials.md maps each edit the tutorials ask for to this project's switch and to the
// file and line a learner would edit instead. The page is only useful while those files and
// lines exist as quoted, the switches are ones the project accepts, and the two languages
// name the same things.

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const PAGES = { en: read('docs/tutorials.md'), ja: read('docs/tutorials.ja.md') };

/** Every inline code span of a page, outside fenced blocks (a span may wrap: its line break is a space). */
function inlineCode(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\s*\n\s*/g, ' '));
}

/** Files the page names as the tutorials' own, which this project spells differently. */
const TUTORIAL_FILES = new Set(['lib/BatchPartialStack.ts']);

/** The page's edits: each `File:` bullet with the `Line:` bullets under it. */
function edits(markdown: string): { file: string; lines: string[] }[] {
  const found: { file: string; lines: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    const file = /^\s*- \*\*(?:File|ファイル):\*\* `([^`]+)`\s*$/.exec(line);
    if (file) {
      found.push({ file: file[1] ?? '', lines: [] });
      continue;
    }
    const quoted = /^\s*- \*\*(?:Line|行):\*\* `([^`]+)`\s*$/.exec(line);
    if (quoted) {
      const current = found.at(-1);
      if (current === undefined) throw new Error(`a Line bullet before any File bullet: ${line}`);
      current.lines.push(quoted[1] ?? '');
    }
  }
  return found;
}

/** Paths of the project the page names in inline code. */
function projectPaths(markdown: string): string[] {
  return inlineCode(markdown).filter((code) => /^(?:lambda|lib|bin|lab|docs)\/[\w./-]+$|^cdk\.json$/.test(code));
}

describe.each(Object.entries(PAGES))('docs/tutorials (%s)', (_language, page) => {
  it('quotes lines that exist in the files it names', () => {
    const quoted = edits(page);

    expect(quoted.length).toBeGreaterThanOrEqual(10);
    for (const { file, lines } of quoted) {
      expect(lines.length, file).toBeGreaterThan(0);
      const text = read(file);
      for (const line of lines) expect(text, `${file} should contain: ${line}`).toContain(line);
    }
  });

  it("names only files that exist, besides the tutorials' own", () => {
    for (const path of projectPaths(page)) expect(existsSync(join(root, path)), path).toBe(!TUTORIAL_FILES.has(path));
  });

  it('names only experiments of the catalog', () => {
    const names = new Set(EXPERIMENTS.map((experiment) => experiment.name));
    const named = [...page.matchAll(/npm run experiment -- ([\w-]+)/g)].map((match) => match[1] ?? '');

    expect(named.length).toBeGreaterThanOrEqual(8);
    for (const name of named) expect(names, name).toContain(name);
  });

  it('uses request fields the producers accept (or cdk.json context), and bodies they accept', () => {
    const context = Object.keys((JSON.parse(read('cdk.json')) as { context: object }).context);
    const fields = new Set<string>([...VISIBILITY_JOB_FIELDS, ...BATCH_RUN_FIELDS, ...context]);
    const switches = inlineCode(page).filter((code) => /^"\w+": /.test(code));

    expect(switches.length).toBeGreaterThan(3);
    for (const code of switches) expect(fields, code).toContain(/^"(\w+)"/.exec(code)?.[1]);
    for (const body of inlineCode(page).filter((code) => code.startsWith('{"id"'))) {
      expect(() => parseVisibilityJobRequest(JSON.parse(body) as Record<string, unknown>), body).not.toThrow();
    }
  });

  it('uses only flags npm run lab takes', () => {
    const usage = MESSAGES.en.lab.usage;
    const commands = inlineCode(page).filter((code) => code.startsWith('npm run lab -- '));

    expect(commands.length).toBeGreaterThan(3);
    for (const command of commands) {
      for (const flag of command.match(/--?[a-z][\w-]*/g)?.slice(1) ?? [])
        expect(usage, `${command}: ${flag}`).toMatch(new RegExp(`^\\s+${flag}\\b`, 'm'));
    }
  });
});

describe('docs/tutorials in English and Japanese', () => {
  it('name the same files, lines, switches and commands', () => {
    const set = (markdown: string): string[] => [...new Set(inlineCode(markdown))].sort();

    expect(set(PAGES.ja)).toEqual(set(PAGES.en));
    expect(edits(PAGES.ja)).toEqual(edits(PAGES.en));
    expect(shellCommands(PAGES.ja)).toEqual(shellCommands(PAGES.en));
  });

  it.each(['README.md', 'README.ja.md', 'docs/experiments.md', 'docs/experiments.ja.md'])('%s links to it', (path) => {
    const page = path.endsWith('.ja.md') ? 'tutorials.ja.md' : 'tutorials.md';

    expect(read(path)).toMatch(new RegExp(`\\]\\((?:docs/)?${page.replace('.', '\\.')}(?:#[\\w-]+)?\\)`));
  });
});
