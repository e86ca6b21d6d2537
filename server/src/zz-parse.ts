import { createReadStream } from 'node:fs';
import { importLeadsCsv } from './services/lead-import.ts';
import { CopyLines } from './db/copy-lines.ts';
const t0 = Date.now(); const c0 = process.cpuUsage();
let rows = 0;
const result = await importLeadsCsv({
  sink: {
    batch: () => { const l = new CopyLines(); return { get size() { return l.lines; }, get weight() { return l.length; }, add: (u, n, f, la, fi) => l.add(`1\t2\t${u}\t${n}\t${f}\t${la}\tf\timport\t${fi}`) }; },
    write: async (b) => { rows += b.size; return async () => b.size; } },
  input: createReadStream(process.argv[2] ?? '/tmp/h18/leads.csv', { highWaterMark: 64 * 1024 }),
});
const c = process.cpuUsage(c0);
console.log(`rows=${rows} imported=${result.imported} wall=${Date.now() - t0} ms cpu=${Math.round((c.user + c.system) / 1000)} ms`);
