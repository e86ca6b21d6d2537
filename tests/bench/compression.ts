import http from 'node:http';
import path from 'node:path';
import { mainScriptOf } from '../e2e/support/shell-scripts.ts';
import { seedBoardAccount, startBuiltDashboardServer } from './lib/built-dashboard.ts';
import { type BenchRow, ratio } from './lib/measure.ts';

/**
 * What compression saves over the wire (issue 19), on the real server (embedded database) serving
 * a production build made for this run: the bytes of the page's main script (precompressed at
 * build time) and of the board's answer with 500 cards (compressed on the fly), sent raw, brotli
 * and gzip. BENCH_ONLY=compression runs these alone.
 */

const BOARD_CARDS = 500;
const GOAL = 0.3;

type Encoding = 'identity' | 'br' | 'gzip';

/** The bytes that cross the wire for a GET accepting only `encoding`; fails if the answer is not so encoded. */
function wireBytes(url: string, encoding: Encoding, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { ...headers, 'accept-encoding': encoding }, agent: false },
      (res) => {
        const sent = res.headers['content-encoding'] ?? 'identity';
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.once('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else if (sent !== encoding) reject(new Error(`${url}: asked ${encoding}, got ${sent}`));
          else resolve(bytes);
        });
        res.once('error', reject);
      },
    );
    req.once('error', reject);
  });
}

async function row(measure: string, url: string, headers: Record<string, string> = {}): Promise<BenchRow> {
  const raw = await wireBytes(url, 'identity', headers);
  const br = await wireBytes(url, 'br', headers);
  const gzip = await wireBytes(url, 'gzip', headers);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    measure,
    value: ratio(br / raw),
    goal: `≤ ${GOAL.toFixed(2)}`,
    met: br / raw <= GOAL,
    detail: `${kb(raw)} raw, ${kb(br)} brotli, ${kb(gzip)} gzip (gzip/raw ${ratio(gzip / raw)})`,
  };
}

export async function compressionBenches(log: (text: string) => void): Promise<BenchRow[]> {
  log('building the dashboard (vite build, with its .br and .gz copies)');
  const { running, close } = await startBuiltDashboardServer('bench-compression');
  try {
    const shell = await fetch(`${running.url}/`).then((res) => res.text());
    const script = await mainScriptOf(shell, (file) => wireBytes(`${running.url}${file}`, 'identity'));

    log(`seeding ${BOARD_CARDS} conversations for the board`);
    const board = await seedBoardAccount(running, BOARD_CARDS);
    return [
      await row(
        `The page's main script (${path.basename(script)}), brotli vs raw`,
        `${running.url}${script}`,
      ),
      await row(
        `The board's answer with ${BOARD_CARDS} cards, brotli vs raw`,
        `${running.url}/api/conversations?collectionId=${board.collectionId}`,
        { authorization: board.accessToken },
      ),
    ];
  } finally {
    await close();
  }
}
