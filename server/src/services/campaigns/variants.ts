import { POSITIVE_INTENTS } from '@reachly/shared/constants';
import { type CampaignStep, type CampaignVariantsResponse, variantLetter } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import type { CampaignSettings } from '../../engine/settings.ts';

/**
 * A campaign's A/B tests (GET /api/campaigns/:id/variants, issue 17): each message step with
 * versions (its template is A, its abVariants B, C, D; lease.ts picks a lead's version and keeps
 * its index in the task's payload). Per version: messages sent, leads who wrote to the profile
 * after it, leads whose reply was read as a positive intent after it, and the reply rate.
 */

const positiveList = POSITIVE_INTENTS.map((intent) => `'${intent}'`).join(', ');

/** A follow-up's tasks are keyed followUp:<step>:<repeat>; its results are the step's, all repeats. */
const STEP = `case when t.action = 'followUp' then 'followUp:' || split_part(t.step_key, ':', 2) else t.step_key end`;

const COUNTS_SQL = `
  select ${STEP} as step, coalesce((t.payload->>'variant')::int, 0) as variant,
         bool_or(t.payload->>'variant' is not null) as tested,
         count(*) as sent,
         count(*) filter (where exists (
           select 1 from conversations c join conversation_messages m on m.conversation_id = c.id
            where c.lead_id = t.lead_id and c.profile_id = t.profile_id
              and m.direction = 'in' and m.sent_at > t.finished_at)) as replied,
         count(*) filter (where exists (
           select 1 from campaign_logs g
            where g.campaign_id = t.campaign_id and g.lead_id = t.lead_id and g.type = 'STATUS_CHANGE'
              and g.message like 'Reply classified as %'
              and split_part(substr(g.message, 21), ';', 1) in (${positiveList})
              and g.created_at >= t.finished_at)) as positive
    from campaign_tasks t
   where t.campaign_id = ? and t.status = 'done' and t.lead_id is not null
     and t.action in ('welcomeMessage', 'callToAction', 'followUp')
     and t.step_key not like 'contactLater:%'
   group by 1, 2`;

interface CountRow {
  step: string;
  variant: number | string;
  tested: boolean;
  sent: unknown;
  replied: unknown;
  positive: unknown;
}

type MessageStep = Extract<CampaignStep, { type: 'welcomeMessage' | 'callToAction' | 'followUp' }>;

/** How the results name a step: "Welcome message", "Call to action", "Follow-up 2". */
const labelOf = (step: string) =>
  step === 'welcomeMessage'
    ? 'Welcome message'
    : step === 'callToAction'
      ? 'Call to action'
      : `Follow-up ${Number(step.split(':')[1] ?? 0) + 1}`;

/** The campaign's message steps by results key (followUp:<n> the n-th follow-up), with their index. */
function messageSteps(settings: CampaignSettings) {
  const steps = new Map<string, { index: number; step: MessageStep }>();
  let followUps = 0;
  settings.steps.forEach((step, index) => {
    if (step.type === 'welcomeMessage' || step.type === 'callToAction') steps.set(step.type, { index, step });
    if (step.type === 'followUp') steps.set(`followUp:${followUps++}`, { index, step });
  });
  return steps;
}

export async function campaignVariants(
  db: Knex,
  id: number,
  settings: CampaignSettings,
): Promise<CampaignVariantsResponse> {
  const rows = (await db.raw(COUNTS_SQL, [id])).rows as CountRow[];
  const steps = messageSteps(settings);
  // A step is shown when it has versions now, or its messages went out as versions (a winner kept).
  const keys = new Set<string>();
  for (const [key, { step }] of steps) if ((step.abVariants?.length ?? 0) > 0) keys.add(key);
  for (const row of rows) if (row.tested) keys.add(row.step);
  return [...keys]
    .map((key) => {
      const current = steps.get(key);
      const templates = current ? [current.step.template, ...(current.step.abVariants ?? [])] : [];
      const counted = rows.filter((r) => r.step === key);
      const versions = Math.max(templates.length, ...counted.map((r) => Number(r.variant) + 1));
      return {
        step: key,
        label: labelOf(key),
        stepIndex: current?.index ?? null,
        versions: Array.from({ length: versions }, (_, variant) => {
          const row = counted.find((r) => Number(r.variant) === variant);
          const sent = toCount(row?.sent ?? 0);
          const replied = toCount(row?.replied ?? 0);
          return {
            variant: variantLetter(variant),
            template: templates[variant] ?? null,
            sent,
            replied,
            positive: toCount(row?.positive ?? 0),
            replyRate: sent === 0 ? null : replied / sent,
          };
        }),
      };
    })
    .sort((a, b) => (a.stepIndex ?? Number.MAX_SAFE_INTEGER) - (b.stepIndex ?? Number.MAX_SAFE_INTEGER));
}
