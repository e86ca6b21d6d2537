import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The agent's log file, a text file a user can send with a support request: one line per event,
 * `<ISO time> <line>`, already redacted by the caller (the agent's redactor). Lines are written
 * synchronously, so the last lines before a crash are on disk. When the file would pass `maxBytes`
 * it becomes `agent.log.1` (the older ones shift to `.2`, …, up to `keep`), so the logs never
 * take more than (keep + 1) × maxBytes. A file that cannot be written (disk full, no permission)
 * is given up with one line on the console; the agent runs on.
 */

const LOG_MAX_BYTES = 5 * 1024 * 1024;
const LOG_KEEP = 2;

export interface LogFile {
  readonly path: string;
  write(line: string): void;
  close(): void;
}

export interface LogFileOptions {
  maxBytes?: number;
  keep?: number;
  now?: () => Date;
  /** Where a failure to write is told (the console by default). */
  onError?: (message: string) => void;
}

export function openLogFile(file: string, options: LogFileOptions = {}): LogFile {
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const keep = options.keep ?? LOG_KEEP;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((message: string) => console.error(`[agent] ${message}`));
  let fd: number | null = null;
  let size = 0;
  let failed = false;

  function open(): number {
    mkdirSync(path.dirname(file), { recursive: true });
    const opened = openSync(file, 'a', 0o600);
    size = fstatSync(opened).size;
    return opened;
  }

  function rotate(): void {
    if (fd !== null) closeSync(fd);
    fd = null;
    rmSync(`${file}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      try {
        renameSync(`${file}.${i}`, `${file}.${i + 1}`);
      } catch {
        // no such older file yet
      }
    }
    if (keep > 0) renameSync(file, `${file}.1`);
    else rmSync(file, { force: true });
  }

  return {
    path: file,
    write(line) {
      if (failed) return;
      const text = `${now().toISOString()} ${line}\n`;
      const bytes = Buffer.byteLength(text);
      try {
        if (fd === null) fd = open();
        if (size > 0 && size + bytes > maxBytes) {
          rotate();
          fd = open();
        }
        writeSync(fd, text);
        size += bytes;
      } catch (error) {
        failed = true;
        onError(`cannot write the log file ${file}: ${(error as Error).message}`);
      }
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
