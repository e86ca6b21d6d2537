import type { Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { insertLeadColumns, type LeadColumns } from './insert-leads.ts';
import { embeddedDatabase, toAffectedRows } from './knex.ts';
import { SeenUrls } from './seen-urls.ts';

/**
 * Where the CSV import writes its leads, one chunk at a time, inside the import's transaction. On
 * PostgreSQL each chunk is COPYed into a temporary staging table, then moved into leads by one
 * INSERT … SELECT … ON CONFLICT DO NOTHING (the statement the table's keys bound, docs/decisions.md);
 * on the embedded PGlite, which has no COPY from a client stream, each chunk is one multi-row insert
 * (insertLeadColumns). Either way, a lead already in the collection or repeated in the file is
 * skipped by the unique key, and the chunk's answer is how many were inserted.
 */

/** One chunk of imported leads, one array per column (leads.fields as JSON text). */
export type LeadChunk = Pick<LeadColumns, 'profileUrl' | 'name' | 'firstName' | 'lastName'> & {
  fields: string[];
};

export interface LeadSink {
  /**
   * Sends a chunk to the database (on PostgreSQL, COPYs it into the stage) and answers the step that
   * writes it into the collection, which answers how many of its leads were new. The import parses
   * the next chunk while that step runs, but not while the chunk is sent: feeding the COPY then has
   * the server's thread to itself.
   */
  write(chunk: LeadChunk): Promise<() => Promise<number>>;
}

interface LeadSinkOptions {
  db: Knex;
  trx: Knex.Transaction;
  organizationId: number;
  /** A collection of the organisation, checked (and locked FOR SHARE) by the caller. */
  collectionId: number;
  /** leads.source of every lead written (and has_message_button false, as imports always set it). */
  source: string;
  /** The collection held no lead when the import started (after shouldClear): see copySink. */
  startsEmpty: boolean;
}

export function emptyLeadChunk(): LeadChunk {
  return { profileUrl: [], name: [], firstName: [], lastName: [], fields: [] };
}

export function leadSink(options: LeadSinkOptions): LeadSink {
  return embeddedDatabase(options.db) ? insertSink(options) : copySink(options);
}

/** PGlite: a multi-row insert per chunk (one array parameter per column). */
function insertSink({ trx, organizationId, collectionId, source }: LeadSinkOptions): LeadSink {
  return {
    write: async (chunk) => () =>
      insertLeadColumns(trx, organizationId, collectionId, {
        ...chunk,
        avatarUrl: chunk.profileUrl.map(() => null),
        hasMessageButton: chunk.profileUrl.map(() => false),
        source: chunk.profileUrl.map(() => source),
      }),
  };
}

/** The staging table: no key, no index, not logged, dropped when the import's transaction ends. */
const STAGE = 'lead_import_stage';

/** A value in COPY's text format: `\N` for null; backslash, tab, line feed and return escaped. */
function copyText(value: string | null): string {
  if (value === null) return '\\N';
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** A chunk as the body of COPY … FROM STDIN (text format), one line per lead. */
function copyBody(chunk: LeadChunk): string {
  const lines: string[] = new Array(chunk.profileUrl.length);
  for (let i = 0; i < lines.length; i += 1) {
    lines[i] =
      `${copyText(chunk.profileUrl[i] ?? null)}\t${copyText(chunk.name[i] ?? null)}\t` +
      `${copyText(chunk.firstName[i] ?? null)}\t${copyText(chunk.lastName[i] ?? null)}\t` +
      `${copyText(chunk.fields[i] ?? '{}')}\n`;
  }
  return lines.join('');
}

/** The most URLs an import remembers (SeenUrls, 32 MB); past them every row is checked by the key. */
const SEEN_URLS_MAX = 2_000_000;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * PostgreSQL: COPY into the staging table, then one INSERT … SELECT into leads, per chunk.
 *
 * Into a collection that held no lead when the import started, a lead can only be a duplicate of an
 * earlier line of the file: the import remembers the URLs it wrote (SeenUrls) and inserts the new
 * ones with a plain INSERT … SELECT, sparing ON CONFLICT's speculative insertion (a fifth to a third
 * of the insert). The few lines whose URL was seen go through ON CONFLICT DO
 * NOTHING. Should another request add the same person to the collection meanwhile, the unique key
 * refuses the plain insert: the chunk is undone to its savepoint and written again with ON
 * CONFLICT, and so is every later chunk.
 */
function copySink({ trx, organizationId, collectionId, source, startsEmpty }: LeadSinkOptions): LeadSink {
  let staged: Promise<pg.Client> | null = null;
  let seen: SeenUrls | null = startsEmpty ? new SeenUrls(SEEN_URLS_MAX) : null;
  async function stage(): Promise<pg.Client> {
    await trx.raw(
      `create temporary table ${STAGE} (profile_url text, name text, first_name text, last_name text,
         fields jsonb) on commit drop`,
    );
    // The transaction's own connection: the COPY runs inside the import's transaction.
    return (await (
      trx.client as { acquireConnection(): Promise<pg.Client> }
    ).acquireConnection()) as pg.Client;
  }
  async function copy(connection: pg.Client, body: string): Promise<void> {
    const stream = connection.query(
      copyFrom(`copy ${STAGE} (profile_url, name, first_name, last_name, fields) from stdin`),
    );
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end(body);
    });
  }
  /**
   * Moves the staged rows into leads and empties the stage, in one round trip (a simple query of
   * several statements; the ids are integers, the source a constant): answers how many were
   * inserted. Unchecked, the insert runs under a savepoint; should another request have added one of
   * its people meanwhile, it is undone and done again with the key checked, and so is every later
   * chunk.
   */
  async function move(connection: pg.Client, checked: boolean): Promise<number> {
    const insert = `insert into leads (organization_id, collection_id, profile_url, name, first_name, last_name,
                          has_message_button, source, fields)
       select ${Number(organizationId)}, ${Number(collectionId)}, s.profile_url, s.name, s.first_name, s.last_name,
              false, '${source.replaceAll("'", "''")}', s.fields from ${STAGE} s
       ${checked ? 'on conflict (collection_id, profile_url) do nothing' : ''}`;
    const inserted = (results: unknown, index: number) =>
      toAffectedRows((results as pg.QueryResult[])[index]);
    if (checked) return inserted(await connection.query(`${insert}; truncate ${STAGE}`), 0);
    try {
      const results = await connection.query(
        `savepoint lead_import_chunk; ${insert}; release savepoint lead_import_chunk; truncate ${STAGE}`,
      );
      return inserted(results, 1);
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await connection.query('rollback to savepoint lead_import_chunk');
      seen = null;
      return move(connection, true);
    }
  }
  return {
    async write(chunk) {
      if (chunk.profileUrl.length === 0) return async () => 0;
      staged ??= stage();
      const connection = await staged;
      let fresh = chunk;
      const again = emptyLeadChunk();
      if (seen) {
        // The lines whose URL was written before (or that SeenUrls cannot take) are checked by the key.
        fresh = emptyLeadChunk();
        for (let i = 0; i < chunk.profileUrl.length; i += 1) {
          const into = seen.add(chunk.profileUrl[i] as string) === true ? fresh : again;
          into.profileUrl.push(chunk.profileUrl[i] as string);
          into.name.push(chunk.name[i] ?? null);
          into.firstName.push(chunk.firstName[i] ?? null);
          into.lastName.push(chunk.lastName[i] ?? null);
          into.fields.push(chunk.fields[i] ?? '{}');
        }
        if (seen.full) seen = null;
      }
      if (fresh.profileUrl.length > 0) await copy(connection, copyBody(fresh));
      return async () => {
        let inserted = 0;
        if (fresh.profileUrl.length > 0) inserted += await move(connection, fresh === chunk);
        if (again.profileUrl.length > 0) {
          await copy(connection, copyBody(again));
          inserted += await move(connection, true);
        }
        return inserted;
      };
    },
  };
}
