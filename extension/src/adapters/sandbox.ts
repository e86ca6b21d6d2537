import type { AdapterStep, IncomingMessage, PageInspection, StepResult } from '@reachly/shared/extension';
import type { CollectedProfile } from '@reachly/shared/schemas';
import { inspectionRefusal } from './refusal.ts';
import {
  absolute,
  elsewhere,
  fill,
  healthProblem,
  isAt,
  NO_MESSAGE_BUTTON,
  NOT_LOGGED_IN,
  PATHS,
  pageUrl,
  press,
  SELECTORS,
  sameText,
  signalOf,
  slugOf,
  text,
} from './sandbox-page.ts';
import type { NetworkAdapter } from './types.ts';

export { SELECTORS } from './sandbox-page.ts';

/**
 * The sandbox network's adapter (tests/sandbox-network, layout v1). Everything it knows about the
 * markup is in SELECTORS and PAGES (sandbox-page.ts); this file is the page flows. It reads and clicks only the
 * Document it is given, clicks at most once per `run`, and never clicks on a page whose layout it
 * does not recognise (the health check in `inspect`).
 */

function friendRequest(
  doc: Document,
  step: Extract<AdapterStep, { kind: 'friendRequest' }>,
  entry: string,
): StepResult {
  const person = doc.querySelector(SELECTORS.person.root);
  if (!person || person.getAttribute('data-slug') !== slugOf(step.profileUrl, doc.URL)) {
    return elsewhere(doc, entry, 'Profile not found');
  }
  // pending (our request, sent by this run or before) or friends: done, nothing to click. Incoming
  // (they asked us first): no request of ours can be sent; skipped, so the log does not claim one
  // went out, and the user decides whether to accept.
  const status = person.querySelector(SELECTORS.person.friendStatus)?.getAttribute('data-status');
  const observed = observedOn(person);
  if (status === 'incoming')
    return { status: 'skipped', reason: 'The lead already sent this profile a friend request', observed };
  if (status) return { status: 'done', observed };
  const add = person.querySelector(SELECTORS.person.addFriend);
  if (!add) return { status: 'failed', error: 'Broken page layout: no Add friend button nor friend status' };
  press(add);
  return { status: 'acted' };
}

const observedOn = (person: Element) => ({
  hasMessageButton: person.querySelector(SELECTORS.person.message) !== null,
});

/** The person's page, when the document is theirs. */
function personOn(doc: Document, profileUrl: string): Element | null {
  const person = doc.querySelector(SELECTORS.person.root);
  return person && person.getAttribute('data-slug') === slugOf(profileUrl, doc.URL) ? person : null;
}

function visit(doc: Document, step: Extract<AdapterStep, { kind: 'visit' }>, entry: string): StepResult {
  const person = personOn(doc, step.profileUrl);
  if (!person) return elsewhere(doc, entry, 'Profile not found');
  return { status: 'done', observed: observedOn(person) };
}

/** Follows the person from their page; done once Following shows (already following: nothing to click). */
function follow(doc: Document, step: Extract<AdapterStep, { kind: 'follow' }>, entry: string): StepResult {
  const person = personOn(doc, step.profileUrl);
  if (!person) return elsewhere(doc, entry, 'Profile not found');
  const observed = observedOn(person);
  if (person.querySelector(SELECTORS.person.following)) return { status: 'done', observed };
  const button = person.querySelector(SELECTORS.person.follow);
  if (!button) return { status: 'failed', error: 'Broken page layout: no Follow button nor Following badge' };
  press(button);
  return { status: 'acted' };
}

/** Cancels the profile's pending request from the person's page; done once Add friend shows again. */
function withdrawRequest(
  doc: Document,
  step: Extract<AdapterStep, { kind: 'withdrawRequest' }>,
  entry: string,
): StepResult {
  const person = personOn(doc, step.profileUrl);
  if (!person) return elsewhere(doc, entry, 'Profile not found');
  const observed = observedOn(person);
  if (person.querySelector(SELECTORS.person.addFriend)) return { status: 'done', observed };
  const cancel = person.querySelector(SELECTORS.person.cancelRequest);
  if (!cancel) return { status: 'skipped', reason: 'No pending friend request to this person', observed };
  press(cancel);
  return { status: 'acted' };
}

/** Confirms the person's incoming request on the friends page; done once they are a friend. */
function acceptRequest(
  doc: Document,
  step: Extract<AdapterStep, { kind: 'acceptRequest' }>,
  entry: string,
): StepResult {
  const section = doc.querySelector(SELECTORS.friends.section);
  if (!isAt(doc, entry) || !section) return elsewhere(doc, entry, 'No friends page');
  const slug = slugOf(step.profileUrl, doc.URL);
  const rowOf = (root: ParentNode, selector: string) =>
    [...root.querySelectorAll(selector)].find((r) => r.getAttribute('data-slug') === slug);
  if (rowOf(section, SELECTORS.friends.row)) return { status: 'done' };
  const accept = rowOf(doc, SELECTORS.friends.incoming)?.querySelector(SELECTORS.friends.accept);
  if (!accept) return { status: 'skipped', reason: 'No incoming friend request from this person' };
  press(accept);
  return { status: 'acted' };
}

function message(doc: Document, step: Extract<AdapterStep, { kind: 'message' }>, entry: string): StepResult {
  const slug = slugOf(step.profileUrl, doc.URL);
  const thread = doc.querySelector(SELECTORS.messages.thread);
  if (thread && thread.getAttribute('data-slug') === slug) {
    const mine = [...thread.querySelectorAll(SELECTORS.messages.message)].filter(
      (m) => m.getAttribute('data-from') === 'me',
    );
    // Sent once the thread holds more of this text than it did before the task (a follow-up may
    // repeat an earlier message word for word).
    const same = mine.filter((m) => sameText(m.textContent ?? '', step.text)).length;
    if (same > step.sentBefore) return { status: 'done', observed: { hasMessageButton: true } };
    const input = doc.querySelector<HTMLTextAreaElement>(SELECTORS.messages.input);
    const send = doc.querySelector(SELECTORS.messages.send);
    if (!input || !send)
      return { status: 'failed', error: 'Broken page layout: the thread has no message form' };
    fill(input, step.text);
    press(send);
    return { status: 'acted' };
  }
  const person = doc.querySelector(SELECTORS.person.root);
  if (person && person.getAttribute('data-slug') === slug) {
    // The profile: its Message button leads to the thread; without one there is no thread.
    const button = person.querySelector<HTMLAnchorElement>(SELECTORS.person.message);
    if (!button)
      return { status: 'skipped', reason: NO_MESSAGE_BUTTON, observed: { hasMessageButton: false } };
    return { status: 'navigate', url: absolute(doc, button.getAttribute('href') || entry) };
  }
  // The sandbox answers 404 for the thread of a person without a Message button.
  const missing = elsewhere(doc, entry, NO_MESSAGE_BUTTON);
  return missing.status === 'skipped' ? { ...missing, observed: { hasMessageButton: false } } : missing;
}

function joinGroup(doc: Document, entry: string): StepResult {
  if (!isAt(doc, entry) || !doc.querySelector(SELECTORS.groups.name))
    return elsewhere(doc, entry, 'Group not found');
  if (doc.querySelector(SELECTORS.groups.joined)) return { status: 'done' };
  const join = doc.querySelector(SELECTORS.groups.join);
  if (!join) return { status: 'failed', error: 'Broken page layout: no Join button nor member badge' };
  press(join);
  return { status: 'acted' };
}

function likePosts(
  doc: Document,
  step: Extract<AdapterStep, { kind: 'likePosts' }>,
  entry: string,
): StepResult {
  if (step.done >= step.count) return { status: 'done', liked: step.done };
  // Liking a group's post leads to the group's page: back to the feed, where all posts are.
  if (!isAt(doc, entry)) return { status: 'navigate', url: entry };
  for (const post of doc.querySelectorAll(SELECTORS.feed.post)) {
    const like = post.querySelector(SELECTORS.feed.like);
    if (like) {
      press(like);
      return { status: 'acted' };
    }
  }
  return { status: 'done', liked: step.done };
}

function profile(doc: Document, slug: string, name: string, avatar?: string | null): CollectedProfile {
  const out: CollectedProfile = {
    profileUrl: absolute(doc, PATHS.person(slug)),
    // Lists do not show whether a person has a Message button (only their profile does).
    hasMessageButton: false,
  };
  if (name) out.name = name;
  if (avatar) out.avatarUrl = absolute(doc, avatar);
  return out;
}

function collect(doc: Document, step: Extract<AdapterStep, { kind: 'collect' }>, entry: string): StepResult {
  const max = Math.max(0, step.maxCount);
  if (step.source.kind === 'group') {
    if (!isAt(doc, entry) || !doc.querySelector(SELECTORS.groups.name)) {
      return elsewhere(doc, entry, 'Group not found');
    }
    const collected = [...doc.querySelectorAll(SELECTORS.groups.member)]
      .slice(0, max)
      .map((m) =>
        profile(doc, m.getAttribute('data-slug') ?? '', text(m.querySelector(SELECTORS.groups.memberName))),
      );
    return { status: 'done', collected };
  }
  if (!isAt(doc, entry) || !doc.querySelector(SELECTORS.search.form))
    return elsewhere(doc, entry, 'Search not found');
  const collected = [...doc.querySelectorAll(SELECTORS.search.card)]
    .slice(0, max)
    .map((card) =>
      profile(
        doc,
        card.getAttribute('data-slug') ?? '',
        text(card.querySelector(SELECTORS.search.cardName)),
        card.querySelector(SELECTORS.search.cardAvatar)?.getAttribute('src'),
      ),
    );
  return { status: 'done', collected };
}

function readInbox(doc: Document, entry: string): StepResult {
  if (!isAt(doc, entry) || !doc.querySelector(SELECTORS.messages.threads))
    return elsewhere(doc, entry, 'No messenger');
  const threads = [...doc.querySelectorAll(SELECTORS.messages.threadLink)].map((t) =>
    absolute(doc, PATHS.thread(t.getAttribute('data-slug') ?? '')),
  );
  return { status: 'done', threads };
}

function readThread(
  doc: Document,
  step: Extract<AdapterStep, { kind: 'readThread' }>,
  entry: string,
): StepResult {
  const slug = slugOf(step.threadUrl, doc.URL);
  const thread = doc.querySelector(SELECTORS.messages.thread);
  if (!thread || thread.getAttribute('data-slug') !== slug) return elsewhere(doc, entry, 'Thread not found');
  const profileUrl = absolute(doc, PATHS.person(slug));
  const messages: IncomingMessage[] = [];
  for (const m of thread.querySelectorAll(SELECTORS.messages.message)) {
    if (m.getAttribute('data-from') !== 'them') continue;
    const at = new Date(m.getAttribute('data-at') ?? '');
    if (Number.isNaN(at.getTime())) {
      return { status: 'failed', error: 'Broken page layout: a message has no time (data-at)' };
    }
    messages.push({ profileUrl, text: (m.textContent ?? '').trim(), sentAt: at.toISOString() });
  }
  return { status: 'done', messages };
}

function readFriends(doc: Document, entry: string): StepResult {
  const section = doc.querySelector(SELECTORS.friends.section);
  if (!isAt(doc, entry) || !section) return elsewhere(doc, entry, 'No friends page');
  // An accepted request stays a row of the friends section; only ours (outgoing) count.
  const accepted = [...section.querySelectorAll(SELECTORS.friends.row)]
    .filter((r) => (r.getAttribute('data-direction') ?? 'outgoing') === 'outgoing')
    .map((r) => absolute(doc, PATHS.person(r.getAttribute('data-slug') ?? '')));
  const incoming = [...doc.querySelectorAll(SELECTORS.friends.incoming)].map((r) => {
    const name = text(r.querySelector('a'));
    const profileUrl = absolute(doc, PATHS.person(r.getAttribute('data-slug') ?? ''));
    return name ? { profileUrl, name } : { profileUrl };
  });
  return { status: 'done', accepted, incoming };
}

// --- the adapter ------------------------------------------------------------------------------

function detect(doc: Document): boolean {
  const body = doc.querySelector(SELECTORS.body);
  if (!body) return false;
  return (
    body.classList.contains('sn-body') ||
    body.classList.contains('x-body') ||
    doc.querySelector(SELECTORS.shell.header) !== null ||
    / · Sandbox network$/.test(doc.title)
  );
}

function inspect(doc: Document): PageInspection {
  if (!detect(doc)) {
    return { network: null, healthy: false, healthMessage: 'Not a sandbox network page', loggedIn: false };
  }
  const signal = signalOf(doc);
  const problem = healthProblem(doc, signal !== undefined);
  const inspection: PageInspection = {
    network: 'sandbox',
    healthy: problem === null,
    loggedIn: doc.querySelector(SELECTORS.shell.currentAccount) !== null,
  };
  if (problem) inspection.healthMessage = problem;
  if (signal) inspection.signal = signal;
  return inspection;
}

function entryUrl(step: AdapterStep, base: URL): string {
  const at = (path: string) => new URL(path, base).href;
  switch (step.kind) {
    case 'friendRequest':
    case 'withdrawRequest':
    case 'visit':
    case 'follow':
      return at(step.profileUrl);
    case 'acceptRequest':
      return at(PATHS.friends);
    case 'message': {
      // The thread of /people/<slug> is /messages/<slug>, on the profile's origin.
      const profile = new URL(step.profileUrl, base);
      return new URL(PATHS.thread(encodeURIComponent(slugOf(profile.href))), profile).href;
    }
    case 'joinGroup':
      return at(step.groupUrl);
    case 'likePosts':
      return at(PATHS.feed);
    case 'collect':
      return at(step.source.kind === 'group' ? step.source.groupUrl : PATHS.search(step.source.query));
    case 'readInbox':
      return at(PATHS.inbox);
    case 'readThread':
      return at(step.threadUrl);
    case 'readFriends':
      return at(PATHS.friends);
  }
}

function run(doc: Document, step: AdapterStep): StepResult {
  const refusal = inspectionRefusal(inspect(doc), NOT_LOGGED_IN);
  if (refusal) return refusal;
  const entry = entryUrl(step, pageUrl(doc));
  switch (step.kind) {
    case 'friendRequest':
      return friendRequest(doc, step, entry);
    case 'acceptRequest':
      return acceptRequest(doc, step, entry);
    case 'withdrawRequest':
      return withdrawRequest(doc, step, entry);
    case 'visit':
      return visit(doc, step, entry);
    case 'follow':
      return follow(doc, step, entry);
    case 'message':
      return message(doc, step, entry);
    case 'joinGroup':
      return joinGroup(doc, entry);
    case 'likePosts':
      return likePosts(doc, step, entry);
    case 'collect':
      return collect(doc, step, entry);
    case 'readInbox':
      return readInbox(doc, entry);
    case 'readThread':
      return readThread(doc, step, entry);
    case 'readFriends':
      return readFriends(doc, entry);
  }
}

export const sandboxAdapter = { name: 'sandbox', detect, inspect, entryUrl, run } satisfies NetworkAdapter;
