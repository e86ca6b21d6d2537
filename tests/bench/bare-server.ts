import { createDatabase } from '@reachly/server';
import express from 'express';

/**
 * The baseline of the requests/s benchmark: a bare Express route answering a similar JSON body.
 * With DATABASE_URL set, /api/select1 answers the same body after one trivial `select 1` round trip
 * through a knex pool made as the server makes its own (createDatabase): the bound of any route
 * that makes one database round trip on this machine.
 */
const app = express();
const body = ['Leads A', 'Leads B', 'Leads C'].map((name, i) => ({
  id: i + 1,
  name,
  hasMessageButton: 0,
  profiles: 0,
  sentFriendRequests: 0,
  sentMessages: 0,
  shouldSkip: 0,
}));
app.get('/api/collections', (_req, res) => {
  res.json(body);
});
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const db = createDatabase({ databaseUrl });
  app.get('/api/select1', async (_req, res) => {
    await db.raw('select 1');
    res.json(body);
  });
}
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening at http://127.0.0.1:${port}`);
});
