import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, urlOf } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorOf,
  callAs,
  countRows,
  registerAccount,
  startTestServer,
  type TestServer,
} from './helpers/test-server.ts';

const releases = mkdtempSync(path.join(tmpdir(), 'reachly-releases-'));
const installer = Buffer.alloc(256 * 1024, 7);
writeFileSync(path.join(releases, 'reachly-windows.msi'), installer);
writeFileSync(path.join(releases, 'reachly-linux.deb'), 'deb package');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RELEASES_DIR: releases });
});
afterAll(() => server?.close());

interface ErrorBody {
  error: { code: string; message: string };
}

describe('GET /api/downloadApp', () => {
  it('streams the installer with Content-Length and Content-Disposition, without a session', async () => {
    // A download: the typed client answers the Response itself (its status checked: 200).
    const res = await server.call(contract.public.downloadApp, { query: { os: 'windows', format: 'msi' } });
    expect(res.headers.get('content-length')).toBe(String(installer.length));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=reachly-windows.msi');
    expect(Buffer.from(await res.arrayBuffer()).equals(installer)).toBe(true);
    const linux = await server.call(contract.public.downloadApp, { query: { os: 'linux' } });
    expect(await linux.text()).toBe('deb package');
  });

  it('answers 404 JSON for an installer that is not there', async () => {
    const error = await apiErrorOf(server.call(contract.public.downloadApp, { query: { os: 'macos-m' } }));
    expect(error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'reachly-macos-m.dmg is not available yet.',
    });
    expect(error.details).toBeUndefined();
  });

  for (const query of [
    '',
    '?os=android',
    '?os=linux&format=msi',
    '?os=windows&format=exe',
    '?os=../etc/passwd',
  ]) {
    it(`answers 400 for ${query || 'no os'}`, async () => {
      const fields = Object.fromEntries(new URLSearchParams(query));
      await expect(server.call(contract.public.downloadApp, { query: fields })).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    });
  }
});

describe('POST /api/summary', () => {
  it('counts each visit key per day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const read = async () =>
      Number(
        (
          await server.database
            .db('visit_counters')
            .where({ key: 'uniqueVisits' })
            .whereRaw('day = ?::date', [day])
            .first()
        )?.count ?? 0,
      );
    const before = await read();
    // Three visitors (another browser each), one of whom comes back: counted once a day each.
    for (const visitor of [1, 2, 3, 1]) {
      const browser = callAs(server.url, { 'user-agent': `visitor-${visitor}-${day}` });
      expect(await browser(contract.public.summary, { body: { key: 'uniqueVisits' } })).toEqual({ ok: true });
    }
    expect(await read()).toBe(before + 3);
  });

  it('refuses the counters the server writes itself (403) and counts nothing', async () => {
    const before = await countRows(server, 'visit_counters');
    for (const key of ['purchasedTotal', 'purchasedFirstTime', 'startedTrial', 'singedUp'] as const) {
      await expect(server.call(contract.public.summary, { body: { key } })).rejects.toMatchObject({
        status: 403,
        message: `${key} is counted by the server only.`,
      });
    }
    expect(await countRows(server, 'visit_counters')).toBe(before);
  });

  it('answers 400 for an unknown key and counts nothing', async () => {
    const before = await countRows(server, 'visit_counters');
    // A key outside the contract's list: raw.
    const res = await server.client().post<ErrorBody>(urlOf(contract.public.summary, {}), {
      json: { key: 'pageViews' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^key must be one of uniqueVisits/);
    expect(await countRows(server, 'visit_counters')).toBe(before);
  });
});

describe('POST /api/emit', () => {
  it('stores a visitor event with its extra fields', async () => {
    // The typed client refuses any status but 200.
    await server.call(contract.public.emit, {
      body: {
        type: 'clientLoaded',
        source: 'client',
        url: 'http://localhost/x',
        hasGuestId: true,
        mongoAttributes: { a: 1 },
        screen: '1920x1080',
      },
    });
    const row = await server.database
      .db('client_events')
      .where({ type: 'clientLoaded' })
      .orderBy('id', 'desc')
      .first();
    expect(row).toMatchObject({
      source: 'client',
      url: 'http://localhost/x',
      organization_id: null,
      user_id: null,
    });
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    expect(payload).toEqual({ hasGuestId: true, mongoAttributes: { a: 1 }, screen: '1920x1080' });
  });

  it('accepts the noGuestId body and keeps the guest id', async () => {
    await server.call(contract.public.emit, {
      body: { type: 'noGuestId', guestId: 'guest-42', source: 'client', url: 'http://localhost/' },
    });
    expect(await countRows(server, 'client_events', { type: 'noGuestId', guest_id: 'guest-42' })).toBe(1);
  });

  it('records the user and organisation of a signed-in page', async () => {
    const account = await registerAccount(server);
    await account.call(contract.public.emit, {
      body: { type: 'loadedAuthorizedDesktopApp', source: 'client' },
    });
    const row = await server.database.db('client_events').where({ user_id: account.id }).first();
    expect(row.organization_id).toBe(account.organizationId);
  });

  for (const type of [42, null, { a: 1 }, ['x']]) {
    it(`refuses a type of ${JSON.stringify(type)}: "Event type must be string"`, async () => {
      const before = await countRows(server, 'client_events');
      // A type that is not a string: raw.
      const res = await server.client().post<ErrorBody>(urlOf(contract.public.emit, {}), {
        json: { type, source: 'client' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Event type must be string');
      expect(await countRows(server, 'client_events')).toBe(before);
    });
  }

  it('refuses a noGuestId event without its guestId, and an oversized body', async () => {
    const before = await countRows(server, 'client_events');
    const emit = (body: { type: string; [field: string]: unknown }) =>
      server.call(contract.public.emit, { body });
    await expect(emit({ type: 'noGuestId' })).rejects.toMatchObject({ status: 400 });
    await expect(emit({ type: 'x', blob: 'y'.repeat(20_000) })).rejects.toMatchObject({ status: 400 });
    expect(await countRows(server, 'client_events')).toBe(before);
  });
});

describe('PATCH /api/user/machineData and the offered desktop version', () => {
  const machine = {
    machineId: 'machine-1',
    reachlyVersion: '1.2.0',
    extensionVersion: '1.2.0',
    platform: 'linux',
    OS: 'Ubuntu 24.04',
  };

  it('stores machine data per user and machine, updating on repeat', async () => {
    const account = await registerAccount(server);
    expect(await account.call(contract.user.machineData, { body: machine })).toEqual({ ok: true });
    await account.call(contract.user.machineData, { body: { ...machine, reachlyVersion: '1.3.0' } });
    await account.call(contract.user.machineData, { body: { ...machine, machineId: 'machine-2' } });
    const rows = await server.database
      .db('machine_data')
      .where({ user_id: account.id })
      .orderBy('machine_id');
    expect(rows.map((r) => [r.machine_id, r.reachly_version, r.os])).toEqual([
      ['machine-1', '1.3.0', 'Ubuntu 24.04'],
      ['machine-2', '1.2.0', 'Ubuntu 24.04'],
    ]);
  });

  it('refuses bad machine data and anonymous callers, writing nothing', async () => {
    const account = await registerAccount(server);
    await expect(
      account.call(contract.user.machineData, { body: { ...machine, machineId: '' } }),
    ).rejects.toMatchObject({ status: 400 });
    // A mistyped version and missing fields: raw.
    for (const body of [{ ...machine, reachlyVersion: 3 }, { machineId: 'x' }]) {
      const res = await account.api.patch<ErrorBody>(urlOf(contract.user.machineData, {}), { json: body });
      expect(res.status).toBe(400);
    }
    await expect(server.call(contract.user.machineData, { body: machine })).rejects.toMatchObject({
      status: 401,
    });
    expect(await countRows(server, 'machine_data', { user_id: account.id })).toBe(0);
  });

  it('refuses text with a NUL character (PostgreSQL cannot store it) with 400, not 500', async () => {
    const account = await registerAccount(server);
    await expect(
      account.call(contract.user.machineData, { body: { ...machine, machineId: 'a\u0000b' } }),
    ).rejects.toMatchObject({ status: 400, message: 'machineId: text must not contain NUL characters' });
    await expect(
      server.call(contract.public.emit, { body: { type: 'x', extra: { deep: '\u0000' } } }),
    ).rejects.toMatchObject({ status: 400, message: 'extra.deep: text must not contain NUL characters' });
    expect(await countRows(server, 'machine_data', { user_id: account.id })).toBe(0);
  });

  it('GET /api/user carries the offered desktop version once an admin sets it', async () => {
    const account = await registerAccount(server);
    const before = await account.call(contract.user.get);
    expect(before.offeredDesktopVersion).toBeNull();
    await server.running.ctx.settings.setOfferedDesktopVersion('2.0.1');
    const after = await account.call(contract.user.get);
    expect(after.offeredDesktopVersion).toBe('2.0.1');
  });
});
