/**
 * Medians of two workloads measured side by side: their calls alternate, so warm-up, caches and
 * whatever else the machine does weigh on both alike.
 */
export async function medianPairMs(
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  runs = 200,
  warmup = 20,
): Promise<[number, number]> {
  for (let i = 0; i < warmup; i += 1) {
    await a(i);
    await b(i);
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i += 1) {
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn(i);
      times[k as 0 | 1].push(performance.now() - start);
    }
  }
  const median = (t: number[]) => t.sort((x, y) => x - y)[Math.floor(t.length / 2)] as number;
  return [median(times[0]), median(times[1])];
}

export async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** A seeded pseudo-random generator (mulberry32), so every run asks the same questions. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchRow {
  measure: string;
  value: string;
  goal: string;
  met: boolean | null;
  detail: string;
}

export function printTable(rows: BenchRow[], heading: string): string {
  const lines = [
    heading,
    '',
    '| Measure | Ratio | Goal | Met | Detail |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.measure} | ${r.value} | ${r.goal} | ${r.met === null ? '-' : r.met ? 'yes' : 'NO'} | ${r.detail} |`,
    ),
  ];
  return lines.join('\n');
}
