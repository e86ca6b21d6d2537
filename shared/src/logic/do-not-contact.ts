import { normalizeCsvHeader, normalizeProfileUrl } from '../schemas/leads.ts';

/**
 * The organisation's do-not-contact list (issue 17): what an entry of each kind matches, as pure
 * functions. The database holds the same rules (reachly_dnc_listed, migration 20261127500010) for
 * planning and claiming; server/test/do-not-contact.test.ts checks the two agree on a table of leads.
 *
 * - profileUrl: the lead's profile link, normalised as leads' links are (normalizeProfileUrl);
 * - networkId: the last part of that link (the `id` of a profile.php link, the slug or user name),
 *   compared without case;
 * - name: the lead's name (or first and last name), compared as match text;
 * - company: the lead's imported `company` column (its header in any case), compared as match text;
 * - keyword: one or more whole words, found in the lead's name or any of its imported columns.
 *
 * Match text: lower case, every run of ASCII punctuation, spaces, tabs or line ends made one
 * space, trimmed. So "ACME, Inc." and "acme inc" are the same company, and the keyword "acme"
 * is found in "Jean (Acme)" but not in "Acmeville". Letters beyond ASCII count as letters.
 */
export const DO_NOT_CONTACT_KINDS = ['profileUrl', 'networkId', 'name', 'company', 'keyword'] as const;
export type DoNotContactKind = (typeof DO_NOT_CONTACT_KINDS)[number];

/** What each kind is called on the page and in import reports. */
export const DO_NOT_CONTACT_KIND_LABELS: Record<DoNotContactKind, string> = {
  profileUrl: 'Profile URL',
  networkId: 'Network id',
  name: 'Name',
  company: 'Company',
  keyword: 'Keyword',
};

/** Longest value an entry may hold (a profile link may be long). */
export const DO_NOT_CONTACT_VALUE_MAX_LENGTH = 1000;

// Tab, line ends, space and ASCII punctuation: the same class the database function uses.
const SEPARATORS = /[\t\n\r\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+/g;

/** Lower case, runs of ASCII punctuation and spaces as one space, trimmed. */
export function matchText(text: string): string {
  return text.toLowerCase().replace(SEPARATORS, ' ').replace(/^ | $/g, '');
}

/** The network's id of a person from their normalised profile link: what follows the last `/` or `=`. */
export function networkIdOf(profileUrl: string): string {
  return profileUrl.replace(/^.*[/=]/, '').toLowerCase();
}

export type NormalizedValue = { ok: true; value: string } | { ok: false; reason: string };

/** The value an entry of this kind is stored and compared as, or why the text cannot be one. */
export function normalizeDoNotContactValue(kind: DoNotContactKind, raw: string): NormalizedValue {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, reason: `${DO_NOT_CONTACT_KIND_LABELS[kind]} is empty` };
  if (trimmed.length > DO_NOT_CONTACT_VALUE_MAX_LENGTH) {
    return { ok: false, reason: `Longer than ${DO_NOT_CONTACT_VALUE_MAX_LENGTH} characters` };
  }
  if (kind === 'profileUrl') {
    const url = normalizeProfileUrl(trimmed);
    return url === null
      ? { ok: false, reason: 'Not an http(s) link to a profile' }
      : { ok: true, value: url };
  }
  if (kind === 'networkId') {
    if (/[\s/?#=]/.test(trimmed))
      return { ok: false, reason: 'A network id has no spaces, slashes, ? # or =' };
    return { ok: true, value: trimmed.toLowerCase() };
  }
  const value = matchText(trimmed);
  if (value === '')
    return { ok: false, reason: `${DO_NOT_CONTACT_KIND_LABELS[kind]} has no letters or digits` };
  return { ok: true, value };
}

/** What the list looks at in a lead. */
export interface MatchableLead {
  profileUrl: string;
  name: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** The imported CSV's other columns by header. */
  fields: Record<string, string>;
}

/** A list entry's rule, its value normalised (normalizeDoNotContactValue). */
export interface DoNotContactRule {
  kind: DoNotContactKind;
  value: string;
}

/** The lead's name, else its first and last name. */
export function leadNameOf(lead: MatchableLead): string {
  if (lead.name?.trim()) return lead.name;
  return [lead.firstName, lead.lastName].filter((p) => p?.trim()).join(' ');
}

/** The imported `company` column, whatever the case of its header. */
function companyOf(fields: Record<string, string>): string | undefined {
  return Object.entries(fields).find(([key]) => key.trim().toLowerCase() === 'company')?.[1];
}

/** Whether one rule matches the lead. */
export function ruleMatches(rule: DoNotContactRule, lead: MatchableLead): boolean {
  switch (rule.kind) {
    case 'profileUrl':
      return lead.profileUrl === rule.value;
    case 'networkId':
      return networkIdOf(lead.profileUrl) === rule.value;
    case 'name':
      return matchText(leadNameOf(lead)) === rule.value;
    case 'company': {
      const company = companyOf(lead.fields);
      return company !== undefined && matchText(company) === rule.value;
    }
    case 'keyword': {
      const text = matchText([leadNameOf(lead), ...Object.values(lead.fields)].join(' '));
      return ` ${text} `.includes(` ${rule.value} `);
    }
  }
}

/** The first rule of the list that matches the lead, if any. */
export function doNotContactMatch<R extends DoNotContactRule>(
  rules: readonly R[],
  lead: MatchableLead,
): R | undefined {
  return rules.find((rule) => ruleMatches(rule, lead));
}

/** One line of an import file, after the CSV parser: its line number and cells. */
export interface CsvLine {
  line: number;
  cells: string[];
}

export interface DoNotContactImportPlan {
  /** Why the header row cannot be read (the file is then refused whole), or null. */
  headerError: string | null;
  /** The good lines' entries, each value normalised, in file order (duplicates within the file kept for the caller to count). */
  entries: { line: number; kind: DoNotContactKind; value: string }[];
  bad: { line: number; reason: string }[];
}

const KIND_BY_HEADER = new Map<string, DoNotContactKind>([
  ['profileurl', 'profileUrl'],
  ['url', 'profileUrl'],
  ['profile', 'profileUrl'],
  ['link', 'profileUrl'],
  ['networkid', 'networkId'],
  ['id', 'networkId'],
  ['name', 'name'],
  ['fullname', 'name'],
  ['company', 'company'],
  ['keyword', 'keyword'],
  ['keywords', 'keyword'],
]);

/** The kind a header cell or a `kind` cell names (any case, spaces and punctuation ignored). */
export function kindForHeader(cell: string): DoNotContactKind | undefined {
  return KIND_BY_HEADER.get(normalizeCsvHeader(cell));
}

/**
 * The entries of an import file. Two forms, told apart by the header row: `kind,value` (each line
 * names its kind), or one column per kind (`company,keyword,…`: every non-empty cell is an entry of
 * its column's kind). A line without a known kind or with a value that cannot be one is bad, with
 * its line number and why; blank lines are passed over.
 */
export function planDoNotContactImport(lines: readonly CsvLine[]): DoNotContactImportPlan {
  const plan: DoNotContactImportPlan = { headerError: null, entries: [], bad: [] };
  const [header, ...rest] = lines;
  if (!header) return { ...plan, headerError: 'The file is empty' };
  const headers = header.cells.map((cell) => normalizeCsvHeader(cell));
  const isKindValue = headers[0] === 'kind' && headers[1] === 'value';
  const columns = header.cells.map(kindForHeader);
  if (!isKindValue && columns.every((kind) => kind === undefined)) {
    return {
      ...plan,
      headerError:
        'The first line names no kind: use a "kind,value" header, or columns among profileUrl, networkId, name, company, keyword',
    };
  }
  const add = (line: number, kind: DoNotContactKind, raw: string) => {
    const normalized = normalizeDoNotContactValue(kind, raw);
    if (normalized.ok) plan.entries.push({ line, kind, value: normalized.value });
    else plan.bad.push({ line, reason: normalized.reason });
  };
  for (const { line, cells } of rest) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (isKindValue) {
      const kind = kindForHeader(cells[0] ?? '');
      if (!kind) plan.bad.push({ line, reason: `Unknown kind "${(cells[0] ?? '').trim().slice(0, 40)}"` });
      else add(line, kind, cells[1] ?? '');
      continue;
    }
    cells.forEach((cell, i) => {
      const kind = columns[i];
      if (kind && cell.trim() !== '') add(line, kind, cell);
    });
  }
  return plan;
}
