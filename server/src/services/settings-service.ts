import type { Knex } from 'knex';
import { prepared } from '../db/prepared.ts';

/** Server-wide settings (table app_settings), each a JSON value under a key. */
export type SettingsService = ReturnType<typeof createSettingsService>;

const OFFERED_DESKTOP_VERSION = 'offeredDesktopVersion';

export function createSettingsService({ db }: { db: Knex }) {
  async function read<T>(key: string): Promise<T | null> {
    // A named prepared statement (db/prepared.ts): GET /api/user reads the offered desktop version.
    const row = await prepared(db('app_settings').where({ key }).first('value'), 'app_setting');
    // Both pg and PGlite parse jsonb; a JSON string value arrives as a JS string.
    return row ? (row.value as T) : null;
  }

  async function write(key: string, value: unknown): Promise<void> {
    await db('app_settings')
      .insert({ key, value: JSON.stringify(value), updated_at: db.fn.now() })
      .onConflict('key')
      .merge();
  }

  return {
    /** The latest desktop version the server offers (GET /api/user), set by the admin tool. */
    offeredDesktopVersion: () => read<string>(OFFERED_DESKTOP_VERSION),
    setOfferedDesktopVersion: (version: string) => write(OFFERED_DESKTOP_VERSION, version),
  };
}
