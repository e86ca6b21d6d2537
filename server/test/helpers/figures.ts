import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * The security and fault suite's figures: each test file adds what it measured (routes covered,
 * fuzz cases, 5xx, rows kept, log hits, 429s) to one file per database, and the server projects'
 * global teardown prints them as one table (figures-setup.ts).
 */
const FIGURES = {
  tenancyRoutes: "routes × another organisation's ids → 404",
  privateRoutes: 'private routes → 401 without a token',
  fuzzCases: 'fuzz cases (every route, from the schemas)',
  fuzz5xx: 'fuzz 5xx answers',
  rowsKept: 'rows kept after an import cut off mid-stream',
  logHits: 'token, cookie, password hits in the server log',
  logLines: 'server log lines searched',
  limited429: '429 answers with Retry-After (anonymous routes)',
  anonymousRoutes: 'anonymous routes rate-limited per address',
  counterRaises: 'server-only counters raised by a visitor',
  ssrfCallSites: 'server-side fetches a user can point anywhere',
} as const;
export type FigureKey = keyof typeof FIGURES;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file this run's server project adds its figures to (figures-setup.ts). */
    figuresFile: string;
  }
}

/**
 * A new file for one project of one run: two runs on one machine (a developer's and CI's) each
 * sum their own figures.
 */
export function newFiguresFile(database: string): string {
  return path.join(
    mkdtempSync(path.join(tmpdir(), 'reachly-figures-')),
    `security-figures-${database}.jsonl`,
  );
}

/** Adds a figure (summed with the same key from other tests of the run). */
export function recordFigure(key: FigureKey, value: number): void {
  appendFileSync(inject('figuresFile'), `${JSON.stringify({ key, value })}\n`);
}

export function readFigures(file: string): Map<FigureKey, number> {
  const sums = new Map<FigureKey, number>();
  if (!existsSync(file)) return sums;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { key, value } = JSON.parse(line) as { key: FigureKey; value: number };
    sums.set(key, (sums.get(key) ?? 0) + value);
  }
  return sums;
}

/** Removes a run's figures file and its folder. */
export function removeFigures(file: string): void {
  rmSync(path.dirname(file), { recursive: true, force: true });
}

/** The table the suite prints (and README.md copies). */
export function figuresTable(database: string, figures: Map<FigureKey, number>): string {
  const rows = (Object.keys(FIGURES) as FigureKey[])
    .filter((key) => figures.has(key))
    .map((key) => `| ${FIGURES[key]} | ${figures.get(key)} |`);
  return [`Security and fault suite (${database})`, '| Check | Figure |', '|---|---|', ...rows].join('\n');
}
