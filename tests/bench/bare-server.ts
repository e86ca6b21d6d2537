import express from 'express';

/** The baseline of the requests/s benchmark: a bare Express route answering a similar JSON body. */
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
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening at http://127.0.0.1:${port}`);
});
