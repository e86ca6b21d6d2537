import { type ApiClient, contract } from '@reachly/shared/contract';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import type { MonthDoNotContact } from './facts.ts';

/**
 * The month's do-not-contact list (issue 17), made through the API as a user would: before the
 * campaigns are planned, a person by profile URL, one by name and a surname as a keyword (whoever
 * bears it); while they run, a person by network id (`addMidRun`). What it records is what
 * invariants-do-not-contact.ts checks against the sandbox's records.
 */
export async function makeDoNotContactList({
  call,
  people,
  lead,
  byUrl,
  byName,
  bySurname,
  midRun,
  at,
}: {
  call: ApiClient['call'];
  /** Every lead of the month (both collections and the later ones). */
  people: readonly PersonSummary[];
  lead: (p: PersonSummary) => { profileUrl: string; name: string };
  byUrl: PersonSummary;
  byName: PersonSummary;
  bySurname: PersonSummary;
  /** Listed by network id (its slug) once the campaigns run. */
  midRun: PersonSummary;
  /** When the first entries are made. */
  at: number;
}) {
  const list: MonthDoNotContact = {
    entries: [],
    leads: new Map(people.map((p) => [p.slug, { profileUrl: lead(p).profileUrl, name: p.name, fields: {} }])),
    skippedMidRun: 0,
  };
  const add = async (kind: 'profileUrl' | 'networkId' | 'name' | 'keyword', value: string, when: number) => {
    const added = await call(contract.doNotContact.add, { body: { kind, value, note: 'soak' } });
    list.entries.push({ kind: added.entry.kind, value: added.entry.value, at: when });
    return added;
  };
  await add('profileUrl', lead(byUrl).profileUrl, at);
  await add('name', byName.name, at);
  await add('keyword', bySurname.name.split(' ').at(-1) ?? 'x', at);
  return {
    list,
    /** Puts `midRun` on the list at `when`; answers how many planned tasks that skipped at once. */
    async addMidRun(when: number): Promise<number> {
      const { skippedTasks } = await add('networkId', midRun.slug, when);
      list.skippedMidRun = skippedTasks;
      return skippedTasks;
    },
  };
}
