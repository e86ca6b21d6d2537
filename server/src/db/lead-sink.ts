import type { Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CopyLines, copyText } from './copy-lines.ts';
import { insertLeadColumns } from './insert-leads.ts';
import { embeddedDatabase, toAffectedRows } from './knex.ts';
import { SeenUrls } from './seen-urls.ts';

/**
 * Where the CSV import writes its leads, one batch at a time, inside the import's transaction. On
 * PostgreSQL a batch's leads are COPYed straight into leads when none of them can be there already
 * (a collection empty at the start, URLs not seen earlier in the file), else into a temporary staging
 * table and moved into leads by one INSERT … SELECT … ON CONFLICT DO NOTHING (copySink); on the
 * embedded PGlite, which has no COPY from a client stream, each batch is one multi-row insert
 * (insertLeadColumns). Either way, a lead already in the collection or repeated in the file is
 * skipped by the unique key, and the batch's answer is how many were inserted.
 */

/** The leads of an import read since the last write, kept as the sink will send them. */
export interface LeadBatch {
  /** Leads added. */
  readonly size: number;
  /** About how many bytes the batch holds: the import writes it early when that grows large. */
  readonly weight: number;
  /** Adds a lead (its leads.fields as JSON text). */
  add(
    profileUrl: string,
    name: string | null,
    firstName: string | null,
    lastName: string | null,
    fields: string,
  ): void;
}

export interface LeadSink {
  /** An empty batch. */
  batch(): LeadBatch;
  /**
   * Takes a batch of this sink and answers the step that writes it into the collection, which
   * answers how many of its leads were new. The import reads the next batch while that step runs:
   * the database works through a batch while the server parses the next one.
   */
  write(batch: LeadBatch): Promise<() => Promise<number>>;
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

export function leadSink(options: LeadSinkOptions): LeadSink {
  return embeddedDatabase(options.db) ? insertSink(options) : copySink(options);
}

/** PGlite: a multi-row insert per batch (one array parameter per column). */
function insertSink({ trx, organizationId, collectionId, source }: LeadSinkOptions): LeadSink {
  class Batch implements LeadBatch {
    readonly profileUrl: string[] = [];
    readonly name: (string | null)[] = [];
    readonly firstName: (string | null)[] = [];
    readonly lastName: (string | null)[] = [];
    readonly fields: string[] = [];
    weight = 0;
    get size(): number {
      return this.profileUrl.length;
    }
    readonly add: LeadBatch['add'] = (profileUrl, name, firstName, lastName, fields) => {
      this.profileUrl.push(profileUrl);
      this.name.push(name);
      this.firstName.push(firstName);
      this.lastName.push(lastName);
      this.fields.push(fields);
      this.weight += 2 * (profileUrl.length + fields.length + (name?.length ?? 0) * 2);
    };
  }
  return {
    batch: () => new Batch(),
    write: async (batch) => {
      if (!(batch instanceof Batch)) throw new TypeError('a batch of another sink');
      return () =>
        insertLeadColumns(trx, organizationId, collectionId, {
          ...batch,
          avatarUrl: batch.profileUrl.map(() => null),
          hasMessageButton: batch.profileUrl.map(() => false),
          source: batch.profileUrl.map(() => source),
        });
    },
  };
}

/** The staging table: no key, no index, not logged, dropped when the import's transaction ends. */
const STAGE = 'lead_import_stage';

/** The most URLs an import remembers (SeenUrls, 32 MB); past them every row is checked by the key. */
const SEEN_URLS_MAX = 2_000_000;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** The savepoint a batch COPYed straight into leads is written under. */
const BATCH_SAVEPOINT = 'lead_import_batch';

/** The columns of every COPY of the import, into leads or into the stage. */
const COPY_COLUMNS =
  'organization_id, collection_id, profile_url, name, first_name, last_name, has_message_button, source, fields';

/** The size of the COPY's messages (see copySink's copy). */
const COPY_MESSAGE_BYTES = 256 * 1024;

/** Buffers of written batches kept for the next ones: one is filled while another is sent. */
const SPARE_BUFFERS = 2;

/**
 * PostgreSQL, per batch: straight into leads by COPY when no lead of it can already be there, else
 * through the staging table and one INSERT … SELECT … ON CONFLICT DO NOTHING.
 *
 * Into a collection that held no lead when the import started, a lead can only be a duplicate of an
 * earlier line of the file: the import remembers the URLs it wrote (SeenUrls) and COPYs the new ones
 * straight into leads, sparing the stage (a second COPY, a scan and a truncate per batch) and ON
 * CONFLICT's speculative insertion. The few lines whose URL was seen go through the stage and ON
 * CONFLICT DO NOTHING. Should another request add the same person to the collection meanwhile, the
 * unique key refuses the COPY: the batch is undone to its savepoint and written again through the
 * stage, and so is every later one. A batch's lines are COPY text in a buffer (CopyLines), which is
 * what the COPY sends, and the buffer goes to a later batch once written.
 */
function copySink({ trx, organizationId, collectionId, source, startsEmpty }: LeadSinkOptions): LeadSink {
  let connecting: Promise<pg.Client> | null = null;
  let staged = false;
  let seen: SeenUrls | null = startsEmpty ? new SeenUrls(SEEN_URLS_MAX) : null;
  const spare: Buffer[] = [];
  /** The transaction's own connection: the COPYs run inside the import's transaction. */
  const connection = () => {
    connecting ??= (trx.client as { acquireConnection(): Promise<pg.Client> }).acquireConnection();
    return connecting;
  };
  /** The cells around each lead's own, the same for every lead of the import. */
  const prefix = `${Number(organizationId)}\t${Number(collectionId)}\t`;
  const middle = `\tf\t${copyText(source)}\t`;

  class Batch implements LeadBatch {
    /** Lines COPYed straight into leads. */
    direct: CopyLines | null = null;
    /** Lines written through the stage, the key checked. */
    checked: CopyLines | null = null;
    size = 0;
    get weight(): number {
      return (this.direct?.length ?? 0) + (this.checked?.length ?? 0);
    }
    readonly add: LeadBatch['add'] = (profileUrl, name, firstName, lastName, fields) => {
      const line =
        prefix +
        `${copyText(profileUrl)}\t${copyText(name)}\t${copyText(firstName)}\t${copyText(lastName)}` +
        middle +
        copyText(fields);
      this.size += 1;
      // The lines whose URL was written before (or that SeenUrls cannot take) are checked by the key.
      const fresh = seen ? seen.add(profileUrl) === true : false;
      if (seen?.full) seen = null;
      if (fresh) {
        this.direct ??= new CopyLines(spare.pop());
        this.direct.add(line);
      } else {
        this.checked ??= new CopyLines(spare.pop());
        this.checked.add(line);
      }
    };
  }

  /**
   * COPYs `body` in messages of COPY_MESSAGE_BYTES: PostgreSQL reads a whole message before it reads
   * a row of it, so a batch sent as one message would keep it waiting until its last byte arrived.
   */
  async function copy(client: pg.Client, sql: string, body: Buffer): Promise<void> {
    const stream = client.query(copyFrom(sql));
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      for (let at = 0; at < body.length; at += COPY_MESSAGE_BYTES) {
        stream.write(body.subarray(at, Math.min(at + COPY_MESSAGE_BYTES, body.length)));
      }
      stream.end();
    });
  }

  /** COPYs lines straight into leads (see copySink), answering how many were inserted. */
  async function copyIntoLeads(client: pg.Client, lines: CopyLines): Promise<number> {
    await client.query(`savepoint ${BATCH_SAVEPOINT}`);
    try {
      await copy(client, `copy leads (${COPY_COLUMNS}) from stdin`, lines.body());
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await client.query(`rollback to savepoint ${BATCH_SAVEPOINT}`);
      seen = null;
      return checkedInsert(client, lines);
    }
    await client.query(`release savepoint ${BATCH_SAVEPOINT}`);
    return lines.lines;
  }

  /**
   * Writes lines through the staging table with the key checked, in two round trips (the COPY, then
   * a simple query of two statements): answers how many were inserted.
   */
  async function checkedInsert(client: pg.Client, lines: CopyLines): Promise<number> {
    if (!staged) {
      await client.query(
        `create temporary table ${STAGE} (organization_id integer, collection_id integer, profile_url text,
           name text, first_name text, last_name text, has_message_button boolean, source text, fields jsonb)
         on commit drop`,
      );
      staged = true;
    }
    await copy(client, `copy ${STAGE} (${COPY_COLUMNS}) from stdin`, lines.body());
    const results = await client.query(
      `insert into leads (${COPY_COLUMNS}) select ${COPY_COLUMNS} from ${STAGE}
       on conflict (collection_id, profile_url) do nothing; truncate ${STAGE}`,
    );
    return toAffectedRows((results as unknown as pg.QueryResult[])[0]);
  }

  return {
    batch: () => new Batch(),
    async write(batch) {
      if (!(batch instanceof Batch)) throw new TypeError('a batch of another sink');
      const { direct, checked } = batch;
      return async () => {
        if (!direct && !checked) return 0;
        const client = await connection();
        let inserted = 0;
        if (direct) inserted += await copyIntoLeads(client, direct);
        if (checked) inserted += await checkedInsert(client, checked);
        // Sent and answered: their buffers can take a later batch's lines.
        for (const lines of [direct, checked])
          if (lines && spare.length < SPARE_BUFFERS) spare.push(lines.release());
        return inserted;
      };
    },
  };
}
