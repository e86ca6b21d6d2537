import type { Knex } from 'knex';
import type { Sandbox } from '../sandbox-network/server.ts';
import { iso, type MonthFacts } from './facts.ts';
import type { NetworkAction } from './invariants-network.ts';

/** The invariants of what people asked for: their harder answers heeded, the cards they moved kept. */

/** What a profile may still send after a lead's answer, before the server has read it (an inbox look). */
const READ_DELAY_MS = 15 * 60_000;

/**
 * What the harder answers make the engine do. Stop, wrong person, another language: nothing more
 * from any profile once the answer has been read (the first two are off-limits, the third is a
 * person's to answer). Later: nothing until the day planned, then the message on that day.
 */
export async function answersHeeded(
  db: Knex,
  sandbox: Sandbox,
  facts: MonthFacts,
  actions: readonly NetworkAction[],
): Promise<string[]> {
  const violations: string[] = [];
  const state = sandbox.context.state;
  const firstAnswer = new Map<string, number>();
  for (const m of state.messages) {
    if (m.from !== 'person' || !facts.answers.has(m.personSlug)) continue;
    if (!firstAnswer.has(m.personSlug) || (firstAnswer.get(m.personSlug) as number) > m.at)
      firstAnswer.set(m.personSlug, m.at);
  }
  for (const [person, answer] of facts.answers) {
    const at = firstAnswer.get(person);
    if (at === undefined || answer === 'later' || answer === 'later-named') continue;
    const after = actions.filter(
      (a) => a.person === person && a.kind !== 'accept' && a.at > at + READ_DELAY_MS,
    );
    if (after.length > 0)
      violations.push(
        `${person} answered "${answer}" at ${iso(at)} and still got ${after.length} (first ${after[0]?.kind} at ${iso(after[0]?.at ?? 0)})`,
      );
  }
  const laterTasks = (await db('campaign_tasks as t')
    .join('leads as l', 'l.id', 't.lead_id')
    .where({ 't.organization_id': facts.organizationId, 't.action': 'followUp' })
    .andWhere('t.step_key', 'like', 'contactLater:%')
    .select('t.status', 't.due_at', 't.step_key', 't.claimed_at', 't.profile_id', 'l.profile_url')) as {
    status: string;
    due_at: Date;
    step_key: string;
    claimed_at: Date | null;
    profile_id: number;
    profile_url: string;
  }[];
  // Planned when the answer was read: the stored message its key names (stored on the engine's clock).
  const answerIds = laterTasks.map((t) => Number(t.step_key.slice('contactLater:'.length)));
  const readAt = new Map(
    (
      (await db('conversation_messages').whereIn('id', answerIds).select('id', 'sent_at')) as {
        id: number;
        sent_at: Date;
      }[]
    ).map((m) => [Number(m.id), new Date(m.sent_at).getTime()]),
  );
  const slugOfUrl = (url: string) => decodeURIComponent(url.split('/').filter(Boolean).at(-1) ?? '');
  for (const t of laterTasks) {
    const person = slugOfUrl(t.profile_url);
    const planned = readAt.get(Number(t.step_key.slice('contactLater:'.length))) ?? Number.NaN;
    const due = new Date(t.due_at).getTime();
    const early = actions.filter(
      (a) => a.person === person && a.kind === 'message' && a.at > planned + READ_DELAY_MS && a.at < due,
    );
    if (early.length > 0)
      violations.push(
        `${person} asked for later (due ${iso(due)}) and got "${early[0]?.text}" at ${iso(early[0]?.at ?? 0)}`,
      );
    if (t.status === 'done' && new Date(t.claimed_at as Date).getTime() < due)
      violations.push(
        `${person}'s later message claimed at ${iso(t.claimed_at as Date)}, before its day ${iso(due)}`,
      );
  }
  return violations;
}

/** A card a person moved stays where they put it. */
export async function movesKept(db: Knex, facts: MonthFacts): Promise<string[]> {
  const violations: string[] = [];
  const lastMove = new Map<number, string>();
  for (const m of facts.manualMoves) lastMove.set(m.conversationId, m.status);
  for (const [id, status] of lastMove) {
    const card = (await db('conversations').where({ id }).first('status')) as { status: string } | undefined;
    if (card && card.status !== status)
      violations.push(`card ${id} moved by a person to ${status} is now ${card.status}`);
  }
  return violations;
}
