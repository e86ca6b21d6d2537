import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { contract } from '@reachly/shared/contract';
import type pg from 'pg';
import { Api } from './lib/api.ts';
import { type BenchRow, ratio, timedMs } from './lib/measure.ts';
import { seededOrganization } from './lib/seed.ts';
import { npmStartFlags, startReachly } from './lib/server-process.ts';

export interface ExportBenchContext {
  root: Api;
  db: pg.Client;
  databaseUrl: string;
  /** A folder for the export's own server's data. */
  work: string;
  n: (count: number) => number;
  log: (text: string) => void;
}

/**
 * The columns GET /api/exports/leads writes for one collection (server/src/services/exports/
 * leads-export.ts), as one SELECT for psql's \copy: the lead, its collection, its latest
 * conversation, the campaign and profile that work it, its dates as ISO 8601 UTC text.
 */
function sameColumns(collectionId: number): string {
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `select l.id, l.profile_url, l.name, l.first_name, l.last_name, col.name, l.is_excluded, l.source,
      cv.status, cp.name, pr.name, ${iso('l.friend_request_sent_at')}, ${iso('l.friend_accepted_at')},
      ${iso('l.message_sent_at')}, ${iso('cv.last_message_at')}, ${iso('l.created_at')}
    from leads l
    join collections col on col.id = l.collection_id
    left join lateral (select c.status, c.last_message_at, c.profile_id from conversations c
       where c.lead_id = l.id order by c.last_message_at desc nulls last, c.id desc limit 1) cv on true
    left join people pe on pe.organization_id = l.organization_id and pe.profile_url = l.profile_url
    left join campaigns cp on cp.id = pe.owner_campaign_id
    left join profiles pr on pr.id = coalesce(pe.owner_profile_id, cv.profile_id)
    where l.collection_id = ${collectionId} order by l.id`;
}

/** Reads a whole answer as the browser's stream reader would, keeping only its length. */
async function drain(res: Response): Promise<number> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

/**
 * The leads export of 1,000,000 leads (each with a conversation) over HTTP against psql's
 * `\copy (select …) to` of the same columns, and the server's peak RSS meanwhile (issue 20). The
 * export is asked of a server of its own started as `npm start` starts it (its Node flags), on the
 * same database: the memory measured is that of the server users run.
 */
export async function exportBenches({
  root,
  db,
  databaseUrl,
  work,
  n,
  log,
}: ExportBenchContext): Promise<BenchRow[]> {
  const count = n(1_000_000);
  const seeded = await seededOrganization(root, db, 'export', count, log);
  const { collectionId } = seeded;
  await db.query('analyze conversations');
  const server = await startReachly(databaseUrl, path.join(work, 'export-data'), {
    nodeFlags: npmStartFlags(),
  });
  try {
    return await measureExport({
      api: new Api(server.url, seeded.api.token),
      server,
      collectionId,
      databaseUrl,
      count,
      log,
    });
  } finally {
    await server.stop();
  }
}

async function measureExport({
  api,
  server,
  collectionId,
  databaseUrl,
  count,
  log,
}: {
  api: Api;
  server: { rssMb(): number; peakRssMb(): number; resetPeakRss(): void };
  collectionId: number;
  databaseUrl: string;
  count: number;
  log: (text: string) => void;
}): Promise<BenchRow[]> {
  log(`psql \\copy of ${count} leads' export columns`);
  const copyMs = await timedMs(async () => {
    execFileSync('psql', [
      databaseUrl,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      `\\copy (${sameColumns(collectionId).replace(/\s+/g, ' ')}) to '/dev/null' csv header`,
    ]);
  });

  log('GET /api/exports/leads');
  const idleRss = server.peakRssMb();
  server.resetPeakRss();
  const startRss = server.rssMb();
  let bytes = 0;
  const exportMs = await timedMs(async () => {
    bytes = await drain(await api.client.call(contract.exports.leads, { query: { collectionId } }));
  });
  const rss = server.peakRssMb();
  const exportRate = count / (exportMs / 1000);
  const copyRate = count / (copyMs / 1000);
  return [
    {
      measure: `CSV export of ${count.toLocaleString('en')} leads via GET /api/exports/leads vs psql \\copy … to of the same columns`,
      value: ratio(exportRate / copyRate),
      goal: '≥ 0.50',
      met: exportRate / copyRate >= 0.5,
      detail: `${Math.round(exportRate).toLocaleString('en')} vs ${Math.round(copyRate).toLocaleString('en')} rows/s, ${(bytes / 1e6).toFixed(0)} MB of CSV`,
    },
    {
      measure: 'Server peak RSS during the export',
      value: `${Math.round(rss)} MB`,
      goal: '≤ 300 MB',
      met: rss <= 300,
      detail: `VmHWM of a server started with npm start's Node flags, from the export's start, when its RSS was ${Math.round(startRss)} MB (peak before: ${Math.round(idleRss)} MB): the export itself added ${Math.round(rss - startRss)} MB`,
    },
  ];
}
