import { createWriteStream } from 'node:fs';
import { contract } from '@reachly/shared/contract';
import type { RealtimePayload } from '@reachly/shared/realtime';
import { apiErrorSchema } from '@reachly/shared/schemas';
import { expect } from 'vitest';
import { apiErrorOf, callAs, type TestAccount, type TestServer } from './test-server.ts';

/**
 * POST /api/leads/import as the import's tests send it (leads-import*.test.ts): a browser's
 * FormData through the typed client, the answers a refused upload gives, a large CSV written to disk.
 */

export type ImportProgress = RealtimePayload<'leads-import-progress'>;

export interface UploadOptions {
  collectionId?: number | string;
  shouldClear?: boolean;
  importId?: string;
  /** The CSV text, or a Blob (a file on disk). */
  file?: string | Blob;
  type?: string;
  /** Fields in this order (the file where 'file' stands). */
  order?: string[];
  token?: string | null;
}

/** POST /api/leads/import as a browser's FormData sends it, through the typed client. */
export function uploadLeads(server: TestServer, account: TestAccount, options: UploadOptions) {
  const form = new FormData();
  const order = options.order ?? ['collectionId', 'shouldClear', 'importId', 'file'];
  for (const key of order) {
    if (key === 'file' && options.file !== undefined) {
      const blob =
        typeof options.file === 'string'
          ? new Blob([options.file], { type: options.type ?? 'text/csv' })
          : options.file;
      form.append('file', blob, 'leads.csv');
    } else if (key === 'collectionId' && options.collectionId !== undefined) {
      form.append('collectionId', String(options.collectionId));
    } else if (key === 'shouldClear' && options.shouldClear !== undefined) {
      form.append('shouldClear', String(options.shouldClear));
    } else if (key === 'importId' && options.importId !== undefined) {
      form.append('importId', options.importId);
    }
  }
  const token = options.token === undefined ? account.accessToken : options.token;
  const call = token ? callAs(server.url, { authorization: token }) : server.call;
  return call(contract.leads.import, { body: form });
}

/** A typed call refused with this status and code; answers the error's message. */
export async function refused(call: Promise<unknown>, status: number, code: string): Promise<string> {
  const error = await apiErrorOf(call);
  expect(error).toMatchObject({ status, code });
  return error.message;
}

/** The same for a raw answer (a request the typed client cannot send). */
export function expectError(res: { status: number; body: unknown }, status: number, code: string): string {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.error.code).toBe(code);
  return body.error.message;
}

/** A CSV of `count` leads (ids from 1), written to disk line by line. */
export async function writeCsv(
  file: string,
  count: number,
  header = 'Profile URL,Full Name,First Name,Last Name',
): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  for (let i = 1; i <= count; i += 1) {
    const line = `https://www.sandbox.local/people/import-${i}/,Person ${i},First${i},Last${i}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** The collection's lead count as the leads list answers it. */
export async function totalCount(account: TestAccount, collectionId: number): Promise<number> {
  const page = await account.call(contract.leads.list, { query: { collectionId, lastId: -1, limit: 1 } });
  return page.totalCount;
}
