import { createReadStream, readFileSync } from 'node:fs';
import { createDatabase } from './db/knex.ts';
import { leadSink } from './db/lead-sink.ts';
import { importLeadsCsv } from './services/lead-import.ts';

const url = process.env.HDB ?? 'postgres://postgres@127.0.0.1:5432/h18_schema';
const db = createDatabase({ databaseUrl: url });
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
async function newCollection(): Promise<{ org: number; coll: number }> {
  const { rows } = await db.raw(
    `with o as (insert into organizations (name, invite_token) values ('h', md5(random()::text)) returning id)
     insert into collections (organization_id, name) select id, 'c' from o returning id, organization_id`,
  );
  return { org: rows[0].organization_id, coll: rows[0].id };
}
const file = process.env.CSV ?? '/tmp/h18/leads.csv';
async function runImport(): Promise<string> {
  const { org, coll } = await newCollection();
  const trx = await db.transaction();
  const conn = (await (trx.client as any).acquireConnection()) as { processID: number };
  const pid = conn.processID;
  if (process.env.PERF) { console.log(`PID ${pid}`); await new Promise((r) => setTimeout(r, 1500)); }
  const b0 = ticks(pid); const n0 = process.cpuUsage(); const t0 = Date.now();
  const lock = process.env.H18_LOCK ?? 'share';
  if (lock === 'share') await trx('collections').where({ id: coll }).forShare().first('id');
  if (lock === 'key') await trx('collections').where({ id: coll }).forKeyShare().first('id');
  const inner = leadSink({ db, trx, organizationId: org, collectionId: coll, source: 'import', startsEmpty: true });
  let stepMs = 0; let waitMs = 0; let lastEnd = Date.now(); let steps = 0;
  const sink = { batch: () => inner.batch(), write: async (b: any) => { const step = await inner.write(b); return async () => { const s0 = Date.now(); waitMs += s0 - lastEnd; const n = await step(); lastEnd = Date.now(); stepMs += lastEnd - s0; steps += 1; return n; }; } };
  const r = await importLeadsCsv({ sink, input: createReadStream(file), ...(process.env.H18_ROWS ? { chunkRows: Number(process.env.H18_ROWS) } : {}) });
  const c0 = Date.now();
  await trx.commit();
  console.log(`  steps=${steps} in-steps=${stepMs} between-steps=${waitMs} commit=${Date.now() - c0} first-step-start=${'?'}`);
  const n = process.cpuUsage(n0);
  return `import wall=${Date.now() - t0} backend=${ticks(pid) - b0} node=${Math.round((n.user + n.system) / 1000)} imported=${r.imported}`;
}
async function runFloor(): Promise<string> {
  const { coll } = await newCollection();
  const trx = await db.transaction();
  const conn = (await (trx.client as any).acquireConnection()) as { processID: number };
  const pid = conn.processID;
  if (process.env.PERF) { console.log(`PID ${pid}`); await new Promise((r) => setTimeout(r, 1500)); }
  const b0 = ticks(pid); const t0 = Date.now();
  await trx.raw(
    `insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name, source)
     select c.organization_id, c.id, b.profile_url, b.name, b.first_name, b.last_name, 'import'
     from bare_leads b cross join collections c where c.id = ?`, [coll]);
  await trx.commit();
  return `floor  wall=${Date.now() - t0} backend=${ticks(pid) - b0}`;
}
const rounds = Number(process.env.ROUNDS ?? 2);
await db.raw('truncate leads cascade');
for (let i = 0; i < rounds; i += 1) {
  for (const run of (process.env.ORDER ?? 'floor,import').split(',')) {
    if (process.env.TRUNC) { await db.raw('truncate leads cascade'); await db.raw('checkpoint'); }
    if (run === 'staged') process.env.H18_STAGED = '1'; else delete process.env.H18_STAGED;
    if (run.startsWith('import')) process.env.H18_LOCK = 'share';
    if (run === 'nosp') process.env.H18_NOSP = '1'; else delete process.env.H18_NOSP;
    if (run === 'big') process.env.H18_ROWS = '200000'; else delete process.env.H18_ROWS;
    const line = run === 'floor' ? await runFloor() : `${run} ${await runImport()}`;
    console.log(`${line} load=${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
  }
}
await db.raw('truncate leads cascade');
await db.destroy();
