import { createReadStream } from 'node:fs';
import { CopyLines } from './db/copy-lines.ts';
import { importLeadsCsv } from './services/lead-import.ts';
// A big heap like the server's, then idle, then the parse.
const keep: unknown[] = [];
for (let i = 0; i < 300_000; i += 1) keep.push({ a: `x${i}`, b: [i, i + 1] });
await import('./context.ts');
await new Promise((r) => setTimeout(r, Number(process.env.IDLE ?? 30000)));
console.error('START');
const t0 = Date.now(); const c0 = process.cpuUsage();
let rows = 0;
await importLeadsCsv({
  sink: {
    batch: () => { const l = new CopyLines(); return { get size() { return l.lines; }, get weight() { return l.length; }, add: (u: string, n: string | null, f: string | null, la: string | null, fi: string) => l.add(`1\t2\t${u}\t${n}\t${f}\t${la}\tf\timport\t${fi}`) }; },
    write: async (b) => { rows += b.size; return async () => b.size; } },
  input: createReadStream('/tmp/h18/leads.csv'),
});
const c = process.cpuUsage(c0);
console.error(`rows=${rows} wall=${Date.now() - t0} cpu=${Math.round((c.user + c.system) / 1000)} keep=${keep.length}`);
