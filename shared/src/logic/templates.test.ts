import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldVariableName, leadTemplateVariables, resolveTemplateVariable } from './template-variables.ts';
import {
  expandTemplate,
  parseTemplate,
  renderTemplate,
  seededRandom,
  type TemplateNode,
  TemplateSyntaxError,
  templateErrors,
  templateVariants,
  usedTemplateVariables,
} from './templates.ts';

const LEAD = { firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', company: 'Analytical' };

/** A random source that returns the given values in turn. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('parseTemplate', () => {
  it('reads text, variables, nested spintax and escapes', () => {
    expect(parseTemplate('{{x y}} {Hi {firstName}|Hello}!')).toEqual({
      ok: true,
      nodes: [
        { type: 'text', value: '{x y} ' },
        {
          type: 'spin',
          index: 8,
          options: [
            [
              { type: 'text', value: 'Hi ' },
              { type: 'variable', name: 'firstName', index: 12 },
            ],
            [{ type: 'text', value: 'Hello' }],
          ],
        },
        { type: 'text', value: '!' },
      ],
    });
  });

  it('reads a top-level {{ as a spin only when it opens one, else as a literal {', () => {
    expect(renderTemplate('{{firstName}|there}!', LEAD, sequence(0.1))).toBe('Ada!');
    expect(renderTemplate('{{Hi|Hey} you|Hello}', LEAD, sequence(0.9, 0.1))).toBe('Hello');
    expect(renderTemplate('{{a b|c}} {{first name}} {{', LEAD)).toBe('{a b|c} {first name} {');
  });

  it('reads {{name}} and {{name|fallback}} as variables, the fallback for leads without the value', () => {
    expect(parseTemplate('At {{ company | your team }}!')).toEqual({
      ok: true,
      nodes: [
        { type: 'text', value: 'At ' },
        { type: 'variable', name: 'company', index: 3, fallback: 'your team' },
        { type: 'text', value: '!' },
      ],
    });
    expect(renderTemplate('At {{company|your team}}, {{firstName}}.', LEAD)).toBe('At Analytical, Ada.');
    expect(renderTemplate('At {{company|your team}}, {{firstName}}.', { name: 'Bo' })).toBe(
      'At your team, Bo.',
    );
    // A blank value takes the fallback too; the built-in fallbacks (name → firstName) come first.
    expect(renderTemplate('{{company|your team}}', { company: '  ' })).toBe('your team');
    expect(renderTemplate('Hi {{firstName|there}}', { name: 'Cy Young' })).toBe('Hi Cy');
    expect(renderTemplate('Hi {{firstName|there}}', {})).toBe('Hi there');
    expect(expandTemplate('{Hi|Hey} {{firstName|there}}', {})).toEqual(['Hi there', 'Hey there']);
    // A spin whose first option is a variable is still a spin.
    expect(renderTemplate('{{firstName}|there}!', {}, sequence(0.1))).toBe('!');
  });

  it('reads imported columns as variables: "Company name" is {companyName}, any case', () => {
    const vars = leadTemplateVariables({
      name: 'Ada Lovelace',
      fields: { 'Company name': 'Analytical Engines', City: ' ', 'job-title': 'Countess' },
    });
    expect(renderTemplate('{companyName}, {{city|your city}}, {JobTitle}, {firstName}', vars)).toBe(
      'Analytical Engines, your city, Countess, Ada',
    );
    expect(fieldVariableName('Company name')).toBe('companyName');
    expect(fieldVariableName('2nd email')).toBe('_2ndEmail');
    expect(templateErrors('{companyName} {COMPANYNAME} {firstName}', ['Company name'])).toEqual([]);
    expect(templateErrors('{compnyName} {firstname}', ['Company name']).map((e) => e.message)).toEqual([
      'Unknown variable {compnyName} at character 1 (did you mean {companyName}?)',
      'Unknown variable {firstname} at character 14 (did you mean {firstName}?)',
    ]);
    expect(templateErrors('{anything} {{else|x}}', 'any')).toEqual([]);
    expect(templateErrors('{unclosed', 'any').map((e) => e.code)).toEqual(['unclosed-brace']);
  });

  it('lists the variables a template uses and whether every use has a fallback', () => {
    expect(usedTemplateVariables('{{company|you}} {firstName} {Hi {company}|Hey} {{role|x}}')).toEqual([
      { name: 'company', hasFallback: false },
      { name: 'firstName', hasFallback: false },
      { name: 'role', hasFallback: true },
    ]);
    expect(usedTemplateVariables('{unclosed')).toEqual([]);
  });

  it('reads a variable with spaces inside the braces', () => {
    expect(parseTemplate('{ company }')).toEqual({
      ok: true,
      nodes: [{ type: 'variable', name: 'company', index: 0 }],
    });
  });

  it('lists unbalanced braces with their positions', () => {
    const result = parseTemplate('Hi {firstName');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { code: 'unclosed-brace', index: 3, message: 'Unclosed { at character 4' },
    ]);
    const closing = parseTemplate('Hi} {a|{b}');
    expect(!closing.ok && closing.errors.map((e) => [e.code, e.index])).toEqual([
      ['unopened-brace', 2],
      ['unclosed-brace', 4],
    ]);
  });

  it('refuses empty braces and groups that are neither a variable nor spintax', () => {
    const result = parseTemplate('{} {Hi there}');
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Empty {} at character 1',
      '{Hi there} at character 4 is neither a variable name nor spintax options separated by |',
    ]);
  });
});

describe('templateErrors', () => {
  it('names an unknown variable with its position and a suggestion', () => {
    expect(templateErrors('Hi {firstName} from {compnay}', ['company'])).toEqual([
      {
        code: 'unknown-variable',
        index: 20,
        variable: 'compnay',
        message: 'Unknown variable {compnay} at character 21 (did you mean {company}?)',
      },
    ]);
  });

  it('knows the built-in variables and finds variables inside spintax', () => {
    expect(templateErrors('{Hi {firstName}|Hey {name}} {lastName}')).toEqual([]);
    expect(templateErrors('{Hi {role}|Hey}').map((e) => e.variable)).toEqual(['role']);
    expect(templateErrors('{Hi {role}|Hey}', ['role'])).toEqual([]);
  });

  it('returns the syntax errors of a template that does not parse', () => {
    expect(templateErrors('{Hi|Hello').map((e) => e.code)).toEqual(['unclosed-brace']);
  });

  it('refuses braces nested too deep with an error, not a stack overflow (found by the fuzz)', () => {
    // A run of `{{` is literal braces; the odd one out is unclosed.
    expect(renderTemplate('{'.repeat(5000), {})).toBe('{'.repeat(2500));
    expect(templateErrors('{'.repeat(5001)).map((e) => e.code)).toEqual(['unclosed-brace']);
    expect(templateErrors(`{a|${'{b|'.repeat(20)}c${'}'.repeat(21)}`).map((e) => e.code)).toContain(
      'too-deep',
    );
    // Ten levels are fine.
    expect(templateErrors(`${'{a|'.repeat(10)}b${'}'.repeat(10)}`)).toEqual([]);
  });
});

describe('templateVariants', () => {
  it('counts spintax variants, nested ones added up', () => {
    expect(templateVariants('Hello')).toBe(1);
    expect(templateVariants('{Hi|Hello|Hey} {firstName}')).toBe(3);
    expect(templateVariants('{Hi|Hello} {there|friend}')).toBe(4);
    expect(templateVariants('{Hi {a|b}|Hello}')).toBe(3);
    expect(templateVariants('{Hi|')).toBe(0);
  });
});

describe('renderTemplate', () => {
  it('fills variables and custom fields and picks spintax options with the random source', () => {
    expect(renderTemplate('{Hi|Hello|Hey} {firstName} of {company}', LEAD, sequence(0.5))).toBe(
      'Hello Ada of Analytical',
    );
    expect(renderTemplate('{Hi {firstName}|Hello}!', LEAD, sequence(0.1))).toBe('Hi Ada!');
    expect(renderTemplate('{Hi {firstName}|Hello}!', LEAD, sequence(0.9))).toBe('Hello!');
  });

  it('writes escaped braces literally', () => {
    expect(renderTemplate('{{first name}} is {firstName}, set }}', LEAD)).toBe('{first name} is Ada, set }');
  });

  it('falls back from firstName to the first word of name, else to nothing without double spaces', () => {
    expect(renderTemplate('Hi {firstName}!', { name: '  Grace   Brewster Hopper ' })).toBe('Hi Grace!');
    expect(renderTemplate('Hi {firstName}, how are you?', {})).toBe('Hi, how are you?');
    expect(renderTemplate('Hello {firstName} there', { firstName: '  ' })).toBe('Hello there');
    expect(renderTemplate('{firstName} thanks', {})).toBe('thanks');
    expect(renderTemplate('Thanks {firstName}', { firstName: null })).toBe('Thanks');
    expect(renderTemplate('Hi {company} team', {})).toBe('Hi team');
    expect(renderTemplate('{Hi|} there', {}, sequence(0.9))).toBe('there');
  });

  it('derives lastName and name from each other', () => {
    expect(resolveTemplateVariable('lastName', { name: 'Grace Brewster Hopper' })).toBe('Brewster Hopper');
    expect(resolveTemplateVariable('lastName', { name: 'Cher' })).toBe('');
    expect(resolveTemplateVariable('name', { firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('throws on a template with errors', () => {
    expect(() => renderTemplate('Hi {firstName', LEAD)).toThrow(TemplateSyntaxError);
    expect(() => renderTemplate('Hi {firstName', LEAD)).toThrow('Unclosed { at character 4');
  });

  it('is deterministic with a seeded random source', () => {
    const template = '{Hi|Hello|Hey} {firstName}, {quick|short} {question|note}';
    const a = Array.from({ length: 5 }, (_, i) => renderTemplate(template, LEAD, seededRandom(i)));
    const b = Array.from({ length: 5 }, (_, i) => renderTemplate(template, LEAD, seededRandom(i)));
    expect(a).toEqual(b);
  });
});

describe('expandTemplate', () => {
  it('lists every variant in option order', () => {
    expect(expandTemplate('{Hi|Hello} {firstName}{!|}', LEAD)).toEqual([
      'Hi Ada!',
      'Hi Ada',
      'Hello Ada!',
      'Hello Ada',
    ]);
  });
});

// ---- properties ----

/** Writes nodes back as template text (text outside spintax escaped). */
function print(nodes: readonly TemplateNode[], depth = 0): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return depth === 0 ? node.value.replace(/[{}]/g, (c) => c + c) : node.value;
      if (node.type === 'variable') return `{${node.name}}`;
      return `{${node.options.map((option) => print(option, depth + 1)).join('|')}}`;
    })
    .join('');
}

const plainText = fc.stringMatching(/^[a-z ,.!]{0,6}$/);
const variable = fc.constantFrom('firstName', 'lastName', 'name', 'company');
const VALUES = { firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', company: 'Acme' };

/** Spintax trees: texts without braces or | inside spins, variables, spins of 2 to 3 options. */
const { node: anyNode } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    plainText.map((value): TemplateNode => ({ type: 'text', value })),
    variable.map((name): TemplateNode => ({ type: 'variable', name, index: 0 })),
    fc
      .array(tie('spinNodes') as fc.Arbitrary<TemplateNode[]>, { minLength: 2, maxLength: 3 })
      .map((options): TemplateNode => ({ type: 'spin', options, index: 0 })),
  ),
  spinNodes: fc.array(tie('node') as fc.Arbitrary<TemplateNode>, { maxLength: 3 }),
}));

/** Top-level text may hold braces, which the printer escapes. */
const topText = fc.stringMatching(/^[a-z {}|]{0,6}$/).map((value): TemplateNode => ({ type: 'text', value }));
/**
 * Not a literal name in braces (`{a}`, `{a|b}`): its escaped form `{{a}}` reads as the variable
 * with a fallback, so such a text cannot be written.
 */
const templateNodes = fc
  .array(fc.oneof(topText, anyNode), { maxLength: 4 })
  .filter((nodes) => !/\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*(\|[^{}|]*)?\}\}/.test(print(nodes)));

/** Gives every text a unique token, and every spin option a text first, so variants differ. */
function uniqueTexts(nodes: readonly TemplateNode[], counter = { n: 0 }, inSpin = false): TemplateNode[] {
  const out = nodes.map((node): TemplateNode => {
    if (node.type === 'text') return { type: 'text', value: ` t${counter.n++} ` };
    if (node.type === 'variable') return node;
    return { ...node, options: node.options.map((o) => uniqueTexts(o, counter, true)) };
  });
  return inSpin ? [{ type: 'text', value: ` t${counter.n++} ` }, ...out] : out;
}

const braceCount = (s: string) => (s.match(/[{}]/g) ?? []).length;

describe('template properties', () => {
  it('a printed tree parses and renders with no brace from spintax (only escaped ones)', () => {
    fc.assert(
      fc.property(templateNodes, fc.integer(), (nodes, seed) => {
        const template = print(nodes);
        expect(parseTemplate(template).ok).toBe(true);
        const escaped = nodes.reduce((n, node) => n + (node.type === 'text' ? braceCount(node.value) : 0), 0);
        expect(braceCount(renderTemplate(template, VALUES, seededRandom(seed)))).toBe(escaped);
      }),
    );
  });

  it('renders the same message for the same seed', () => {
    fc.assert(
      fc.property(templateNodes, fc.integer(), (nodes, seed) => {
        const template = print(nodes);
        expect(renderTemplate(template, VALUES, seededRandom(seed))).toBe(
          renderTemplate(template, VALUES, seededRandom(seed)),
        );
      }),
    );
  });

  it('reaches every variant that templateVariants counts', () => {
    fc.assert(
      fc.property(
        templateNodes
          .map((nodes) => print(uniqueTexts(nodes)))
          .filter((template) => templateVariants(template) <= 24),
        fc.integer(),
        (template, seed) => {
          const all = expandTemplate(template, VALUES);
          expect(new Set(all).size).toBe(templateVariants(template));
          const random = seededRandom(seed);
          const seen = new Set<string>();
          for (let i = 0; i < 3000 && seen.size < all.length; i += 1) {
            seen.add(renderTemplate(template, VALUES, random));
          }
          expect([...seen].sort()).toEqual([...all].sort());
        },
      ),
      { numRuns: 60 },
    );
  });
});
