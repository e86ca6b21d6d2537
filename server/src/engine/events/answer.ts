import { safeTimeZone } from '@reachly/shared/logic';
import type { CampaignStep } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import {
  cardStatusForIntent,
  DEFAULT_HANDOFF_WORDS,
  decideAutoReply,
  REPLY_INTENTS,
  type Reply,
  type ReplyIntent,
  type ReplyMessage,
} from '../../ai/index.ts';
import { table } from '../../db/tables.ts';
import { releaseReplied } from '../../services/webhooks/record-event.ts';
import { planContactLater } from '../contact-later.ts';
import { moveCard } from '../conversation-writes.ts';
import { leadLabel, profileLabel } from '../names.ts';
import { markDoNotContact } from '../people.ts';
import type { PlannedCampaign } from '../planner.ts';
import { dailyCapOf, stepOf } from '../settings.ts';
import { type EventContext, signalAbout } from './context.ts';
import type { StoredMessage } from './incoming-message.ts';

/** The conversation as the reply provider reads it, oldest first. */
async function readConversation(db: Knex, conversationId: number): Promise<ReplyMessage[]> {
  const rows = await table(db, 'conversation_messages')
    .where({ conversation_id: conversationId })
    .orderBy([{ column: 'sent_at' }, { column: 'id' }])
    .select('direction', 'text', 'sent_at');
  return rows.map((m) => ({ direction: m.direction, text: m.text, time: new Date(m.sent_at).toISOString() }));
}

/** The AI reply step's template per intent; its fallback answers what has none. */
function replyTemplates(
  step: Extract<CampaignStep, { type: 'aiReply' }>,
): Partial<Record<ReplyIntent, string>> {
  const templates: Partial<Record<ReplyIntent, string>> = {};
  for (const intent of REPLY_INTENTS) {
    const template = step.intents[intent];
    if (template) templates[intent] = template;
  }
  if (!templates.other && step.fallbackTemplate) templates.other = step.fallbackTemplate;
  return templates;
}

/** Classifies the reply, moves the card by intent, and plans the AI answer (or hands it to a person). */
export async function answer(ctx: EventContext, stored: StoredMessage): Promise<void> {
  const { db, provider, random, profileId, now, effects } = ctx;
  const { campaign, lead } = stored;
  const step = campaign && campaign.status === 'running' ? stepOf(campaign.settings, 'aiReply') : undefined;
  if (!campaign || !step) return;
  const messages = await readConversation(db, stored.conversationId);
  const profileRow = await table(db, 'profiles').where({ id: profileId }).first('name', 'proxy_timezone');
  const profile = profileLabel(profileRow, profileId);
  const guardrails = {
    dailyCap: dailyCapOf(campaign.settings, 'aiReply'),
    handoffWords: DEFAULT_HANDOFF_WORDS,
  };
  // Working hours and the daily cap are the claim's to enforce (the reply waits, it is not dropped);
  // a hand-off word is decided here, so that a person hears of it at once.
  const decision = decideAutoReply({
    settings: guardrails,
    messages,
    repliesToday: 0,
    isWithinWorkingHours: true,
  });
  if (decision.action === 'handoff') {
    // No classification follows: lead.replied goes out now, without an intent.
    await releaseReplied(db, {
      organizationId: ctx.organizationId,
      messageId: stored.messageId,
      intent: null,
      now,
    });
    const message = `${leadLabel(lead)} wrote "${decision.word}" to ${profile}: no automatic reply, a person should answer.`;
    signalAbout(effects, { campaignId: campaign.id, profileId, leadId: lead.id }, message);
    return;
  }
  // A person wrote in this conversation by hand (the inbox): no AI reply until they resume them.
  const card = await table(db, 'conversations').where({ id: stored.conversationId }).first('ai_paused_at');
  if (card?.ai_paused_at) {
    await releaseReplied(db, {
      organizationId: ctx.organizationId,
      messageId: stored.messageId,
      intent: null,
      now,
    });
    return;
  }
  // A named day ("next Tuesday", "in March") is read in the profile's time zone, from the engine's now.
  const timeZone = safeTimeZone(profileRow?.proxy_timezone ?? null);
  const reply = await provider.reply({
    messages,
    variables: { firstName: lead.first_name, lastName: lead.last_name, name: lead.name },
    templates: replyTemplates(step),
    guardrails,
    random,
    now,
    timeZone,
  });
  await db.transaction((trx) => actOnReply(trx, ctx, { ...stored, campaign, profile }, reply, timeZone));
}

/** The stored message of a running campaign's lead, and the name of the profile it was written to. */
type Answered = StoredMessage & { campaign: PlannedCampaign; profile: string };

/** What the understood answer changes: the card, then do-not-contact, a person, a later day or a reply. */
async function actOnReply(
  trx: Knex.Transaction,
  ctx: EventContext,
  stored: Answered,
  reply: Reply,
  timeZone: string,
): Promise<void> {
  const { organizationId, profileId, now, effects } = ctx;
  const { campaign, lead, conversationId, profile } = stored;
  const { intent } = reply;
  const base = { campaignId: campaign.id, profileId, leadId: lead.id };
  const who = leadLabel(lead);
  const status = cardStatusForIntent(intent);
  await releaseReplied(trx, { organizationId, messageId: stored.messageId, intent, now });
  if (status) await moveCard(trx, organizationId, conversationId, status, now);
  effects.logs.push({
    ...base,
    type: 'STATUS_CHANGE',
    message: `Reply classified as ${intent}${status ? `; card moved to ${status}` : ''}`,
  });
  if (intent === 'stop' || intent === 'unqualified') {
    await putOnDoNotContact(trx, ctx, stored, reply, who);
    return;
  }
  if (reply.needsPerson) {
    // Not understood well enough to answer: a person should, and is told so (the card says why).
    await trx('conversations')
      .where({ id: conversationId })
      .update({ needs_person: reply.needsPerson.detail });
    const message = `${who}'s answer to ${profile} needs a person (${reply.needsPerson.detail}): no automatic reply.`;
    signalAbout(effects, base, message);
    return;
  }
  if (intent === 'contact-later') {
    await planContactLater(trx, {
      organizationId,
      profileId,
      campaign,
      conversationId,
      leadId: lead.id,
      who,
      profile,
      messageId: stored.messageId,
      contactAt: reply.contactAt,
      timeZone,
      now,
      effects,
    });
  }
  if (reply.text) await planAiReply(trx, ctx, stored, reply.text, intent);
}

/** "Stop" or "not the right person": off-limits for every profile and campaign of the organisation, from now on. */
async function putOnDoNotContact(
  trx: Knex.Transaction,
  { organizationId, profileId, now, effects }: EventContext,
  { campaign, lead, conversationId, profile }: Answered,
  reply: Reply,
  who: string,
): Promise<void> {
  const what =
    reply.intent === 'stop'
      ? 'asked to stop'
      : `not the right person${reply.referral ? `; pointed to ${reply.referral}` : ''}`;
  await markDoNotContact(trx, organizationId, lead.profile_url, `${who}: ${what}`);
  if (reply.referral) {
    await trx('conversations')
      .where({ id: conversationId })
      .update({ note: `Pointed to ${reply.referral} (not the right person)` });
  }
  const cancelled = await trx('campaign_tasks')
    .where({ organization_id: organizationId, status: 'pending' })
    .whereIn(
      'lead_id',
      trx('leads').where({ organization_id: organizationId, profile_url: lead.profile_url }).select('id'),
    )
    .update({
      status: 'cancelled',
      finished_at: now,
      result: JSON.stringify({ reason: 'do-not-contact' }),
    })
    .returning('id');
  const message = `${who}, writing to ${profile}: ${what}. On do-not-contact: no profile or campaign writes again${
    cancelled.length > 0 ? ` (${cancelled.length} planned task(s) cancelled)` : ''
  }.`;
  effects.logs.push({ campaignId: campaign.id, profileId, leadId: lead.id, type: 'STATUS_CHANGE', message });
  // A referral is something a person can act on.
  if (reply.referral) effects.notices.push({ campaignId: campaign.id, profileId, type: 'SIGNAL', message });
}

/**
 * One answer for the conversation's newest message: a reply not yet sent to an earlier message is
 * replaced, so two quick messages from a lead get one answer, not two.
 */
async function planAiReply(
  trx: Knex.Transaction,
  { organizationId, profileId, now }: EventContext,
  { campaign, lead, messageId }: Answered,
  text: string,
  intent: ReplyIntent,
): Promise<void> {
  await trx('campaign_tasks')
    .where({ lead_id: lead.id, profile_id: profileId, action: 'aiReply', status: 'pending' })
    .update({
      status: 'cancelled',
      finished_at: now,
      result: JSON.stringify({ reason: 'newer-message' }),
    });
  await trx('campaign_tasks')
    .insert({
      organization_id: organizationId,
      campaign_id: campaign.id,
      profile_id: profileId,
      lead_id: lead.id,
      step_key: `aiReply:${messageId}`,
      action: 'aiReply',
      due_at: now,
      payload: JSON.stringify({ text, intent }),
    })
    .onConflict()
    .ignore();
}
