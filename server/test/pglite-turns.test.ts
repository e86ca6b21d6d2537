import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgliteCopy, testDbKind } from './helpers/test-database.ts';

/**
 * The embedded database takes turns with the event loop (db/pglite-turns.ts): a burst of queries
 * does not hold the server's one thread until the last of them is answered, so a socket can be
 * read, a connection accepted or a timer run between them. Shown with a timer set when 200 queries
 * were asked for at once: it runs while some of them still wait, not after all.
 */
const onPglite = testDbKind() === 'pglite';
let db: Awaited<ReturnType<typeof openPgliteCopy>> | undefined;
beforeAll(async () => {
  if (onPglite) db = await openPgliteCopy();
});
afterAll(() => db?.destroy());

it.runIf(onPglite)('lets a timer run while a burst of queries is under way', async () => {
  const knex = db as NonNullable<typeof db>;
  let answered = 0;
  const burst = Array.from({ length: 200 }, () =>
    knex.raw('select count(*) from generate_series(1, 20000)').then(() => {
      answered += 1;
    }),
  );
  const answeredWhenTheTimerRan = await new Promise<number>((resolve) =>
    setTimeout(() => resolve(answered), 0),
  );
  await Promise.all(burst);
  expect(answered).toBe(200);
  expect(answeredWhenTheTimerRan).toBeLessThan(200);
});
