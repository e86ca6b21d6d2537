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
  const [x, y] = await mediansMs([a, b], runs, warmup);
  return [x as number, y as number];
}

/** Medians of any number of workloads measured side by side, their calls taking turns (as medianPairMs). */
export async function mediansMs(
  workloads: ((i: number) => Promise<unknown>)[],
  runs: number,
  warmup: number,
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) for (const fn of workloads) await fn(i);
  const times: number[][] = workloads.map(() => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [k, fn] of workloads.entries()) {
      const start = performance.now();
      await fn(i);
      times[k]?.push(performance.now() - start);
    }
  }
  return times.map((t) => percentile(t, 0.5));
}

/** The value below which a share `p` (0–1) of the samples fall (nearest rank); 0 for no samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
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

/** A ratio as the table prints it. */
export function ratio(value: number): string {
  return value.toFixed(2);
}
