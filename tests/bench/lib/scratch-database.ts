import pg from 'pg';

/**
 * Runs `work` on a new, empty database of the PostgreSQL server `adminUrl` names (with a client on
 * it), and drops the database afterwards, whatever happened.
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  work: (databaseUrl: string, db: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    await db.connect();
    return await work(databaseUrl.toString(), db);
  } finally {
    await db.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
