import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../src/http/logger.ts';

/**
 * A debug logger (the most the server ever writes) that keeps every line, for tests that read the
 * server's log: no secret in it, or the line an event must write. Pass `logger` to startTestServer
 * (with LOG_LEVEL debug); several servers may share one.
 */
export function capturedLog(): { logger: Logger; text: () => string } {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { logger: createLogger('debug', sink), text: () => text };
}
