// Temporary A/B harness (helper h18): the HTTP import against the floor, alternating.
import { openAsBlob } from 'node:fs';
import { readFileSync } from 'node:fs';
import { contract } from '@reachly/shared/contract';
import pg from 'pg';
import { Api } from './lib/api.ts';
import { timedMs } from './lib/measure.ts';
import { npmStartFlags, startReachly } from './lib/server-process.ts';

const url = 'postgres://postgres@127.0.0.1:5432/h18_schema';
const file = '/tmp/h18/leads.csv';
const server = await startReachly(url, '/tmp/h18/httpdata', { nodeFlags: [...npmStartFlags(), ...(process.env.SPROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/h18/sprof'] : []), ...(process.env.SFLAGS ?? '').split(' ').filter(Boolean)] });
const root = new Api(server.url);
const db = new pg.Client({ connectionString: url });
await db.connect();
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
async function floor(): Promise<number> {
  const { rows } = await db.query(`with o as (insert into organizations (name, invite_token) values ('f', md5(random()::text)) returning id)
       insert into collections (organization_id, name) select id, 'Floor' from o returning id`);
  return timedMs(() => db.query(`insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name, source)
         select c.organization_id, c.id, b.profile_url, b.name, b.first_name, b.last_name, 'import'
         from bare_leads b cross join collections c where c.id = $1`, [rows[0].id]));
}
const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []; return (Number(f[11]) + Number(f[12])) * 10; };
async function httpImport(i: number): Promise<number> {
  const s0 = ticks(server.pid); const c0 = process.cpuUsage();
  try { return await httpImport2(i); } finally { const c = process.cpuUsage(c0); console.log(`  server cpu ${ticks(server.pid) - s0} ms, client cpu ${Math.round((c.user + c.system) / 1000)} ms`); }
}
async function httpImport2(i: number): Promise<number> {
  const api = new Api(server.url, (await root.register(`h18-${Date.now()}-${i}@example.com`)).api.token);
  const collection = await api.client.call(contract.collections.create, { body: { name: 'Imported' } });
  return timedMs(async () => {
    const form = new FormData();
    form.append('collectionId', String(collection.id));
    form.append('shouldClear', 'false');
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'leads.csv');
    await api.client.call(contract.leads.import, { body: form });
  });
}
try {
  for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i += 1) {
    if (process.env.TRUNC) { await db.query('truncate leads cascade'); await db.query('checkpoint'); }
    if (!process.env.NOFLOOR) console.log(`floor ${Math.round(await floor())} ms load=${load()}`);
    if (process.env.TRUNC) { await db.query('truncate leads cascade'); await db.query('checkpoint'); }
    console.log(`http  ${Math.round(await httpImport(i))} ms load=${load()}`);
  }
} finally {
  await db.end();
  await server.stop();
  if (process.env.SHOW) console.log(server.output().split('\n').filter((l) => l.includes(process.env.SHOW as string)).join('\n'));
}
