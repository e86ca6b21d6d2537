import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Draws the app and tray icon, a white R on the primary green, into electron/resources/icon.png
 * (512×512, what electron-builder needs for every platform). Run once by hand when it changes:
 * `npx tsx desktop/scripts/icon.ts`; the PNG is kept in the repository.
 */

const SIZE = 512;
const SAMPLES = 4; // per axis, for smooth edges
const GREEN = [0x11, 0x69, 0x32] as const;

function distanceToSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}

function inBackground(x: number, y: number): boolean {
  const r = 96;
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

function inLetter(x: number, y: number): boolean {
  const stem = x >= 160 && x <= 224 && y >= 112 && y <= 400;
  const bars = x >= 160 && x <= 272 && ((y >= 112 && y <= 176) || (y >= 224 && y <= 288));
  const d = Math.hypot(x - 272, y - 200);
  const bowl = x >= 272 && d <= 88 && d >= 24;
  const leg = y >= 256 && y <= 400 && distanceToSegment(x, y, 240, 264, 340, 400) <= 34;
  return stem || bars || bowl || leg;
}

export function drawIcon(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
    for (let x = 0; x < SIZE; x++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES;
          const py = y + (sy + 0.5) / SAMPLES;
          if (!inBackground(px, py)) continue;
          cover++;
          if (inLetter(px, py)) white++;
        }
      }
      const share = cover === 0 ? 0 : white / cover;
      const at = 1 + x * 4;
      for (let c = 0; c < 3; c++) row[at + c] = Math.round((GREEN[c] ?? 0) + (255 - (GREEN[c] ?? 0)) * share);
      row[at + 3] = Math.round((255 * cover) / SAMPLES ** 2);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../electron/resources/icon.png');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, drawIcon());
  console.log(`Wrote ${out}`);
}
