import {
  DEFAULT_FACEBOOK_LOCATORS,
  type DiagnosticBody,
  type DiagnosticGroup,
  type LocatorTable,
  locatorTableSchema,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { conflict, notFound, tooManyRequests } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';

/** Diagnostics one profile may send per hour; more are refused (429) and not stored. */
export const DIAGNOSTICS_PER_HOUR = 30;

/**
 * The locator tables executors read (the highest published version, else the built-in one) and
 * the page diagnostics they send when a locator found nothing.
 */
export function createLocatorsService({ db, realtime }: { db: Knex; realtime: Realtime }) {
  async function current(network: 'facebook'): Promise<LocatorTable> {
    const row = await db('locator_tables').where({ network }).orderBy('version', 'desc').first('table');
    const parsed = locatorTableSchema.safeParse(row?.table);
    return parsed.success && parsed.data.version >= DEFAULT_FACEBOOK_LOCATORS.version
      ? parsed.data
      : DEFAULT_FACEBOOK_LOCATORS;
  }

  /** Replaces the table in force (validated by the caller); its version must be higher. */
  async function publish(table: LocatorTable): Promise<{ network: string; version: number }> {
    const now = await current(table.network);
    if (table.version <= now.version) {
      throw conflict(`The table's version must be higher than ${now.version}, the one in force.`);
    }
    await db('locator_tables').insert({
      network: table.network,
      version: table.version,
      table: JSON.stringify(table),
    });
    // Every executor of every organisation refetches it.
    (realtime.io as unknown as { emit(e: string, p: unknown): boolean }).emit('locators-updated', {
      network: table.network,
      version: table.version,
    });
    return { network: table.network, version: table.version };
  }

  async function report(organizationId: number, body: DiagnosticBody): Promise<{ id: number }> {
    const profile = await db('profiles')
      .where({ id: body.profileId, organization_id: organizationId })
      .first('id');
    if (!profile) throw notFound('No such profile.');
    const since = new Date(Date.now() - 60 * 60_000);
    const [{ n } = { n: 0 }] = await db('page_diagnostics')
      .where({ profile_id: body.profileId })
      .andWhere('created_at', '>', since)
      .count<{ n: string | number }[]>({ n: '*' });
    if (Number(n) >= DIAGNOSTICS_PER_HOUR) throw tooManyRequests();
    const { profileId, network, locator, urlPattern, lang, tableVersion, ...signature } = body;
    const [row] = await db('page_diagnostics')
      .insert({
        organization_id: organizationId,
        profile_id: profileId,
        network,
        locator,
        url_pattern: urlPattern,
        lang,
        table_version: tableVersion,
        signature: JSON.stringify(signature),
      })
      .returning('id');
    return { id: (row as { id: number }).id };
  }

  /** The organisation's diagnostics by locator, page and language: how many, from how many profiles. */
  async function list(organizationId: number): Promise<DiagnosticGroup[]> {
    const rows = await db('page_diagnostics')
      .where({ organization_id: organizationId })
      .orderBy('created_at', 'desc')
      .limit(2000)
      .select('profile_id', 'locator', 'url_pattern', 'lang', 'table_version', 'signature', 'created_at');
    const groups = new Map<string, DiagnosticGroup & { ids: Set<number> }>();
    for (const r of rows) {
      const key = `${r.locator}\u0000${r.url_pattern}\u0000${r.lang}`;
      const signature = (typeof r.signature === 'string' ? JSON.parse(r.signature) : r.signature) as {
        buttons?: string[];
        dialogs?: string[];
      };
      const group = groups.get(key) ?? {
        locator: r.locator,
        urlPattern: r.url_pattern,
        lang: r.lang,
        count: 0,
        profiles: 0,
        lastSeen: new Date(r.created_at).toISOString(),
        tableVersion: r.table_version,
        buttons: signature.buttons ?? [],
        dialogs: signature.dialogs ?? [],
        ids: new Set<number>(),
      };
      group.count += 1;
      group.ids.add(r.profile_id);
      group.profiles = group.ids.size;
      groups.set(key, group);
    }
    return [...groups.values()]
      .sort((a, b) => b.count - a.count || b.lastSeen.localeCompare(a.lastSeen))
      .map(({ ids: _, ...g }) => g);
  }

  return { current, publish, report, list };
}
