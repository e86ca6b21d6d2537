import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
const mode = process.argv[2] ?? 'await';
const t0 = Date.now(); const c0 = process.cpuUsage();
let n = 0;
const parser = createReadStream('/tmp/h18/leads.csv').pipe(parse({ relax_quotes: true, relax_column_count: true, skip_empty_lines: false, bom: true, skip_records_with_error: true, max_record_size: 100000 }));
if (mode === 'await') { for await (const r of parser) n += r.length; }
else await new Promise<void>((res) => { parser.on('readable', () => { let r; while ((r = parser.read()) !== null) n += r.length; }); parser.on('end', res); });
const c = process.cpuUsage(c0);
console.log(`${mode} fields=${n} wall=${Date.now() - t0} cpu=${Math.round((c.user + c.system) / 1000)}`);
