import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { connectWakeSocket, wakesProfile } from './wake-socket.ts';

/** The wake-up socket against a real socket.io server on loopback. */
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('the wake-up socket', () => {
  it('wakes on pushes for this profile or for every profile, not for another profile', async () => {
    const http = createServer();
    const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
    const handshakes: unknown[] = [];
    io.on('connection', (socket) => handshakes.push(socket.handshake.auth));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      io.close();
      http.close();
    });
    const { port } = http.address() as AddressInfo;
    const reasons: string[] = [];
    const socket = connectWakeSocket(
      { serverUrl: `http://127.0.0.1:${port}`, accessToken: 'secret-token', profileId: 7 },
      3,
      (reason) => reasons.push(reason),
    );
    closers.push(() => socket.close());
    await expect.poll(() => handshakes.length).toBe(1);
    expect(handshakes[0]).toEqual({ token: 'secret-token', organizationId: 3 });
    io.emit('executor-wake', { profileIds: [8], reason: 'other profile' });
    io.emit('executor-wake', { profileIds: [7, 8], reason: 'new leads' });
    io.emit('executor-wake', { profileIds: null, reason: 'licence renewed' });
    io.emit('campaign-status-update', { campaignId: 1, status: 'running' });
    io.emit('locators-updated', { network: 'facebook', version: 2 });
    await expect
      .poll(() => reasons)
      .toEqual(['new leads', 'licence renewed', 'campaign-status-update', 'locators-updated']);
  });

  it('reads the profile list of a push', () => {
    expect(wakesProfile({ profileIds: null }, 1)).toBe(true);
    expect(wakesProfile({ profileIds: [2] }, 1)).toBe(false);
  });
});
