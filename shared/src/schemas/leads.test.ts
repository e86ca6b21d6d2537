import { describe, expect, it } from 'vitest';
import {
  clearLeadsQuerySchema,
  createLeadsBodySchema,
  createLeadsResponseSchema,
  encodeLeadsCursor,
  importLeadsFieldsSchema,
  importLeadsResponseSchema,
  LEAD_CSV_HEADER_ALIASES,
  LEADS_BULK_MAX,
  leadCsvFieldForHeader,
  leadCsvRowSchema,
  leadSchema,
  leadsListResponseSchema,
  leadsQuerySchema,
  normalizeProfileUrl,
  updateLeadBodySchema,
} from './leads.ts';

const lead = {
  id: 5,
  collectionId: 2,
  profileUrl: 'https://facebook.com/anna.smith',
  name: 'Anna Smith',
  firstName: 'Anna',
  lastName: 'Smith',
  avatarUrl: null,
  hasMessageButton: true,
  isExcluded: false,
  shouldSkip: false,
  source: 'import',
  friendRequestSentAt: '2024-05-01T10:00:00.000Z',
  messageSentAt: null,
  createdAt: '2024-04-01T10:00:00.000Z',
  fields: { Company: 'Acme' },
};

describe('normalizeProfileUrl', () => {
  it('lower-cases the host and strips www. and m.', () => {
    expect(normalizeProfileUrl('https://WWW.Facebook.com/Anna.Smith')).toBe(
      'https://facebook.com/Anna.Smith',
    );
    expect(normalizeProfileUrl('https://m.facebook.com/anna')).toBe('https://facebook.com/anna');
    expect(normalizeProfileUrl('  http://www.m.example.org/anna/  ')).toBe('http://example.org/anna');
  });

  it('drops query, hash and trailing slashes', () => {
    expect(normalizeProfileUrl('https://facebook.com/anna/?ref=br_rs&fref=nf#posts')).toBe(
      'https://facebook.com/anna',
    );
    expect(normalizeProfileUrl('https://facebook.com///')).toBe('https://facebook.com');
  });

  it('keeps only the id of a profile.php link', () => {
    expect(normalizeProfileUrl('https://www.facebook.com/profile.php?ref=x&id=100012345&sk=about')).toBe(
      'https://facebook.com/profile.php?id=100012345',
    );
    expect(normalizeProfileUrl('https://facebook.com/profile.php?ref=x')).toBeNull();
  });

  it('keeps the scheme and a non-default port, drops credentials', () => {
    expect(normalizeProfileUrl('http://localhost:4000/people/alice')).toBe(
      'http://localhost:4000/people/alice',
    );
    expect(normalizeProfileUrl('https://user:pw@facebook.com:443/anna')).toBe('https://facebook.com/anna');
  });

  it('answers null for what is not an http(s) URL', () => {
    expect(normalizeProfileUrl('facebook.com/anna')).toBeNull();
    expect(normalizeProfileUrl('ftp://facebook.com/anna')).toBeNull();
    expect(normalizeProfileUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeProfileUrl('')).toBeNull();
    expect(normalizeProfileUrl('not a url')).toBeNull();
  });
});

describe('GET /api/leads', () => {
  it('defaults to all collections, the first page, 20 rows, oldest first', () => {
    expect(leadsQuerySchema.parse({})).toEqual({
      collectionId: 'all',
      lastId: -1,
      limit: 20,
      sort: 'oldest',
    });
  });

  it('reads a search (trimmed; empty = none) and a cursor of its sort', () => {
    const cursor = encodeLeadsCursor({ sort: 'name-asc', key: 'ann', id: 7 });
    expect(leadsQuerySchema.parse({ search: '  ann ', sort: 'name-asc', cursor })).toMatchObject({
      search: 'ann',
      sort: 'name-asc',
      cursor: { sort: 'name-asc', key: 'ann', id: 7 },
    });
    expect(leadsQuerySchema.parse({ search: '   ' }).search).toBeUndefined();
    expect(leadsQuerySchema.safeParse({ sort: 'name-desc', cursor }).success).toBe(false);
    expect(leadsQuerySchema.safeParse({ cursor: '{"sort":"newest","id":"x"}', sort: 'newest' }).success).toBe(
      false,
    );
  });

  it('reads every field from strings and ignores unknown keys', () => {
    expect(
      leadsQuerySchema.parse({
        collectionId: '3',
        lastId: '-1',
        isExcluded: 'false',
        limit: '200',
        foo: 'bar',
      }),
    ).toEqual({ collectionId: 3, lastId: -1, isExcluded: false, limit: 200, sort: 'oldest' });
    expect(leadsQuerySchema.parse({ collectionId: 'all', lastId: '120', isExcluded: 'true' })).toEqual({
      collectionId: 'all',
      lastId: 120,
      isExcluded: true,
      limit: 20,
      sort: 'oldest',
    });
  });

  it('fails on bad values', () => {
    expect(leadsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(leadsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(leadsQuerySchema.safeParse({ lastId: '-2' }).success).toBe(false);
    expect(leadsQuerySchema.safeParse({ collectionId: 'some' }).success).toBe(false);
    expect(leadsQuerySchema.safeParse({ isExcluded: 'maybe' }).success).toBe(false);
  });

  it('parses the answer', () => {
    expect(leadsListResponseSchema.parse({ leads: [lead], totalCount: 1, nextCursor: null })).toEqual({
      leads: [lead],
      totalCount: 1,
      nextCursor: null,
    });
    expect(leadSchema.safeParse({ ...lead, messageSentAt: 'yesterday' }).success).toBe(false);
  });
});

describe('PATCH and POST /api/leads', () => {
  it('toggles exclusion', () => {
    expect(updateLeadBodySchema.parse({ id: 5, isExcluded: true })).toEqual({ id: 5, isExcluded: true });
    expect(updateLeadBodySchema.safeParse({ id: 5, isExcluded: 'true' }).error?.issues[0]?.message).toBe(
      'isExcluded must be true or false',
    );
    expect(updateLeadBodySchema.safeParse({ id: -5, isExcluded: true }).success).toBe(false);
  });

  it('normalises and defaults bulk leads', () => {
    const body = createLeadsBodySchema.parse({
      collectionId: 2,
      leads: [{ profileUrl: 'https://www.facebook.com/anna/', name: ' Anna ', firstName: '' }],
    });
    expect(body).toEqual({
      collectionId: 2,
      leads: [
        {
          profileUrl: 'https://facebook.com/anna',
          name: 'Anna',
          firstName: null,
          lastName: null,
          avatarUrl: null,
          // Unknown until the lead's first visit shows whether a Message button is there.
          hasMessageButton: null,
          source: null,
        },
      ],
    });
  });

  it('refuses bad links, empty and oversized batches', () => {
    const bad = createLeadsBodySchema.safeParse({ collectionId: 2, leads: [{ profileUrl: 'anna' }] });
    expect(bad.error?.issues[0]?.message).toBe('Profile URL must be an http(s) link to a profile');
    expect(bad.error?.issues[0]?.path).toEqual(['leads', 0, 'profileUrl']);
    expect(createLeadsBodySchema.safeParse({ collectionId: 2, leads: [] }).success).toBe(false);
    const many = Array.from({ length: LEADS_BULK_MAX + 1 }, (_, i) => ({ profileUrl: `https://x.com/${i}` }));
    expect(createLeadsBodySchema.safeParse({ collectionId: 2, leads: many }).error?.issues[0]?.message).toBe(
      'Send at most 10000 leads per call',
    );
    expect(
      createLeadsBodySchema.safeParse({ collectionId: 'all', leads: [{ profileUrl: 'https://x.com/a' }] })
        .success,
    ).toBe(false);
    expect(
      createLeadsBodySchema.safeParse({
        collectionId: 2,
        leads: [{ profileUrl: 'https://x.com/a', avatarUrl: 'data:image/png;base64,AAAA' }],
      }).success,
    ).toBe(false);
  });

  it('parses the bulk answer', () => {
    expect(createLeadsResponseSchema.parse({ created: 3, duplicates: 1 })).toEqual({
      created: 3,
      duplicates: 1,
    });
    expect(createLeadsResponseSchema.safeParse({ created: -1, duplicates: 0 }).success).toBe(false);
  });
});

describe('lead import', () => {
  it('reads the multipart fields', () => {
    expect(importLeadsFieldsSchema.parse({ collectionId: '4', shouldClear: 'true' })).toEqual({
      collectionId: 4,
      shouldClear: true,
    });
    expect(
      importLeadsFieldsSchema.parse({ collectionId: '4', shouldClear: 'false', importId: 'abc-1' }),
    ).toEqual({
      collectionId: 4,
      shouldClear: false,
      importId: 'abc-1',
    });
    expect(importLeadsFieldsSchema.parse({ collectionId: '4' }).shouldClear).toBe(false);
    expect(importLeadsFieldsSchema.safeParse({ collectionId: '4', importId: '../x' }).success).toBe(false);
    expect(importLeadsFieldsSchema.safeParse({ collectionId: 'all' }).success).toBe(false);
  });

  it('bounds the invalid-line list of the answer', () => {
    const answer = {
      importId: 'imp1',
      imported: 10,
      duplicates: 2,
      invalid: [{ line: 3, reason: 'Missing profile URL' }],
      invalidCount: 1,
    };
    expect(importLeadsResponseSchema.parse(answer)).toEqual(answer);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ line: i + 2, reason: 'x' }));
    expect(
      importLeadsResponseSchema.safeParse({ ...answer, invalid: tooMany, invalidCount: 101 }).success,
    ).toBe(false);
  });

  it('maps CSV headers through the alias table', () => {
    expect(LEAD_CSV_HEADER_ALIASES.profileUrl).toContain('url');
    expect(leadCsvFieldForHeader('\uFEFFProfile URL')).toBe('profileUrl');
    expect(leadCsvFieldForHeader('link')).toBe('profileUrl');
    expect(leadCsvFieldForHeader('Full Name')).toBe('name');
    expect(leadCsvFieldForHeader('first_name')).toBe('firstName');
    expect(leadCsvFieldForHeader('LastName')).toBe('lastName');
    expect(leadCsvFieldForHeader('email')).toBeNull();
  });

  it('parses a mapped CSV row and builds a missing name', () => {
    expect(
      leadCsvRowSchema.parse({
        profileUrl: ' https://m.facebook.com/anna ',
        firstName: 'Anna',
        lastName: 'Smith',
      }),
    ).toEqual({
      profileUrl: 'https://facebook.com/anna',
      name: 'Anna Smith',
      firstName: 'Anna',
      lastName: 'Smith',
    });
    expect(
      leadCsvRowSchema.parse({ profileUrl: 'https://x.com/b', name: 'Bo', firstName: '', lastName: '' }),
    ).toEqual({ profileUrl: 'https://x.com/b', name: 'Bo', firstName: null, lastName: null });
    expect(leadCsvRowSchema.parse({ profileUrl: 'https://x.com/c' }).name).toBeNull();
  });

  it('refuses a CSV row without a usable link', () => {
    expect(leadCsvRowSchema.safeParse({ profileUrl: '' }).error?.issues[0]?.message).toBe(
      'Missing profile URL',
    );
    expect(leadCsvRowSchema.safeParse({ name: 'Anna' }).error?.issues[0]?.message).toBe(
      'Missing profile URL',
    );
    expect(leadCsvRowSchema.safeParse({ profileUrl: 'www.x.com/a' }).error?.issues[0]?.message).toBe(
      'Profile URL must be an http(s) link to a profile',
    );
  });
});

describe('DELETE /api/leads/clear', () => {
  it('needs one real collection', () => {
    expect(clearLeadsQuerySchema.parse({ collectionId: '9' })).toEqual({ collectionId: 9 });
    expect(clearLeadsQuerySchema.safeParse({ collectionId: 'all' }).success).toBe(false);
    expect(clearLeadsQuerySchema.safeParse({}).success).toBe(false);
  });
});
