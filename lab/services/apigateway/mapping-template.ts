/**
 * API Gateway's mapping templates (Velocity), in the subset the SQS service-integration patterns
 * use: text with references to `$input` (`body`, `json(path)`, `path(path)`, `params(name)`),
 * `$util` (`urlEncode`, `urlDecode`, `escapeJavaScript`, `base64Encode`, `base64Decode`),
 * `$context.<name>` and `$stageVariables.<name>`, in the `$x`, `$!x`, `${x}` and `$!{x}` forms,
 * with string arguments (a double-quoted one is itself a template)
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-mapping-template-reference.html).
 * Directives (`#set`, `#if`, `#foreach`, ...) are refused by name when the method is deployed, so a
 * learner reads what the lab does not run instead of a wrong body.
 */

/** A template the lab's subset cannot run: a directive, a `$util` or `$input` member it lacks, bad syntax. */
export class UnsupportedMappingTemplateError extends Error {
  override readonly name = 'UnsupportedMappingTemplateError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** What a template reads: the request as API Gateway received it. */
export interface TemplateInput {
  /** The raw body, as text. */
  readonly body: string;
  /** Path, query string and header parameters, looked up in that order by `$input.params(name)`. */
  readonly params: {
    readonly path: ReadonlyMap<string, string>;
    readonly querystring: ReadonlyMap<string, string>;
    readonly header: ReadonlyMap<string, string>;
  };
  /** `$context` variables (`requestId`, `stage`, `httpMethod`, `resourcePath`, ...). */
  readonly context: ReadonlyMap<string, string>;
  readonly stageVariables: ReadonlyMap<string, string>;
}

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'reference'; readonly source: string; readonly quiet: boolean; readonly parts: readonly Part[] };
type Part = { readonly name: string; readonly args?: readonly Arg[] };
type Arg = { readonly kind: 'literal'; readonly value: string } | { readonly kind: 'template'; readonly nodes: Node[] };

const DIRECTIVE = /^#(set|if|elseif|else|end|foreach|macro|parse|include|define|break|stop|evaluate|\{|#|\*)/;
const UTIL = new Set(['urlEncode', 'urlDecode', 'escapeJavaScript', 'base64Encode', 'base64Decode', 'parseJson']);
const INPUT = new Set(['body', 'json', 'path', 'params']);

/** Parses `template`, refusing what the subset does not run (call at deploy time). */
export function parseMappingTemplate(template: string): readonly Node[] {
  const parser = new Parser(template);
  const nodes = parser.nodes(undefined);
  return nodes;
}

/** Renders `template` against `input`. */
export function renderMappingTemplate(template: string, input: TemplateInput): string {
  return render(parseMappingTemplate(template), input);
}

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  nodes(until: string | undefined): Node[] {
    const nodes: Node[] = [];
    let text = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at] ?? '';
      if (until !== undefined && char === until) break;
      if (char === '\\' && (this.text[this.at + 1] === '$' || this.text[this.at + 1] === '#')) {
        text += this.text[this.at + 1];
        this.at += 2;
        continue;
      }
      if (char === '#') {
        const directive = DIRECTIVE.exec(this.text.slice(this.at));
        if (directive !== null)
          throw new UnsupportedMappingTemplateError(
            `the lab's mapping templates run references only; "${directive[0]}" (a Velocity directive) is not run`,
          );
      }
      if (char === '$') {
        const reference = this.reference();
        if (reference !== undefined) {
          if (text !== '') nodes.push({ kind: 'text', text });
          text = '';
          nodes.push(reference);
          continue;
        }
      }
      text += char;
      this.at += 1;
    }
    if (text !== '') nodes.push({ kind: 'text', text });
    return nodes;
  }

  private reference(): Node | undefined {
    const start = this.at;
    let cursor = this.at + 1;
    const quiet = this.text[cursor] === '!';
    if (quiet) cursor += 1;
    const braced = this.text[cursor] === '{';
    if (braced) cursor += 1;
    const first = /^[A-Za-z][\w-]*/.exec(this.text.slice(cursor));
    if (first === null) return undefined;
    this.at = cursor + first[0].length;
    const parts: Part[] = [{ name: first[0] }];
    for (;;) {
      const member = /^\.([A-Za-z][\w-]*)/.exec(this.text.slice(this.at));
      if (member === null) break;
      this.at += member[0].length;
      if (this.text[this.at] === '(') {
        this.at += 1;
        parts.push({ name: member[1] ?? '', args: this.args() });
      } else parts.push({ name: member[1] ?? '' });
    }
    if (braced) {
      if (this.text[this.at] !== '}')
        throw new UnsupportedMappingTemplateError(`unclosed \${ at character ${start + 1} of the mapping template`);
      this.at += 1;
    }
    return { kind: 'reference', source: this.text.slice(start, this.at), quiet, parts };
  }

  private args(): Arg[] {
    const args: Arg[] = [];
    for (;;) {
      this.skipSpaces();
      const char = this.text[this.at];
      if (char === ')') {
        this.at += 1;
        return args;
      }
      if (char === "'") {
        const end = this.text.indexOf("'", this.at + 1);
        if (end < 0) throw new UnsupportedMappingTemplateError('unclosed string in the mapping template');
        args.push({ kind: 'literal', value: this.text.slice(this.at + 1, end) });
        this.at = end + 1;
      } else if (char === '"') {
        this.at += 1;
        const nodes = this.nodes('"');
        if (this.text[this.at] !== '"')
          throw new UnsupportedMappingTemplateError('unclosed string in the mapping template');
        this.at += 1;
        args.push({ kind: 'template', nodes });
      } else if (char === '$') {
        const reference = this.reference();
        if (reference === undefined)
          throw new UnsupportedMappingTemplateError('a bad argument in the mapping template');
        args.push({ kind: 'template', nodes: [reference] });
      } else {
        throw new UnsupportedMappingTemplateError(
          `the lab's mapping templates take string and reference arguments only (at character ${this.at + 1})`,
        );
      }
      this.skipSpaces();
      if (this.text[this.at] === ',') this.at += 1;
      else if (this.text[this.at] !== ')')
        throw new UnsupportedMappingTemplateError(`unclosed ( at character ${this.at + 1} of the mapping template`);
    }
  }

  private skipSpaces(): void {
    while (this.text[this.at] === ' ') this.at += 1;
  }
}

/** Checks the members a template names against the subset (call at deploy time, after parsing). */
export function checkMappingTemplate(template: string): void {
  const visit = (nodes: readonly Node[]): void => {
    for (const node of nodes) {
      if (node.kind !== 'reference') continue;
      const [root, member] = node.parts;
      const known =
        (root?.name === 'util' && member !== undefined && UTIL.has(member.name)) ||
        (root?.name === 'input' && member !== undefined && INPUT.has(member.name)) ||
        root?.name === 'context' ||
        root?.name === 'stageVariables' ||
        !['util', 'input'].includes(root?.name ?? '');
      if (!known) throw new UnsupportedMappingTemplateError(`the lab's mapping templates do not run ${node.source}`);
      for (const part of node.parts) for (const arg of part.args ?? []) if (arg.kind === 'template') visit(arg.nodes);
    }
  };
  visit(parseMappingTemplate(template));
}

function render(nodes: readonly Node[], input: TemplateInput): string {
  return nodes.map((node) => (node.kind === 'text' ? node.text : renderReference(node, input))).join('');
}

function renderReference(node: Extract<Node, { kind: 'reference' }>, input: TemplateInput): string {
  const value = evaluate(node, input);
  if (value === undefined || value === null) return node.quiet ? '' : node.source;
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function evaluate(node: Extract<Node, { kind: 'reference' }>, input: TemplateInput): unknown {
  const [root, member, ...rest] = node.parts;
  const argText = (part: Part | undefined, index: number): string => {
    const arg = part?.args?.[index];
    if (arg === undefined) return '';
    return arg.kind === 'literal' ? arg.value : render(arg.nodes, input);
  };
  let value: unknown;
  switch (root?.name) {
    case 'input':
      value = inputMember(member, input, (index) => argText(member, index));
      break;
    case 'util':
      value = utilMember(member?.name ?? '', argText(member, 0));
      break;
    case 'context':
      // Undefined $context variables render as an empty string in API Gateway.
      return member === undefined ? undefined : (input.context.get(member.name) ?? '');
    case 'stageVariables':
      return member === undefined ? undefined : (input.stageVariables.get(member.name) ?? '');
    default:
      return undefined;
  }
  for (const part of rest) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Object.hasOwn(value, part.name) ? (value as Record<string, unknown>)[part.name] : undefined;
  }
  return value;
}

function inputMember(member: Part | undefined, input: TemplateInput, arg: (index: number) => string): unknown {
  switch (member?.name) {
    case 'body':
      return input.body;
    case 'json':
      return JSON.stringify(jsonPath(input.body, arg(0)) ?? null);
    case 'path':
      return jsonPath(input.body, arg(0));
    case 'params': {
      const name = arg(0);
      return (
        input.params.path.get(name) ??
        input.params.querystring.get(name) ??
        input.params.header.get(name.toLowerCase()) ??
        ''
      );
    }
    default:
      return undefined;
  }
}

function utilMember(name: string, text: string): unknown {
  switch (name) {
    case 'urlEncode':
      // Java's URLEncoder, which API Gateway uses: spaces as +, and * - . _ kept.
      return encodeURIComponent(text)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
    case 'urlDecode':
      return decodeURIComponent(text.replace(/\+/g, ' '));
    case 'escapeJavaScript':
      return JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'");
    case 'base64Encode':
      return Buffer.from(text, 'utf8').toString('base64');
    case 'base64Decode':
      return Buffer.from(text, 'base64').toString('utf8');
    case 'parseJson':
      return parseJson(text);
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `$`, `$.a.b`, `$['a']` and `$.a[0]` over the JSON body (an empty body is `{}`, as API Gateway reads it). */
function jsonPath(body: string, path: string): unknown {
  let value = body.trim() === '' ? {} : parseJson(body);
  const steps = path.trim();
  if (!steps.startsWith('$'))
    throw new UnsupportedMappingTemplateError(`the JSONPath ${JSON.stringify(path)} does not start with $`);
  const pattern = /\.([A-Za-z_][\w-]*)|\['([^']*)'\]|\[(\d+)\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < steps.length) {
    const step = pattern.exec(steps);
    if (step === null)
      throw new UnsupportedMappingTemplateError(`the lab's JSONPath reads $.a, $['a'] and $[0] only, not ${path}`);
    const key = step[1] ?? step[2] ?? Number(step[3]);
    if (typeof value !== 'object' || value === null) return undefined;
    value = Object.hasOwn(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
  }
  return value;
}
