import { type AgentTrafficBody, agentTrafficBodySchema } from '@reachly/shared/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createServerClient } from './server-client.ts';
import { type LocalServer, readText, startLocalServer, until } from './test-support.ts';
import { type ByteSource, createTrafficMeter } from './traffic-meter.ts';

/**
 * The traffic meter reporting to a small local stand-in for POST /api/agent/traffic (the real
 * route is covered end to end in tests/e2e/agent.test.ts): a failed report is kept and sent again,
 * summed with what came since, and a stopped profile's last bytes are reported.
 */

let endpoint: LocalServer;
let received: AgentTrafficBody[] = [];
let failNext = 0;
let used = 0n;

beforeAll(async () => {
  endpoint = await startLocalServer((req, res) => {
    void readText(req).then((text) => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/api/agent/traffic' || req.headers.authorization !== 'token-1') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'no' } }));
        return;
      }
      if (failNext > 0) {
        failNext -= 1;
        res.statusCode = 503;
        res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'down for a moment' } }));
        return;
      }
      const body = agentTrafficBodySchema.parse(JSON.parse(text));
      const gone = body.reports.filter((r) => r.profileId === 999).map((r) => r.profileId);
      if (gone.length > 0) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: { code: 'NOT_FOUND', message: 'Profile 999 not found.', details: { profileIds: gone } },
          }),
        );
        return;
      }
      received.push(body);
      for (const r of body.reports) used += BigInt(r.bytes);
      res.end(
        JSON.stringify({
          trafficLimit: '1000000',
          usedTraffic: used.toString(),
          remainingTraffic: (1_000_000n - used).toString(),
        }),
      );
    });
  });
});
afterAll(() => endpoint?.close());
beforeEach(() => {
  received = [];
  failNext = 0;
  used = 0n;
});

/** A byte source the test fills by hand (a ForwardingProxy in the agent). */
function counter(): ByteSource & { add(n: number): void } {
  let bytes = 0n;
  return {
    add(n) {
      bytes += BigInt(n);
    },
    takeBytes() {
      const b = bytes;
      bytes = 0n;
      return b;
    },
  };
}

describe('traffic meter', () => {
  it('keeps a failed report and sends it again, summed with the new bytes', async () => {
    const client = createServerClient(endpoint.url, 'token-1');
    const errors: string[] = [];
    const meter = createTrafficMeter({
      report: (body) => client.reportTraffic(body),
      intervalMs: 60_000,
      onError: (e) => errors.push(e.message),
    });
    const a = counter();
    const b = counter();
    meter.track(7, a);
    meter.track(8, b);
    a.add(1000);
    b.add(20);
    failNext = 1;
    expect(await meter.flush()).toBe(false);
    expect(errors[0]).toContain('503');
    expect(received).toEqual([]);
    expect(meter.pending()).toEqual(
      new Map([
        [7, 1000n],
        [8, 20n],
      ]),
    );

    a.add(500);
    expect(await meter.flush()).toBe(true);
    expect(received).toEqual([
      {
        reports: [
          { profileId: 7, bytes: '1500' },
          { profileId: 8, bytes: '20' },
        ],
      },
    ]);
    expect(meter.pending().size).toBe(0);
    // Nothing new: nothing sent.
    expect(await meter.flush()).toBe(true);
    expect(received).toHaveLength(1);
    expect(used).toBe(1520n);
  });

  it('reports on its interval, and a stopped profile’s last bytes on stop', async () => {
    const client = createServerClient(endpoint.url, 'token-1');
    const seen: string[] = [];
    const meter = createTrafficMeter({
      report: (body) => client.reportTraffic(body),
      intervalMs: 100,
      onReported: (traffic) => seen.push(traffic.remainingTraffic),
    });
    const a = counter();
    meter.track(3, a);
    a.add(42);
    meter.start();
    await until('the interval report', () => seen.length === 1);
    expect(received[0]).toEqual({ reports: [{ profileId: 3, bytes: '42' }] });
    expect(seen).toEqual(['999958']);

    a.add(8);
    meter.release(3);
    a.add(1000); // after release: no longer this meter's
    await meter.stop();
    expect(received.at(-1)).toEqual({ reports: [{ profileId: 3, bytes: '8' }] });
    expect(used).toBe(50n);
  });

  it('drops the bytes of a profile the server no longer knows, and reports the rest at once', async () => {
    const client = createServerClient(endpoint.url, 'token-1');
    const meter = createTrafficMeter({
      report: (body) => client.reportTraffic(body),
      intervalMs: 60_000,
      unknownProfiles: (error) => ((error as ApiError).details as { profileIds: number[] }).profileIds,
    });
    const kept = counter();
    const deleted = counter();
    meter.track(5, kept);
    meter.track(999, deleted);
    kept.add(300);
    deleted.add(700);
    expect(await meter.flush()).toBe(true);
    expect(received).toEqual([{ reports: [{ profileId: 5, bytes: '300' }] }]);
    deleted.add(10);
    expect(meter.pending().size).toBe(0);
  });

  it('answers a refused token as an ApiError with the status', async () => {
    const client = createServerClient(endpoint.url, 'wrong');
    await expect(client.reportTraffic({ reports: [{ profileId: 1, bytes: '1' }] })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    await expect(client.reportTraffic({ reports: [{ profileId: 1, bytes: '1' }] })).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
