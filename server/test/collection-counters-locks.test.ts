import http from 'node:http';
import { contract, urlOf } from '@reachly/shared/contract';
import type { RealtimePayload } from '@reachly/shared/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { startEngineServer } from './helpers/campaign-run.ts';
import { claimedFriendRequest, csvOf, expectExact, kept, recount } from './helpers/lead-counters.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * What keeping the collection counters locks (issue 18): nothing an engine write waits on. Writers
 * insert delta rows into lead_counts and never update a shared counter row, and the rows have no
 * key to collections whose check would wait on a collection's lock. So an engine outcome for a lead
 * goes through while an import into the same collection is left open (its transaction spans the
 * upload), and while the collection is locked for its deletion, which waits for that lead's row:
 * with a counter row, or the key, each would wait for the other's transaction (a hang here, a
 * deadlock in the stress run that found it). PostgreSQL only: PGlite has one connection, so there
 * nothing runs beside an open transaction at all.
 */
const clock = new ManualClock('2026-06-02T09:30:00Z');
let server: TestServer;
const postgres = process.env.TEST_DB === 'postgres';
beforeAll(async () => {
  if (postgres) server = await startEngineServer(clock);
});
afterAll(() => server?.close());

type Progress = RealtimePayload<'leads-import-progress'>;

describe.runIf(postgres)('an engine write beside locks on its collection', () => {
  it('is done while an import into the same collection is left open', async () => {
    const { account, collectionId, executor, socket, task } = await claimedFriendRequest(server, 'open');
    // An import whose first chunk is written in its open transaction; the rest of the file waits.
    const pushes = collect(socket, 'leads-import-progress') as Progress[];
    const boundary = 'reachly-counters-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="collectionId"\r\n\r\n${collectionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="importId"\r\n\r\nheld\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const csv = csvOf('held', 12_000);
    const cut = csv.indexOf('held-10000,');
    const tail = `\r\n--${boundary}--\r\n`;
    const req = http.request(new URL(urlOf(contract.leads.import, {}), server.url), {
      method: 'POST',
      headers: {
        authorization: account.accessToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(Buffer.byteLength(head) + Buffer.byteLength(csv) + Buffer.byteLength(tail)),
      },
    });
    let answered = false;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString();
        });
        res.on('end', () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
    });
    req.write(head);
    req.write(csv.slice(0, cut));
    await vi.waitFor(() => expect(pushes.some((p) => p.importId === 'held' && p.imported > 0)).toBe(true), {
      timeout: 20_000,
    });

    // The engine writes the lead's request (a delta row of the same collection) while the import's
    // transaction is still open; its own rows are not seen yet.
    await executor.report(task, { status: 'done', data: {} });
    expect(answered).toBe(false);
    const counted = await kept(server, account.organizationId);
    expect(counted).toEqual([
      expect.objectContaining({ id: collectionId, profiles: 2, sentFriendRequests: 1 }),
    ]);
    expect(await recount(server, account.organizationId)).toEqual(counted);

    req.end(`${csv.slice(cut)}${tail}`);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await expectExact(server, account)).toEqual([
      expect.objectContaining({ profiles: 12_002, sentFriendRequests: 1 }),
    ]);
  });

  it('is done while its collection is locked for deletion, which then deletes it', async () => {
    const { account, collectionId, executor, task } = await claimedFriendRequest(server, 'deleting');
    const db = server.database.db;
    // The deletion's first step (collections-service remove): the collection's row FOR UPDATE.
    const deletion = await db.transaction();
    try {
      await deletion('collections').where({ id: collectionId }).forUpdate().first('id');
      await executor.report(task, { status: 'done', data: {} });
      expect(await kept(server, account.organizationId)).toEqual([
        expect.objectContaining({ id: collectionId, profiles: 2, sentFriendRequests: 1 }),
      ]);
      await deletion('leads').where({ collection_id: collectionId }).delete();
      await deletion('collections').where({ id: collectionId }).delete();
      await deletion.commit();
    } finally {
      if (!deletion.isCompleted()) await deletion.rollback();
    }
    expect(await db('lead_counts').where({ collection_id: collectionId }).first('id')).toBeUndefined();
    expect(await expectExact(server, account)).toEqual([]);
  });
});
