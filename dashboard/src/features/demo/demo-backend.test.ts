import { CONVERSATION_STATUS_VALUES, LOGIN_STATUSES, PROXY_SOURCE_MODES } from '@reachly/shared/constants';
import { isLicenseValid } from '@reachly/shared/logic';
import {
  clearLeadsResponseSchema,
  collectionSchema,
  collectionsListResponseSchema,
  conversationSchema,
  conversationsColumnResponseSchema,
  conversationsGroupedResponseSchema,
  conversationWithMessagesSchema,
  createLeadsResponseSchema,
  deletedIdResponseSchema,
  importLeadsResponseSchema,
  leadSchema,
  leadsListResponseSchema,
  okResponseSchema,
  profileSchema,
  profilesListResponseSchema,
  trafficSchema,
  userResponseSchema,
} from '@reachly/shared/schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '../../lib/api.ts';
import { demoDataset, handleDemoRequest, resetDemoBackend } from './demo-backend.ts';
import { createDemoDataset } from './demo-dataset.ts';

const call = (path: string, request: ApiRequest = {}) => handleDemoRequest(path, request);

beforeEach(() => resetDemoBackend({ latencyMs: 0 }));

describe('demo dataset', () => {
  it('is rich and deterministic', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const a = createDemoDataset(now);
    expect(createDemoDataset(now)).toEqual(a);
    expect(a.collections).toHaveLength(4);
    expect(a.leads).toHaveLength(120);
    expect(a.conversations).toHaveLength(60);
    expect(new Set(a.conversations.map((c) => c.status))).toEqual(new Set(CONVERSATION_STATUS_VALUES));
    expect(a.conversations.every((c) => c.messages.length >= 1)).toBe(true);
    expect(a.profiles).toHaveLength(8);
    expect(new Set(a.profiles.map((p) => p.proxySource))).toEqual(new Set(PROXY_SOURCE_MODES));
    expect(new Set(a.profiles.map((p) => p.loginStatus))).toEqual(new Set(LOGIN_STATUSES));
    expect(a.user.email).toBe('demo@reachly.example');
    expect(a.user.organizationId).toBe(0);
    expect(a.user.paymentTexts.map((p) => p.method).sort()).toEqual(['CARD_NUMBER', 'ZELLE']);
    expect(a.user.license.isTrial).toBe(true);
    expect(Date.parse(a.user.license.licenseTill ?? '') - now.getTime()).toBe(7 * 86_400_000);
    expect(isLicenseValid(a.user.license, now)).toBe(true);
  });
});

describe('demo backend answers with the shapes of the shared schemas', () => {
  it('user, traffic and machine data', async () => {
    expect(userResponseSchema.parse(await call('/api/user'))).toMatchObject({
      email: 'demo@reachly.example',
    });
    const traffic = trafficSchema.parse(await call('/api/traffic'));
    expect(BigInt(traffic.remainingTraffic)).toBe(BigInt(traffic.trafficLimit) - BigInt(traffic.usedTraffic));
    const machine = {
      machineId: 'm',
      reachlyVersion: '1.0.0',
      extensionVersion: null,
      platform: 'linux',
      OS: 'Ubuntu',
    };
    okResponseSchema.parse(await call('/api/user/machineData', { method: 'PATCH', json: machine }));
    expect(demoDataset().machineData).toEqual(machine);
  });

  it('collections: list with counts, create, rename, duplicate name, delete with its leads', async () => {
    const list = collectionsListResponseSchema.parse(await call('/api/collections'));
    expect(list.map((c) => c.profiles)).toEqual([40, 35, 30, 15]);
    expect(list.every((c) => c.sentMessages > 0 && c.hasMessageButton >= c.sentMessages)).toBe(true);
    const created = collectionSchema.parse(
      await call('/api/collections', { method: 'POST', json: { name: 'Dentists' } }),
    );
    expect(created).toMatchObject({ name: 'Dentists', profiles: 0 });
    await expect(
      call('/api/collections', { method: 'POST', json: { name: 'Dentists' } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(call('/api/collections', { method: 'POST', json: { name: '  ' } })).rejects.toMatchObject({
      status: 400,
      message: 'Collection name must not be empty',
    });
    const renamed = collectionSchema.parse(
      await call(`/api/collections/${created.id}`, { method: 'PATCH', json: { name: 'Dentists (TX)' } }),
    );
    expect(renamed.name).toBe('Dentists (TX)');
    expect(deletedIdResponseSchema.parse(await call('/api/collections/1', { method: 'DELETE' }))).toEqual({
      id: 1,
    });
    expect(demoDataset().leads.some((l) => l.collectionId === 1)).toBe(false);
    expect(demoDataset().conversations.some((c) => c.collectionId === 1)).toBe(false);
    await expect(call('/api/collections/1', { method: 'DELETE' })).rejects.toMatchObject({ status: 404 });
  });

  it('leads: keyset pages, the excluded filter, toggling, adding and clearing', async () => {
    const first = leadsListResponseSchema.parse(
      await call('/api/leads', { query: { collectionId: 1, lastId: -1, isExcluded: false } }),
    );
    const notExcluded = demoDataset().leads.filter((l) => l.collectionId === 1 && !l.isExcluded).length;
    expect(first.totalCount).toBe(notExcluded);
    expect(first.leads).toHaveLength(20);
    const next = leadsListResponseSchema.parse(
      await call('/api/leads', {
        query: { collectionId: 1, lastId: first.leads.at(-1)?.id, isExcluded: false },
      }),
    );
    expect(next.leads[0]?.id).toBeGreaterThan(first.leads.at(-1)?.id ?? 0);
    const lead = first.leads[0];
    if (!lead) throw new Error('no lead');
    expect(
      leadSchema.parse(
        await call('/api/leads', { method: 'PATCH', json: { id: lead.id, isExcluded: true } }),
      ),
    ).toMatchObject({ id: lead.id, isExcluded: true });
    const excluded = leadsListResponseSchema.parse(
      await call('/api/leads', { query: { collectionId: 1, lastId: -1, isExcluded: true, limit: 200 } }),
    );
    expect(excluded.leads.map((l) => l.id)).toContain(lead.id);
    const added = createLeadsResponseSchema.parse(
      await call('/api/leads', {
        method: 'POST',
        json: {
          collectionId: 4,
          leads: [
            { profileUrl: 'https://www.facebook.com/new.person' },
            { profileUrl: 'https://facebook.com/new.person/' },
            { profileUrl: demoDataset().leads.find((l) => l.collectionId === 4)?.profileUrl },
          ],
        },
      }),
    );
    expect(added).toEqual({ created: 1, duplicates: 2 });
    expect(
      clearLeadsResponseSchema.parse(
        await call('/api/leads/clear', { method: 'DELETE', query: { collectionId: 4 } }),
      ),
    ).toEqual({ deleted: 16 });
    const cleared = collectionsListResponseSchema
      .parse(await call('/api/collections'))
      .find((c) => c.id === 4);
    expect(cleared?.profiles).toBe(0);
  });

  it('imports a small CSV with the server summary', async () => {
    const form = new FormData();
    form.set('collectionId', '2');
    form.set('importId', 'imp-1');
    const csv = [
      'Profile URL,First name,Last name',
      'https://facebook.com/jo.bloggs,Jo,Bloggs',
      'https://facebook.com/jo.bloggs,Jo,Bloggs',
      'not a link,Bad,Line',
      '"https://facebook.com/ann.lee","Ann","Lee"',
    ].join('\n');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    const summary = importLeadsResponseSchema.parse(
      await call('/api/leads/import', { method: 'POST', body: form }),
    );
    expect(summary).toEqual({
      importId: 'imp-1',
      imported: 2,
      duplicates: 1,
      invalid: [{ line: 4, reason: 'Profile URL must be an http(s) link to a profile' }],
      invalidCount: 1,
    });
    expect(demoDataset().leads.find((l) => l.profileUrl === 'https://facebook.com/ann.lee')).toMatchObject({
      collectionId: 2,
      name: 'Ann Lee',
    });
  });

  it('conversations: grouped with counts, column paging, search, detail, and a move with the funnel ranks', async () => {
    const grouped = conversationsGroupedResponseSchema.parse(
      await call('/api/conversations', { query: { collectionId: null, limit: 50, groupByStatus: true } }),
    );
    expect(grouped.totalCount).toBe(60);
    expect(Object.values(grouped.statusCounts).every((n) => n > 0)).toBe(true);
    expect(grouped.statusCounts.sent).toBe(12);

    const page1 = conversationsColumnResponseSchema.parse(
      await call('/api/conversations', { query: { collectionId: 'all', status: 'sent', limit: 10 } }),
    );
    expect(page1).toMatchObject({ hasMore: true });
    const last = page1.conversations.at(-1);
    const page2 = conversationsColumnResponseSchema.parse(
      await call('/api/conversations', {
        query: { collectionId: 'all', status: 'sent', limit: 10, lastOrder: last?.order, lastId: last?.id },
      }),
    );
    expect(page2.conversations).toHaveLength(2);
    expect(page2.hasMore).toBe(false);

    const searched = conversationsGroupedResponseSchema.parse(
      await call('/api/conversations', { query: { search: 'BOOKED THURSDAY' } }),
    );
    expect(searched.totalCount).toBe(4);
    expect(searched.statusCounts.booked).toBe(4);

    const card = grouped.conversations.sent[0];
    if (!card) throw new Error('no card');
    const detail = conversationWithMessagesSchema.parse(await call(`/api/conversations/${card.id}`));
    expect(detail.messages.length).toBeGreaterThan(0);

    const booked = grouped.conversations.booked;
    const moved = conversationSchema.parse(
      await call('/api/conversations', {
        method: 'PATCH',
        json: { id: card.id, fields: { order: 1, status: 'booked' } },
      }),
    );
    expect(moved.status).toBe('booked');
    expect(moved.statusUpdateDate).not.toBeNull();
    expect(moved.order).toBeGreaterThan(booked[0]?.order ?? Number.NaN);
    expect(moved.order).toBeLessThan(booked[1]?.order ?? Number.NaN);
    const after = conversationsGroupedResponseSchema.parse(await call('/api/conversations'));
    expect(after.statusCounts).toMatchObject({ sent: 11, booked: 5 });
    expect(after.conversations.booked.map((c) => c.id)[1]).toBe(card.id);
  });

  it('profiles: filters, paging, create with the password never sent back, update and delete', async () => {
    const all = profilesListResponseSchema.parse(
      await call('/api/profiles', { query: { page: 1, limit: 20 } }),
    );
    expect(all).toMatchObject({ total: 8, hasMore: false, page: 1 });
    expect(all.profiles.some((p) => 'proxyPassword' in p)).toBe(false);
    const notReady = profilesListResponseSchema.parse(
      await call('/api/profiles', { query: { notReadyOnly: true } }),
    );
    expect(notReady.profiles.every((p) => !p.isReady)).toBe(true);
    expect(notReady.total).toBeGreaterThan(0);
    const checkpoint = profilesListResponseSchema.parse(
      await call('/api/profiles', { query: { loginStatus: 'checkpoint' } }),
    );
    expect(checkpoint.profiles.map((p) => p.name)).toEqual(['Noah Fischer']);
    const paged = profilesListResponseSchema.parse(
      await call('/api/profiles', { query: { page: 2, limit: 3 } }),
    );
    expect(paged).toMatchObject({ total: 8, hasMore: true, page: 2 });

    const created = profileSchema.parse(
      await call('/api/profiles', {
        method: 'POST',
        json: {
          name: 'New one',
          proxySource: 'MANUAL',
          HTTPProxyAddress: 'http://bob:s3cret@203.0.113.9:8080',
          proxyTimezone: 'europe/berlin',
        },
      }),
    );
    expect(created).toMatchObject({
      HTTPProxyAddress: 'http://203.0.113.9:8080',
      proxyLogin: 'bob',
      hasProxyPassword: true,
      proxyTimezone: 'Europe/Berlin',
      proxyType: 'manual',
      isReady: false,
    });
    expect(JSON.stringify(created)).not.toContain('s3cret');
    await expect(
      call('/api/profiles', { method: 'POST', json: { name: 'x', proxySource: 'MANUAL' } }),
    ).rejects.toMatchObject({ status: 400, message: 'A manual proxy needs an address' });
    const updated = profileSchema.parse(
      await call('/api/profiles', { method: 'PATCH', json: { id: created.id, loginStatus: 'logged-in' } }),
    );
    expect(updated.isReady).toBe(true);
    const dropped = profileSchema.parse(
      await call('/api/profiles', { method: 'PATCH', json: { id: created.id, proxySource: 'NOT_USE' } }),
    );
    expect(dropped).toMatchObject({ HTTPProxyAddress: null, proxyType: null, hasProxyPassword: false });
    expect(
      deletedIdResponseSchema.parse(
        await call('/api/profiles', { method: 'DELETE', query: { id: created.id } }),
      ),
    ).toEqual({ id: created.id });
  });
});

describe('demo backend boundaries', () => {
  it('never calls fetch, answers an unknown route with a 404 ApiError and waits its latency', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    resetDemoBackend({ latencyMs: 150 });
    vi.useFakeTimers();
    let settled = false;
    const pending = call('/api/user').then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    await pending;
    expect(settled).toBe(true);
    const unknown = call('/api/agent/profiles');
    const assertion = expect(unknown).rejects.toEqual(
      new ApiError(404, 'NOT_FOUND', 'Demo mode has no GET /api/agent/profiles.'),
    );
    await vi.advanceTimersByTimeAsync(200);
    await assertion;
    vi.useRealTimers();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('refuses a sign-up with a message instead of creating anything', async () => {
    await expect(
      call('/api/register', { method: 'POST', json: { email: 'a@example.com', password: 'password-123' } }),
    ).rejects.toEqual(new ApiError(403, 'FORBIDDEN', 'Leave the demo to create an account.'));
  });

  it('hands out copies: changing an answer does not change the demo data', async () => {
    const user = (await call('/api/user')) as { email: string };
    user.email = 'changed@example.com';
    expect(((await call('/api/user')) as { email: string }).email).toBe('demo@reachly.example');
  });
});
