import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { useRequestLog } from '../src/http/request-log.ts';

/**
 * The request log (http/request-log.ts) over real HTTP: one line per /api request once its answer
 * has gone (info, or error for a 5xx), none for the page's own files, `req.log` bound to the request,
 * never a header, and nothing at all below the logger's level.
 */
function app(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const server = express();
  useRequestLog(server, createLogger(level, sink));
  server.get('/api/ok', (req, res) => {
    req.log.warn({ note: 'from the handler' }, 'handler says');
    res.json({ ok: true });
  });
  server.get('/api/broken', (_req, res) => {
    res.status(500).json({ error: 'x' });
  });
  server.get('/page', (_req, res) => {
    res.send('page');
  });
  return { server, lines };
}

const running: { close: () => void }[] = [];
async function listen(server: express.Express): Promise<string> {
  const http = server.listen(0, '127.0.0.1');
  running.push(http);
  await new Promise((resolve) => http.once('listening', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}
afterAll(() => {
  for (const http of running) http.close();
});

describe('the request log', () => {
  const info = app('info');
  let url = '';
  beforeAll(async () => {
    url = await listen(info.server);
  });

  it('writes one line per /api request when it ends: method, path, status, time; no header', async () => {
    const secret = 'Bearer very-secret-token';
    await fetch(`${url}/api/ok?token=abc&page=2`, {
      headers: { authorization: secret, cookie: 'sid=secret' },
    });
    await fetch(`${url}/api/broken`);
    await fetch(`${url}/page`);
    await expect.poll(() => info.lines.filter((l) => String(l.msg).startsWith('request')).length).toBe(2);
    const [ok, broken] = info.lines.filter((l) => String(l.msg).startsWith('request'));
    expect(ok).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ok?token=%5Bredacted%5D&page=2', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof ok?.responseTime).toBe('number');
    expect(broken).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
    const handler = info.lines.find((l) => l.msg === 'handler says');
    expect(handler).toMatchObject({ note: 'from the handler', req: { method: 'GET' } });
    expect(JSON.stringify(info.lines)).not.toMatch(/very-secret-token|sid=secret|token=abc/);
  });

  it('at warn, writes only what a handler or a failure says', async () => {
    const warn = app('warn');
    const at = await listen(warn.server);
    await fetch(`${at}/api/ok`);
    await fetch(`${at}/api/broken`);
    await expect.poll(() => warn.lines.length).toBe(2);
    expect(warn.lines.map((l) => l.msg)).toEqual(['handler says', 'request errored']);
  });
});
