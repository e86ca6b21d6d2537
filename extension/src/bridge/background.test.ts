// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBridge } from './background.ts';

/**
 * The relay to the desktop agent over real HTTP on loopback: a fake agent answers the bridge
 * requests the way shared/src/bridge.ts describes (node environment: happy-dom's fetch would apply
 * a page's CORS rules to a service worker's request).
 */
let agent: Server;
let agentUrl: string;
const seen: { path: string; token: string | undefined; body: unknown }[] = [];

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

beforeAll(async () => {
  agent = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({
      path: req.url ?? '',
      token: req.headers['x-reachly-agent-token'] as string | undefined,
      body,
    });
    res.setHeader('content-type', 'application/json');
    if (req.headers['x-reachly-agent-token'] !== 'agent-secret') {
      res.statusCode = 403;
      res.end(JSON.stringify({ ok: false, error: 'Bad agent token' }));
    } else if (req.url === '/bridge/get-machine-data') {
      res.end(
        JSON.stringify({
          ok: true,
          machineId: 'm-1',
          reachlyVersion: '1.2.3',
          platform: 'linux',
          OS: 'Debian',
        }),
      );
    } else if (req.url === '/bridge/get-proxy-timezone') {
      res.end(JSON.stringify({ ok: true, timezone: 'Europe/Berlin' }));
    } else {
      res.end(JSON.stringify({ ok: true }));
    }
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => agent.close(() => resolve())));

const session = () => ({ agentUrl, agentToken: 'agent-secret' });

describe('the bridge in the background', () => {
  it('relays a request to the agent without the page requestId and returns its answer', async () => {
    const answer = await answerBridge(
      {
        verb: 'get-proxy-timezone',
        detail: { requestId: 'r1', HTTPProxyAddress: '1.2.3.4:8080', proxyLogin: null, proxyPassword: null },
      },
      session(),
      '0.1.0',
    );
    expect(answer).toEqual({ ok: true, timezone: 'Europe/Berlin' });
    expect(seen.at(-1)).toEqual({
      path: '/bridge/get-proxy-timezone',
      token: 'agent-secret',
      body: { HTTPProxyAddress: '1.2.3.4:8080', proxyLogin: null, proxyPassword: null },
    });
  });

  it("adds the extension's version to the agent's machine data", async () => {
    expect(
      await answerBridge({ verb: 'get-machine-data', detail: { requestId: 'r2' } }, session(), '0.1.0'),
    ).toEqual({
      ok: true,
      machineId: 'm-1',
      reachlyVersion: '1.2.3',
      platform: 'linux',
      OS: 'Debian',
      extensionVersion: '0.1.0',
    });
  });

  it('without an agent: machine data has the extension version alone, the rest fails clearly', async () => {
    expect(
      await answerBridge({ verb: 'get-machine-data', detail: { requestId: 'r3' } }, null, '0.1.0'),
    ).toEqual({
      ok: true,
      extensionVersion: '0.1.0',
    });
    expect(
      await answerBridge({ verb: 'start-app', detail: { requestId: 'r4', accessToken: 't' } }, null, '0.1.0'),
    ).toEqual({
      ok: false,
      error: 'The Reachly desktop app is not connected to this browser.',
    });
    expect(await answerBridge({ verb: 'page-loaded', detail: { requestId: 'r5' } }, null, '0.1.0')).toEqual({
      ok: true,
    });
  });

  it('reports an agent that refuses or does not answer, and unknown verbs', async () => {
    expect(
      await answerBridge(
        { verb: 'start-app', detail: { accessToken: 't' } },
        { agentUrl, agentToken: 'wrong' },
        '0.1.0',
      ),
    ).toEqual({ ok: false, error: 'Bad agent token' });
    const closed = await answerBridge(
      { verb: 'start-app', detail: { accessToken: 't' } },
      { agentUrl: 'http://127.0.0.1:9', agentToken: 'x' },
      '0.1.0',
    );
    expect(closed.ok).toBe(false);
    expect(closed).toMatchObject({ error: expect.stringMatching(/^The Reachly desktop app did not answer/) });
    expect(await answerBridge({ verb: 'teleport' as never, detail: {} }, session(), '0.1.0')).toEqual({
      ok: false,
      error: 'Unknown bridge request teleport',
    });
  });
});
