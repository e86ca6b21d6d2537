import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLogFile } from './log-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'reachly-log-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = () => new Date('2026-11-26T10:00:00.000Z');

describe('openLogFile', () => {
  it('appends time-stamped lines, creating its folder', () => {
    const file = path.join(dir, 'logs', 'agent.log');
    const log = openLogFile(file, { now: at });
    log.write('first');
    log.write('second');
    log.close();
    expect(readFileSync(file, 'utf8')).toBe(
      '2026-11-26T10:00:00.000Z first\n2026-11-26T10:00:00.000Z second\n',
    );
  });

  it('rotates past maxBytes and keeps only `keep` older files', () => {
    const file = path.join(dir, 'agent.log');
    const log = openLogFile(file, { now: at, maxBytes: 100, keep: 2 });
    // 25 + 1 + 24 = 50 bytes a line: two lines a file.
    for (let i = 0; i < 7; i++) log.write(`line ${i} ${'x'.repeat(17)}`);
    log.close();
    expect(readFileSync(file, 'utf8')).toContain('line 6');
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('line 5');
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('line 4');
    expect(readFileSync(`${file}.2`, 'utf8')).toContain('line 2');
    expect(existsSync(`${file}.3`)).toBe(false);
  });

  it('gives up with one message when the file cannot be written', () => {
    const errors: string[] = [];
    const log = openLogFile(path.join(dir, 'missing', '\0bad'), { onError: (m) => errors.push(m) });
    log.write('a');
    log.write('b');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^cannot write the log file/);
  });
});
