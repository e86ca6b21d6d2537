import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Realtime } from './realtime.ts';

/** Several server processes broadcast to each other's sockets through Redis (docs/design.md §6). */
export async function attachRedisAdapter(
  realtime: Realtime,
  url: string,
  /** Channel prefix; processes that share it share their rooms (tests give each run its own). */
  key = 'socket.io',
): Promise<{ close(): Promise<void> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  realtime.io.adapter(createAdapter(pub, sub, { key }));
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
