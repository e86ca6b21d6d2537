import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { killMainProcesses, type MainProcess, startMain } from './helpers/main-process.ts';
import { openTestDatabase, type TestDatabase, testDbKind } from './helpers/test-database.ts';
import { callAs, uniqueEmail } from './helpers/test-server.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * Webhook deliveries across real server processes (issue 20), each `server/src/main.ts` in its own
 * Node process on one PostgreSQL database, as a deployment runs them: a process killed (SIGKILL, no
 * shutdown code) with deliveries in flight, then started again; two processes sending side by side.
 * Every event is acknowledged exactly once by a receiver on loopback. PGlite is one process's
 * embedded database, so this runs on PostgreSQL only; webhooks-delivery.test.ts covers the same
 * rules in process on both.
 */
afterAll(killMainProcesses);

const SEND_TIMEOUT_MS = 10_000;
const until = async <T>(what: string, check: () => T | null | false, ms = 120_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(testDbKind() === 'postgres')('webhook deliveries across server processes', () => {
  let database: TestDatabase;
  const receiver = new WebhookReceiver();
  afterAll(async () => {
    killMainProcesses();
    await receiver.close();
    await database?.destroy();
  });

  /** A server process of the deployment: the database and the sealing key are the same for all. */
  const env = (key: string) => ({
    DATABASE_URL: database.url as string,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reachly-hooks-')),
    PROXY_SECRET_KEY: key,
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_INTERVAL_MS: '100',
    WEBHOOKS_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
    AUTH_RATE_LIMIT: '1000',
  });
  async function started(process: MainProcess): Promise<string> {
    const out = await process.ready;
    if (!out.url) throw new Error(`the server did not start:\n${out.stdout}\n${out.stderr}`);
    return out.url;
  }

  it('a process killed mid-send, then started again: every event acknowledged once; two processes side by side: the same', async () => {
    database = await openTestDatabase();
    await receiver.start();
    const key = randomBytes(32).toString('hex');
    const first = startMain(env(key));
    const firstUrl = await started(first);
    const { user } = await callAs(firstUrl)(contract.auth.register, {
      body: { email: uniqueEmail('hooks-processes'), password: 'password-123' },
    });
    const as = (url: string) => callAs(url, { authorization: user.accessToken });
    const endpoint = await as(firstUrl)(contract.webhooks.create, {
      body: { url: receiver.url, events: ['lead.status_changed'] },
    });

    // The receiver holds every request: the first process's sends are in flight when it is killed.
    receiver.answer = () => 'hold';
    const inFlight = 5;
    for (let i = 0; i < inFlight; i += 1) {
      await as(firstUrl)(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    }
    await until('the sends in flight', () => receiver.requests.length >= inFlight);
    await first.kill();
    receiver.answer = () => 200;

    // Started again, the process sends them once their claims lapse (the timeout and a margin).
    const again = startMain(env(key));
    const againUrl = await started(again);
    await until('the resends', () => receiver.acknowledged().size === inFlight, 120_000);

    // A second process beside it: events made through both, sent by whichever claims them first.
    const second = startMain(env(key));
    const secondUrl = await started(second);
    receiver.delayMs = 5;
    const sideBySide = 30;
    for (let i = 0; i < sideBySide; i += 1) {
      await as(i % 2 ? secondUrl : againUrl)(contract.webhooks.sendTest, { params: { id: endpoint.id } });
    }
    const total = inFlight + sideBySide;
    const acknowledged = await until('every event acknowledged', () => {
      const acks = receiver.acknowledged();
      return acks.size === total ? acks : null;
    });
    expect([...acknowledged.values()].every((n) => n === 1)).toBe(true);
    // Only the killed process's sends were ever sent twice: two processes never both sent one.
    expect(receiver.requests.filter((r) => r.status === null)).toHaveLength(inFlight);
    expect(receiver.requests).toHaveLength(total + inFlight);
    const { deliveries } = await as(secondUrl)(contract.webhooks.deliveries, { params: { id: endpoint.id } });
    expect(deliveries.map((d) => d.status)).toEqual(new Array(total).fill('delivered'));
    await Promise.all([again.stop(), second.stop()]);
  }, 300_000);
});
