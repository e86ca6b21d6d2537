import type { Knex } from 'knex';

/**
 * The organisation's identity of a person: their normalised profile URL (leads.profile_url), the
 * same in every collection they are in. What is true of a person is true of every lead row that
 * names them:
 * - off-limits: any of their lead rows is excluded or skipped, or the person is on do-not-contact;
 * - worked by one profile only (a person never gets requests or messages from two of our profiles),
 *   and by one campaign at a time (the first that contacts them), recorded when that first task is
 *   claimed, under the row lock of the upsert, so two claims cannot both win.
 */

export interface PersonState {
  /** Excluded or skipped in some collection, or on do-not-contact. */
  offLimits: boolean;
  ownerProfileId: number | null;
  ownerCampaignId: number | null;
}

const nullableId = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The state of these people (by profile URL), read in one query. */
export async function peopleState(
  trx: Knex | Knex.Transaction,
  organizationId: number,
  profileUrls: readonly string[],
): Promise<Map<string, PersonState>> {
  if (profileUrls.length === 0) return new Map();
  const rows = (
    await trx.raw(
      `select u.profile_url,
              coalesce(p.do_not_contact, false)
                or exists (select 1 from leads x where x.organization_id = ? and x.profile_url = u.profile_url
                             and (x.is_excluded or x.should_skip)) as off_limits,
              p.owner_profile_id, p.owner_campaign_id
         from unnest(?::text[]) as u(profile_url)
         left join people p on p.organization_id = ? and p.profile_url = u.profile_url`,
      [organizationId, [...new Set(profileUrls)], organizationId],
    )
  ).rows as {
    profile_url: string;
    off_limits: boolean;
    owner_profile_id: unknown;
    owner_campaign_id: unknown;
  }[];
  return new Map(
    rows.map((r) => [
      r.profile_url,
      {
        offLimits: r.off_limits,
        ownerProfileId: nullableId(r.owner_profile_id),
        ownerCampaignId: nullableId(r.owner_campaign_id),
      },
    ]),
  );
}

/** Puts a person on the organisation's do-not-contact list (a stop answer, a person's choice). */
export async function markDoNotContact(
  trx: Knex | Knex.Transaction,
  organizationId: number,
  profileUrl: string,
  reason: string,
): Promise<void> {
  await trx.raw(
    `insert into people (organization_id, profile_url, do_not_contact, do_not_contact_reason)
     values (?, ?, true, ?)
     on conflict (organization_id, profile_url) do update set
       do_not_contact = true, do_not_contact_reason = excluded.do_not_contact_reason, updated_at = now()`,
    [organizationId, profileUrl, reason],
  );
}

/** What a profile's browser saw on the person's page, for every lead row that names them. */
export async function learnMessageButton(
  trx: Knex | Knex.Transaction,
  organizationId: number,
  profileUrl: string,
  hasMessageButton: boolean,
): Promise<void> {
  await trx('leads')
    .where({ organization_id: organizationId, profile_url: profileUrl })
    .andWhere((q) => q.whereNull('has_message_button').orWhereNot('has_message_button', hasMessageButton))
    .update({ has_message_button: hasMessageButton });
}
