import type { AdapterStep, IncomingMessage, StepResult } from '@reachly/shared/extension';
import type { CollectedProfile } from '@reachly/shared/schemas';
import { byRole, matches, nameOf, peopleIn } from './locate.ts';
import { isAt, pageOf } from './pages.ts';
import { type Ctx, missing, threadMessages, waitFor } from './steps.ts';

/**
 * Lists (group members, search results, friend requests) are read from the JSON answers the page
 * receives from /api/graphql/ (the paths are in the locator table); the page's links are the
 * fallback when no answer came through. Nothing is requested by the adapter itself: more members
 * come by scrolling, as for a person reading the list.
 */

const FIRST_ANSWER_MS = 6_000;
const MORE_MS = 6_000;

type Step<K extends AdapterStep['kind']> = Extract<AdapterStep, { kind: K }>;

/** People linked from the page's lists (the fallback). */
function linkedPeople(c: Ctx): { name: string; url: string }[] {
  const out = new Map<string, { name: string; url: string }>();
  for (const item of byRole(c.doc, 'listitem')) {
    const a = item.querySelector('a[href]');
    const url = a ? new URL(a.getAttribute('href') ?? '', c.doc.URL).href : '';
    if (a && pageOf(url)?.page === 'profile') out.set(url, { name: nameOf(a), url });
  }
  return [...out.values()];
}

const toProfile = (p: { name: string; url: string }): CollectedProfile => ({
  profileUrl: p.url,
  name: p.name,
  // A list does not show whether a person has a Message button; their page does, on the first visit.
  hasMessageButton: null,
});

export async function collect(c: Ctx, step: Step<'collect'>): Promise<StepResult> {
  const want = step.source.kind === 'group' ? 'groupMembers' : 'search';
  if (pageOf(c.doc.URL)?.page !== want || !isAt(c.doc.URL, c.entry)) {
    if (!isAt(c.doc.URL, c.entry)) return { status: 'navigate', url: c.entry };
    return {
      status: 'skipped',
      reason: step.source.kind === 'group' ? 'Group not found' : 'Search not found',
    };
  }
  const paths = c.env.locators.lists[step.source.kind === 'group' ? 'groupMembers' : 'searchResults'];
  const max = Math.max(0, step.maxCount);
  const people = () => peopleIn(c.env.answers(), paths);
  await waitFor(c, () => people().length > 0, FIRST_ANSWER_MS);
  if (people().length === 0) {
    const linked = linkedPeople(c);
    if (linked.length === 0 && c.env.answers().length === 0)
      return missing(c, `lists.${step.source.kind === 'group' ? 'groupMembers' : 'searchResults'}`);
    return { status: 'done', collected: linked.slice(0, max).map(toProfile) };
  }
  // More come as the list is scrolled to its end; stop when a scroll brings nothing new.
  while (people().length < max) {
    const before = people().length;
    const view = c.doc.defaultView;
    view?.scrollTo(0, c.doc.documentElement.scrollHeight);
    view?.dispatchEvent(new view.Event('scroll'));
    if (!(await waitFor(c, () => people().length > before, MORE_MS))) break;
  }
  return { status: 'done', collected: people().slice(0, max).map(toProfile) };
}

export async function readInbox(c: Ctx): Promise<StepResult> {
  if (pageOf(c.doc.URL)?.page !== 'inbox') return { status: 'navigate', url: c.entry };
  const links = () =>
    [...c.doc.querySelectorAll('[role="main"] a[href]')]
      .map((a) => new URL(a.getAttribute('href') ?? '', c.doc.URL).href)
      .filter((u) => pageOf(u)?.page === 'thread');
  await waitFor(c, () => links().length > 0 || c.env.answers().length > 0, FIRST_ANSWER_MS);
  return { status: 'done', threads: [...new Set(links())] };
}

export async function readThread(c: Ctx): Promise<StepResult> {
  if (pageOf(c.doc.URL)?.page !== 'thread' || !isAt(c.doc.URL, c.entry)) {
    return isAt(c.doc.URL, c.entry)
      ? { status: 'skipped', reason: 'Thread not found' }
      : { status: 'navigate', url: c.entry };
  }
  const log = byRole(c.doc, 'log').find((l) => matches(nameOf(l), c.lang.threadLog));
  if (!log) return missing(c, 'threadLog');
  await waitFor(c, () => log.getAttribute('aria-busy') !== 'true' && log.children.length > 0, 3_000);
  // The other side's profile: the thread's header links to it.
  const header = [...c.doc.querySelectorAll('[role="main"] a[href]')]
    .map((a) => new URL(a.getAttribute('href') ?? '', c.doc.URL).href)
    .find((u) => pageOf(u)?.page === 'profile');
  if (!header) return missing(c, 'threadProfileLink');
  const messages: IncomingMessage[] = [];
  for (const m of threadMessages(c, log))
    if (!m.mine) messages.push({ profileUrl: header, text: m.text, sentAt: m.at });
  return { status: 'done', messages };
}

export async function readFriends(c: Ctx): Promise<StepResult> {
  if (pageOf(c.doc.URL)?.page !== 'friendRequests') return { status: 'navigate', url: c.entry };
  const { friends, incomingRequests } = c.env.locators.lists;
  const answered = () =>
    c.env
      .answers()
      .some((a) => peopleIn([a], friends).length > 0 || hasPath(a, friends) || hasPath(a, incomingRequests));
  if (!(await waitFor(c, answered, FIRST_ANSWER_MS))) return missing(c, 'lists.friends');
  const accepted = peopleIn(c.env.answers(), friends).map((p) => p.url);
  const incoming = peopleIn(c.env.answers(), incomingRequests).map((p) => ({
    profileUrl: p.url,
    name: p.name,
  }));
  return { status: 'done', accepted, incoming };
}

function hasPath(answer: unknown, paths: readonly string[]): boolean {
  return paths.some((p) =>
    Array.isArray(
      p
        .split('.')
        .reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
          answer,
        ),
    ),
  );
}
