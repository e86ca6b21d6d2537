/**
 * Message templates (docs/design.md §4): variables (`{firstName}`, `{company}`), variables with a
 * fallback for leads that lack the value (`{{company|your team}}`; `{{company}}` is `{company}`),
 * spintax (`{Hi|Hello|Hey}`, nested: `{Hi {firstName}|Hello}`) and `{{` / `}}` for literal braces.
 *
 * Grammar. Outside any braces, `{{` is a literal `{` and `}}` a literal `}`. A `{` opens a group
 * that ends at its matching `}`; inside a group, `{` always opens a nested group, `}` always closes
 * and `|` separates options, so literal braces and `|` can only be written outside spintax. A group
 * with one option that is a name (`[A-Za-z_][A-Za-z0-9_]*`, spaces around allowed) is a variable;
 * a group with two or more options is spintax (an option may be empty: `{Hi|}`); anything else
 * (`{}`, `{Hi there}`) is an error. A top-level `{{` that opens a valid spin whose first option
 * starts with a group (`{{firstName}|there}`, `{{Hi|Hey} you|Hello}`) is that spin; otherwise
 * (`{{Hi there}}`, `{{ alone`) it is a literal `{`. Before either, a top-level `{{name}}` or
 * `{{name|fallback}}` (fallback: any text without braces or `|`) is a variable with that fallback.
 *
 * Pure: no I/O; randomness is injected (`seededRandom` for tests and previews).
 */

import {
  BUILTIN_TEMPLATE_VARIABLES,
  fieldVariableKey,
  fieldVariableName,
  resolveTemplateVariable,
  type TemplateVariables,
} from './template-variables.ts';

export type TemplateNode =
  | { type: 'text'; value: string }
  | { type: 'variable'; name: string; index: number; fallback?: string }
  | { type: 'spin'; options: TemplateNode[][]; index: number };

export type TemplateErrorCode =
  | 'unknown-variable'
  | 'unclosed-brace'
  | 'unopened-brace'
  | 'empty-braces'
  | 'invalid-group'
  | 'too-deep';

export interface TemplateError {
  code: TemplateErrorCode;
  /** A sentence for people, naming the variable or brace and its position (1-based character). */
  message: string;
  /** 0-based index of the offending `{` or `}` in the template. */
  index: number;
  /** The unknown variable's name, for `unknown-variable`. */
  variable?: string;
}

export type ParsedTemplate = { ok: true; nodes: TemplateNode[] } | { ok: false; errors: TemplateError[] };

const VARIABLE_NAME = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*$/;
/** `{{name}}` or `{{name|fallback}}`, read where a top-level `{{` starts. */
const DOUBLE_BRACE_VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\|([^{}|]*))?\}\}/y;

/** Spintax nests at most this deep: deeper is an error, not a stack overflow. */
export const TEMPLATE_MAX_DEPTH = 10;

function at(index: number): string {
  return `at character ${index + 1}`;
}

/** Parses a template into nodes, or lists every syntax error (unbalanced braces, bad groups). */
export function parseTemplate(template: string): ParsedTemplate {
  const errors: TemplateError[] = [];
  let i = 0;

  const group = (options: TemplateNode[][], index: number): TemplateNode | null => {
    if (options.length >= 2) return { type: 'spin', options, index };
    const only = options[0] ?? [];
    const first = only[0];
    if (only.length === 0) {
      errors.push({ code: 'empty-braces', index, message: `Empty {} ${at(index)}` });
    } else if (only.length === 1 && first?.type === 'text' && VARIABLE_NAME.test(first.value)) {
      return { type: 'variable', name: VARIABLE_NAME.exec(first.value)?.[1] ?? '', index };
    } else {
      const shown = template.slice(index, i);
      errors.push({
        code: 'invalid-group',
        index,
        message: `${shown} ${at(index)} is neither a variable name nor spintax options separated by |`,
      });
    }
    return null;
  };

  const sequence = (depth: number): { options: TemplateNode[][]; closed: boolean } => {
    const options: TemplateNode[][] = [[]];
    if (depth > TEMPLATE_MAX_DEPTH) {
      const index = i - 1;
      errors.push({
        code: 'too-deep',
        index,
        message: `Braces nested more than ${TEMPLATE_MAX_DEPTH} deep ${at(index)}`,
      });
      i = template.length;
      return { options, closed: false };
    }
    let text = '';
    const current = (): TemplateNode[] => options[options.length - 1] as TemplateNode[];
    const flush = () => {
      if (text) current().push({ type: 'text', value: text });
      text = '';
    };
    while (i < template.length) {
      const ch = template[i];
      const next = template[i + 1];
      DOUBLE_BRACE_VARIABLE.lastIndex = i;
      const double = depth === 0 && ch === '{' && next === '{' ? DOUBLE_BRACE_VARIABLE.exec(template) : null;
      if (double) {
        flush();
        const fallback = double[2]?.trim();
        current().push({
          type: 'variable',
          name: double[1] ?? '',
          index: i,
          ...(fallback ? { fallback } : {}),
        });
        i += double[0].length;
      } else if (depth === 0 && ch === '{' && next === '{') {
        // `{{` is a literal `{`, unless it opens a valid spin whose first option starts with a
        // group (`{{Hi|Hello} there|Hey}`): `{{x}}` and `{{a|b}}` are not spins, so stay literal.
        const start = i;
        const errorCount = errors.length;
        i += 1;
        const inner = sequence(depth + 1);
        if (inner.closed && inner.options.length >= 2 && errors.length === errorCount) {
          flush();
          current().push({ type: 'spin', options: inner.options, index: start });
        } else {
          errors.length = errorCount;
          i = start + 2;
          text += '{';
        }
      } else if (depth === 0 && ch === '}' && next === '}') {
        text += '}';
        i += 2;
      } else if (ch === '{') {
        flush();
        const start = i;
        i += 1;
        const inner = sequence(depth + 1);
        if (!inner.closed) {
          errors.push({ code: 'unclosed-brace', index: start, message: `Unclosed { ${at(start)}` });
        } else {
          const node = group(inner.options, start);
          if (node) current().push(node);
        }
      } else if (ch === '}') {
        if (depth === 0) {
          errors.push({
            code: 'unopened-brace',
            index: i,
            message: `Unmatched } ${at(i)} (write }} for a literal })`,
          });
          i += 1;
        } else {
          flush();
          i += 1;
          return { options, closed: true };
        }
      } else if (ch === '|' && depth > 0) {
        flush();
        options.push([]);
        i += 1;
      } else {
        text += ch;
        i += 1;
      }
    }
    flush();
    return { options, closed: false };
  };

  const top = sequence(0);
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.index - b.index) };
  return { ok: true, nodes: top.options[0] ?? [] };
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

function suggestion(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best ? ` (did you mean {${best.name}}?)` : '';
}

function collectVariables(
  nodes: readonly TemplateNode[],
  into: Extract<TemplateNode, { type: 'variable' }>[] = [],
): Extract<TemplateNode, { type: 'variable' }>[] {
  for (const node of nodes) {
    if (node.type === 'variable') into.push(node);
    else if (node.type === 'spin') for (const option of node.options) collectVariables(option, into);
  }
  return into;
}

/**
 * Every error of a template: syntax errors, then variables that are neither built in
 * (`BUILTIN_TEMPLATE_VARIABLES`) nor one of `knownColumns` (imported columns: "Company name" is
 * `{companyName}`, see `fieldVariableKey`), e.g.
 * `Unknown variable {compnay} at character 7 (did you mean {company}?)`. Empty when it is valid.
 * With `knownColumns` 'any', only syntax errors (the columns are checked where they are known).
 */
export function templateErrors(
  template: string,
  knownColumns: readonly string[] | 'any' = [],
): TemplateError[] {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return parsed.errors;
  if (knownColumns === 'any') return [];
  const known = [...new Set([...BUILTIN_TEMPLATE_VARIABLES, ...knownColumns.map(fieldVariableName)])];
  const keys = new Set(knownColumns.map(fieldVariableKey));
  return collectVariables(parsed.nodes)
    .filter(
      (v) => !BUILTIN_TEMPLATE_VARIABLES.includes(v.name as never) && !keys.has(fieldVariableKey(v.name)),
    )
    .map((v) => ({
      code: 'unknown-variable' as const,
      index: v.index,
      variable: v.name,
      message: `Unknown variable {${v.name}} ${at(v.index)}${suggestion(v.name, known)}`,
    }));
}

/** How many different messages the spintax can make (variables count once); 0 when invalid. */
export function templateVariants(template: string): number {
  const parsed = parseTemplate(template);
  return parsed.ok ? countVariants(parsed.nodes) : 0;
}

function countVariants(nodes: readonly TemplateNode[]): number {
  let count = 1;
  for (const node of nodes) {
    if (node.type === 'spin') count *= node.options.reduce((sum, option) => sum + countVariants(option), 0);
  }
  return count;
}

/** A template that does not parse; `errors` says why. */
export class TemplateSyntaxError extends Error {
  constructor(readonly errors: TemplateError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'TemplateSyntaxError';
  }
}

/** A rendered piece; `null` marks a variable or spin that rendered nothing. */
type Piece = string | null;

function variableValue(node: { name: string; fallback?: string }, vars: TemplateVariables): Piece {
  return resolveTemplateVariable(node.name, vars) || node.fallback || null;
}

/** A variable a template uses, and whether it has a fallback for leads without the value. */
export interface UsedTemplateVariable {
  name: string;
  hasFallback: boolean;
}

/**
 * The variables a valid template uses, each once (with a fallback if any of its uses has none,
 * `hasFallback` is false); [] when the template does not parse.
 */
export function usedTemplateVariables(template: string): UsedTemplateVariable[] {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return [];
  const used = new Map<string, boolean>();
  for (const node of collectVariables(parsed.nodes)) {
    used.set(node.name, (used.get(node.name) ?? true) && Boolean(node.fallback));
  }
  return [...used].map(([name, hasFallback]) => ({ name, hasFallback }));
}

const HORIZONTAL_SPACE_END = /[ \t]+$/;
const HORIZONTAL_SPACE_START = /^[ \t]+/;

/**
 * Joins pieces; where something rendered empty, the spaces around it collapse: "Hi {firstName},"
 * becomes "Hi," and "Hello {firstName} there" becomes "Hello there" (never a double space).
 */
function join(pieces: readonly Piece[]): string {
  let out = '';
  let afterEmpty = false;
  for (const piece of pieces) {
    if (piece === null) {
      afterEmpty = true;
      continue;
    }
    if (piece === '') continue;
    let text = piece;
    if (afterEmpty) {
      const outEndsInSpace = HORIZONTAL_SPACE_END.test(out);
      if ((outEndsInSpace || out === '' || out.endsWith('\n')) && HORIZONTAL_SPACE_START.test(text)) {
        text = text.replace(HORIZONTAL_SPACE_START, '');
      } else if (outEndsInSpace && /^[,.;:!?)]/.test(text)) {
        out = out.replace(HORIZONTAL_SPACE_END, '');
      }
      afterEmpty = false;
    }
    out += text;
  }
  if (afterEmpty) out = out.replace(HORIZONTAL_SPACE_END, '');
  return out;
}

function pick(random: () => number, count: number): number {
  const r = random();
  const index = Math.floor((Number.isFinite(r) ? r : 0) * count);
  return Math.min(Math.max(index, 0), count - 1);
}

function renderNodes(
  nodes: readonly TemplateNode[],
  vars: TemplateVariables,
  random: () => number,
  out: Piece[],
): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value);
    else if (node.type === 'variable') out.push(variableValue(node, vars));
    else {
      const option = node.options[pick(random, node.options.length)] ?? [];
      const before = out.length;
      renderNodes(option, vars, random, out);
      if (out.slice(before).every((p) => !p)) out.push(null);
    }
  }
}

/**
 * Renders a template for one lead: each spin picks an option with `random()` (0 ≤ r < 1), each
 * variable takes its value or fallback (`resolveTemplateVariable`). Throws TemplateSyntaxError on
 * a template that does not parse (check it with `templateErrors` first).
 */
export function renderTemplate(
  template: string,
  vars: TemplateVariables,
  random: () => number = Math.random,
): string {
  const parsed = parseTemplate(template);
  if (!parsed.ok) throw new TemplateSyntaxError(parsed.errors);
  const pieces: Piece[] = [];
  renderNodes(parsed.nodes, vars, random, pieces);
  return join(pieces);
}

function expandNodes(nodes: readonly TemplateNode[], vars: TemplateVariables, limit: number): Piece[][] {
  let results: Piece[][] = [[]];
  for (const node of nodes) {
    let choices: Piece[][];
    if (node.type === 'text') choices = [[node.value]];
    else if (node.type === 'variable') choices = [[variableValue(node, vars)]];
    else {
      choices = node.options
        .flatMap((option) => expandNodes(option, vars, limit))
        .map((pieces) => (pieces.every((p) => !p) ? [...pieces, null] : pieces));
    }
    const next: Piece[][] = [];
    for (const head of results) {
      for (const tail of choices) {
        if (next.length >= limit) break;
        next.push([...head, ...tail]);
      }
    }
    results = next;
  }
  return results;
}

/**
 * Every message a template can render for these variables, in option order, at most `limit`
 * (for previews and tests); [] when the template does not parse.
 */
export function expandTemplate(template: string, vars: TemplateVariables, limit = 1000): string[] {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return [];
  return expandNodes(parsed.nodes, vars, limit).map(join);
}

/** A small deterministic PRNG (mulberry32) for `renderTemplate` in tests and previews. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
