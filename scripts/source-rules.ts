/**
 * The project's own lint rules, for what a formatter cannot see: no focused or skipped tests
 * (a green run must mean every test ran), no `any` without a comment saying why, no
 * `console.*` in the Lambda code (its logs are one JSON line per event, through Logger), no
 * AWS client mock that outlives its test file (test files share their worker's modules), no server
 * in lab/ or bench/ that does not open through lab/common/serve-on-loopback.ts, no file of the
 * lab's services over 350 lines, and no merge conflict marker in the code or the Markdown.
 * Import boundaries and cycles are dependency-cruiser's (.dependency-cruiser.cjs).
 */

/** One broken rule at a line. */
export interface RuleViolation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly text: string;
}

interface Rule {
  readonly name: string;
  /** Which files the rule applies to (project-relative path). */
  readonly applies: (file: string) => boolean;
  readonly pattern: RegExp;
  /** A comment on the line or the line above excuses it. */
  readonly excusedByComment: boolean;
  /** Match the line as written (string contents included), e.g. for import paths. */
  readonly raw?: boolean;
  /** A further check on the match, when the pattern alone cannot tell. */
  readonly holds?: (file: string, match: RegExpExecArray) => boolean;
  /** The rule reads Markdown too (the others read TypeScript only). */
  readonly markdown?: boolean;
}

const isTest = (file: string): boolean => file.startsWith('test/') || file.startsWith('lab/test/');

const RULES: readonly Rule[] = [
  {
    name: 'no merge conflict markers (a merge left unresolved)',
    applies: () => true,
    pattern: /^(?:<{7}|>{7})(?: |$)|^={7}$/,
    excusedByComment: false,
    raw: true,
    markdown: true,
  },
  {
    name: 'no focused tests',
    applies: isTest,
    pattern: /\b(?:it|test|describe|suite)\s*\.\s*only\b|\bf(?:it|describe)\s*\(/,
    excusedByComment: false,
  },
  {
    name: 'no skipped tests',
    applies: isTest,
    pattern: /\b(?:it|test|describe|suite)\s*\.\s*(?:skip|todo|skipIf|runIf)\b|\bx(?:it|describe)\s*\(/,
    excusedByComment: false,
  },
  {
    name: 'no any without a comment saying why',
    applies: () => true,
    pattern: /(?::|\bas|<|,|\|)\s*any\s*(?=[;,)\]>=|&}]|\[\]|$)/,
    excusedByComment: true,
  },
  {
    name: 'no console in Lambda code (use Logger)',
    applies: (file) => file.startsWith('lambda/'),
    pattern: /\bconsole\s*\.\s*\w+\s*\(/,
    excusedByComment: false,
  },
  {
    name: 'test files mock AWS clients through lab/test/helpers/mock-aws-client.ts (restored when the file ends)',
    applies: (file) => isTest(file) && file !== 'lab/test/helpers/mock-aws-client.ts',
    pattern: /^\s*import\s[^']*\bmockClient\b[^']*\bfrom\s+'aws-sdk-client-mock'/,
    excusedByComment: false,
    raw: true,
  },
  {
    name: "tests import the project's modules by alias (#lab/…, #lib/…, #test/…: package.json imports), never ../",
    applies: isTest,
    pattern: /(?:\bfrom\s+|\bimport\s*\(\s*|\bmock\s*\(\s*|^\s*import\s+)'\.\.\//,
    excusedByComment: false,
    raw: true,
  },
  {
    name: 'lab servers open through serveOnLoopback only (loopback, behind the request guard)',
    applies: (file) =>
      (file.startsWith('lab/') || file.startsWith('bench/') || file.startsWith('experiments/')) &&
      file !== 'lab/common/serve-on-loopback.ts',
    pattern: /\b(?:createServer|createSecureServer)\s*\(|\.listen\s*\(/,
    excusedByComment: false,
  },
];

/** The most lines a file of the lab's services may have: past it, a file holds more than one concept. */
export const MAX_SERVICE_FILE_LINES = 350;

/** Checks one file's text against every rule that applies to it. */
export function checkSource(file: string, text: string): RuleViolation[] {
  const lines = text.split('\n');
  const violations: RuleViolation[] = [];
  const length = text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (file.startsWith('lab/services/') && file.endsWith('.ts') && length > MAX_SERVICE_FILE_LINES)
    violations.push({
      file,
      line: MAX_SERVICE_FILE_LINES + 1,
      rule: `a file of the lab's services stays within ${MAX_SERVICE_FILE_LINES} lines (split it by concept)`,
      text: `${length} lines`,
    });
  lines.forEach((line, index) => {
    if (/^\s*(?:\/\*|\*)/.test(line)) return; // inside a doc comment
    const code = blankStrings(stripLineComment(line));
    for (const rule of RULES) {
      if (!rule.applies(file) || (!file.endsWith('.ts') && rule.markdown !== true)) continue;
      const match = rule.pattern.exec(rule.raw === true ? line : code);
      if (match === null || (rule.holds !== undefined && !rule.holds(file, match))) continue;
      const previous = lines[index - 1] ?? '';
      if (rule.excusedByComment && (line.includes('//') || /^\s*(?:\/\/|\*)/.test(previous))) continue;
      violations.push({ file, line: index + 1, rule: rule.name, text: line.trim() });
    }
  });
  return violations;
}

/** The line without a trailing `// comment` (strings containing `//` are left alone). */
function stripLineComment(line: string): string {
  const match = /^(?:[^'"`/]|'[^']*'|"[^"]*"|`[^`]*`|\/(?!\/))*/.exec(line);
  return match ? match[0] : line;
}

/** The line with every string literal's content blanked, so prose in strings never matches. */
function blankStrings(code: string): string {
  return code.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}
