import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time processes have used so far, from Linux's /proc/<pid>/stat (clock ticks of 10 ms): for
 * the benchmarks that say where a request's time goes, not only how many requests a second.
 */

/** The process's command name and its CPU time (user + system), ms; null once it has gone. */
function statOf(pid: number | string): { comm: string; cpuMs: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), here 12 and 13 (counted from the state, field 3).
  return { comm, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
}

/** CPU time (user + system) a process has used so far, ms. */
export function cpuMsOf(pid: number): number {
  return statOf(pid)?.cpuMs ?? 0;
}

/**
 * CPU time used so far by every PostgreSQL process on this machine (backends, autovacuum, the WAL
 * writer), ms: the bench's database server is the local one.
 */
function postgresCpuMs(): number {
  let sum = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(name);
    if (stat?.comm === 'postgres') sum += stat.cpuMs;
  }
  return sum;
}

/** CPU time spent by PostgreSQL, the server and this client over the calls of `during`, summed. */
export class CpuSplit {
  private postgres = 0;
  private server = 0;
  private client = 0;

  constructor(private readonly serverPid: number) {}

  async during<T>(run: () => Promise<T>): Promise<T> {
    const before = this.now();
    const result = await run();
    const after = this.now();
    this.postgres += after.postgres - before.postgres;
    this.server += after.server - before.server;
    this.client += after.client - before.client;
    return result;
  }

  /** What each spent per one of `count` things, ms. */
  per(count: number): string {
    const ms = (total: number) => (total / count).toFixed(2);
    return `PostgreSQL ${ms(this.postgres)} ms, server ${ms(this.server)} ms, client ${ms(this.client)} ms`;
  }

  private now() {
    const { user, system } = process.cpuUsage();
    return { postgres: postgresCpuMs(), server: cpuMsOf(this.serverPid), client: (user + system) / 1000 };
  }
}
