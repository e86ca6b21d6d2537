import { describe, expect, it } from 'vitest';
import {
  doNotContactMatch,
  type MatchableLead,
  matchText,
  networkIdOf,
  normalizeDoNotContactValue,
  planDoNotContactImport,
  ruleMatches,
} from './do-not-contact.ts';

const lead = (over: Partial<MatchableLead> = {}): MatchableLead => ({
  profileUrl: 'https://facebook.com/profile.php?id=1000123',
  name: 'Jean Dupont',
  fields: {},
  ...over,
});

const rule = (kind: Parameters<typeof normalizeDoNotContactValue>[0], raw: string) => {
  const n = normalizeDoNotContactValue(kind, raw);
  if (!n.ok) throw new Error(n.reason);
  return { kind, value: n.value };
};

describe('do-not-contact values', () => {
  it('normalises a profile link as leads are stored', () => {
    expect(normalizeDoNotContactValue('profileUrl', ' https://www.facebook.com/jean.dupont/?ref=x ')).toEqual(
      {
        ok: true,
        value: 'https://facebook.com/jean.dupont',
      },
    );
    expect(normalizeDoNotContactValue('profileUrl', 'jean.dupont')).toMatchObject({ ok: false });
  });

  it('keeps letters and digits of names, companies and keywords, lower case, punctuation as one space', () => {
    expect(matchText('  ACME, Inc. ')).toBe('acme inc');
    expect(matchText('Müller–Lüdenscheidt')).toBe('müller–lüdenscheidt');
    expect(normalizeDoNotContactValue('company', '  ...  ')).toMatchObject({ ok: false });
    expect(normalizeDoNotContactValue('keyword', '')).toMatchObject({ ok: false });
    expect(normalizeDoNotContactValue('networkId', 'a b')).toMatchObject({ ok: false });
    expect(normalizeDoNotContactValue('networkId', 'Jean.Dupont')).toEqual({
      ok: true,
      value: 'jean.dupont',
    });
  });

  it('reads the network id from a profile.php link, a user name or a sandbox slug', () => {
    expect(networkIdOf('https://facebook.com/profile.php?id=1000123')).toBe('1000123');
    expect(networkIdOf('https://facebook.com/Jean.Dupont')).toBe('jean.dupont');
    expect(networkIdOf('http://127.0.0.1:4100/people/ada-lovelace-3')).toBe('ada-lovelace-3');
  });
});

describe('do-not-contact matching', () => {
  it('matches a profile link and a network id', () => {
    expect(ruleMatches(rule('profileUrl', 'https://m.facebook.com/profile.php?id=1000123&x=1'), lead())).toBe(
      true,
    );
    expect(ruleMatches(rule('profileUrl', 'https://facebook.com/profile.php?id=1000124'), lead())).toBe(
      false,
    );
    expect(ruleMatches(rule('networkId', '1000123'), lead())).toBe(true);
    expect(ruleMatches(rule('networkId', '100012'), lead())).toBe(false);
  });

  it('matches a name whole, without case, from first and last name when there is no name', () => {
    expect(ruleMatches(rule('name', 'jean  DUPONT'), lead())).toBe(true);
    expect(ruleMatches(rule('name', 'Jean'), lead())).toBe(false);
    expect(
      ruleMatches(rule('name', 'Ada Lovelace'), lead({ name: null, firstName: 'Ada', lastName: 'Lovelace' })),
    ).toBe(true);
  });

  it('matches the company column whatever its header case, and only it', () => {
    const acme = rule('company', 'Acme Inc');
    expect(ruleMatches(acme, lead({ fields: { Company: 'ACME, Inc.' } }))).toBe(true);
    expect(ruleMatches(acme, lead({ fields: { ' company ': 'acme inc' } }))).toBe(true);
    expect(ruleMatches(acme, lead({ fields: { Employer: 'Acme Inc' } }))).toBe(false);
    expect(ruleMatches(acme, lead({ fields: { Company: 'Acme Incorporated' } }))).toBe(false);
  });

  it('finds a keyword as whole words in the name and every imported column', () => {
    const recruiter = rule('keyword', 'Recruiter');
    expect(ruleMatches(recruiter, lead({ fields: { Title: 'Senior recruiter (EMEA)' } }))).toBe(true);
    expect(ruleMatches(recruiter, lead({ name: 'Jean the RECRUITER' }))).toBe(true);
    expect(ruleMatches(recruiter, lead({ fields: { Title: 'Recruiters lead' } }))).toBe(false);
    expect(ruleMatches(rule('keyword', 'head hunter'), lead({ fields: { Title: 'Head-hunter' } }))).toBe(
      true,
    );
    expect(ruleMatches(rule('keyword', 'head hunter'), lead({ fields: { Title: 'head of hunters' } }))).toBe(
      false,
    );
  });

  it('answers the first matching entry of a list', () => {
    const list = [
      { id: 1, ...rule('company', 'Globex') },
      { id: 2, ...rule('keyword', 'dupont') },
      { id: 3, ...rule('name', 'Jean Dupont') },
    ];
    expect(doNotContactMatch(list, lead())?.id).toBe(2);
    expect(doNotContactMatch(list, lead({ name: 'Ada' }))).toBeUndefined();
  });
});

describe('do-not-contact import', () => {
  const lines = (...rows: string[][]) => rows.map((cells, i) => ({ line: i + 1, cells }));

  it('reads kind,value files, reporting unknown kinds and bad values by line', () => {
    const plan = planDoNotContactImport(
      lines(
        ['kind', 'value'],
        ['company', 'Acme'],
        ['colour', 'blue'],
        ['profile url', 'not a link'],
        ['', ''],
        ['Keyword', 'recruiter'],
      ),
    );
    expect(plan.entries).toEqual([
      { line: 2, kind: 'company', value: 'acme' },
      { line: 6, kind: 'keyword', value: 'recruiter' },
    ]);
    expect(plan.bad).toEqual([
      { line: 3, reason: 'Unknown kind "colour"' },
      { line: 4, reason: 'Not an http(s) link to a profile' },
    ]);
  });

  it('reads a column per kind, each non-empty cell an entry', () => {
    const plan = planDoNotContactImport(
      lines(
        ['Company', 'Keyword', 'Notes'],
        ['Acme', '', 'ignored'],
        ['', 'Recruiter', ''],
        ['Globex', '!!', ''],
      ),
    );
    expect(plan.entries.map((e) => [e.line, e.kind, e.value])).toEqual([
      [2, 'company', 'acme'],
      [3, 'keyword', 'recruiter'],
      [4, 'company', 'globex'],
    ]);
    expect(plan.bad).toEqual([{ line: 4, reason: 'Keyword has no letters or digits' }]);
  });

  it('refuses a header that names no kind', () => {
    const plan = planDoNotContactImport(lines(['foo', 'bar'], ['a', 'b']));
    expect(plan.entries).toEqual([]);
    expect(plan.headerError).toMatch(/names no kind/);
    expect(planDoNotContactImport([]).headerError).toBe('The file is empty');
  });
});
