import type { AdapterStep, StepObserved, StepResult } from '@reachly/shared/extension';
import type { ButtonLocator, LocatorLanguage } from '@reachly/shared/schemas';
import type { AdapterEnv } from '../types.ts';
import { button, buttons, byRole, matches, nameOf } from './locate.ts';
import { isAt, pageOf } from './pages.ts';
import { dialogSignal } from './signals.ts';
import { signatureOf } from './signature.ts';

/** How long the page may take to show a click's effect or a list's answer. */
const CONFIRM_MS = 20_000;
const ANSWER_MS = 8_000;
const POLL_MS = 150;

export interface Ctx {
  doc: Document;
  env: AdapterEnv;
  lang: LocatorLanguage;
  entry: string;
}

type Step<K extends AdapterStep['kind']> = Extract<AdapterStep, { kind: K }>;

/** A locator found nothing on a page the adapter knows: fail with the page's redacted structure. */
export function missing(c: Ctx, locator: string): StepResult {
  return {
    status: 'failed',
    error: `Facebook page changed: the ${locator} locator found nothing on ${pageOf(c.doc.URL)?.pattern ?? 'the page'}`,
    diagnostic: signatureOf(c.doc, locator, c.env.locators),
  };
}

/** Not the page the step needs: go to its entry, unless already there (then it is not there). */
function elsewhere(c: Ctx, reason: string): StepResult {
  if (!isAt(c.doc.URL, c.entry)) return { status: 'navigate', url: c.entry };
  return { status: 'skipped', reason };
}

/** Clicks, then waits for the page to show the change (never trusting the click itself). */
async function clickAndConfirm(c: Ctx, target: Element, shown: () => boolean): Promise<StepResult> {
  (target as HTMLElement).click();
  const end = Date.now() + CONFIRM_MS;
  while (Date.now() < end) {
    const signal = dialogSignal(c.doc, c.lang);
    if (signal) return { status: 'restricted', ...signal };
    if (shown()) return { status: 'acted', inPlace: true };
    await c.env.sleep(POLL_MS);
  }
  return { status: 'failed', error: 'Facebook did not confirm the click: the page did not change' };
}

/** Waits until `ready` holds or the time is up (answers arrive a moment after the page loads). */
export async function waitFor(c: Ctx, ready: () => boolean, ms = ANSWER_MS): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (ready()) return true;
    await c.env.sleep(POLL_MS);
  }
  return ready();
}

/** The friendship buttons of a profile, the most specific label first (Remove Like before Like…). */
function friendState(c: Ctx, root: ParentNode) {
  const has = (key: ButtonLocator) => button(root, c.lang, key);
  return {
    friends: has('friends'),
    cancel: has('cancelRequest'),
    confirm: has('confirm'),
    add: has('addFriend'),
  };
}

function profileRoot(c: Ctx): Element | null {
  if (pageOf(c.doc.URL)?.page !== 'profile' || !isAt(c.doc.URL, c.entry)) return null;
  const main = c.doc.querySelector('[role="main"]');
  return main?.querySelector('h1') ? main : null;
}

const observedOn = (c: Ctx, root: ParentNode): StepObserved => ({
  hasMessageButton: button(root, c.lang, 'message') !== null,
});

/** friendRequest, acceptRequest, withdrawRequest, visit and follow: a person's page. */
export async function onProfile(
  c: Ctx,
  step: Step<'friendRequest' | 'acceptRequest' | 'withdrawRequest' | 'visit' | 'follow'>,
): Promise<StepResult> {
  const root = profileRoot(c);
  if (!root) return elsewhere(c, 'Profile not found');
  const observed = observedOn(c, root);
  if (step.kind === 'visit') return { status: 'done', observed };
  if (step.kind === 'follow') {
    // Following shows: done (already, or by an earlier run); else one click on Follow, confirmed.
    if (button(root, c.lang, 'following')) return { status: 'done', observed };
    const follow = button(root, c.lang, 'follow');
    if (!follow) return missing(c, 'buttons.follow');
    return clickAndConfirm(c, follow, () => !!button(root, c.lang, 'following'));
  }
  const s = friendState(c, root);
  const any = s.friends || s.cancel || s.confirm || s.add;
  switch (step.kind) {
    case 'friendRequest':
      if (s.friends || s.cancel) return { status: 'done', observed };
      if (s.confirm)
        return { status: 'skipped', reason: 'The lead already sent this profile a friend request', observed };
      if (!s.add) return missing(c, 'buttons.addFriend');
      return clickAndConfirm(
        c,
        s.add,
        () => !!(button(root, c.lang, 'cancelRequest') || button(root, c.lang, 'friends')),
      );
    case 'acceptRequest':
      if (s.friends) return { status: 'done', observed };
      if (s.confirm)
        return clickAndConfirm(
          c,
          s.confirm,
          () => !!button(root, c.lang, 'friends') || !button(root, c.lang, 'confirm'),
        );
      if (any) return { status: 'skipped', reason: 'No incoming friend request from this person', observed };
      return missing(c, 'buttons.confirm');
    case 'withdrawRequest':
      if (s.add && !s.cancel) return { status: 'done', observed };
      if (s.cancel) return clickAndConfirm(c, s.cancel, () => !!button(root, c.lang, 'addFriend'));
      if (any) return { status: 'skipped', reason: 'No pending friend request to this person', observed };
      return missing(c, 'buttons.cancelRequest');
  }
}

/** A thread's messages: [mine, text, time] from "At <time>, <Sender>: <text>". */
export function threadMessages(c: Ctx, log: Element) {
  const out: { mine: boolean; text: string; at: string }[] = [];
  for (const m of log.querySelectorAll('[aria-roledescription="message"]')) {
    const label = nameOf(m);
    const prefix = c.lang.messageAt.find((p) =>
      label.toLocaleLowerCase().startsWith(`${p.toLocaleLowerCase()} `),
    );
    if (!prefix) continue;
    const rest = label.slice(prefix.length + 1);
    const you = c.lang.you.map((y) => `, ${y}: `).find((y) => rest.includes(y));
    const split = you ? rest.indexOf(you) : rest.search(/, [^,:]+: /);
    if (split < 0) continue;
    const time = rest.slice(0, split);
    const text = you ? rest.slice(split + you.length) : rest.slice(rest.indexOf(': ', split) + 2);
    const parsed = new Date(time);
    out.push({
      mine: !!you,
      text: text.trim(),
      at: Number.isNaN(parsed.getTime()) ? new Date().toISOString() : parsed.toISOString(),
    });
  }
  return out;
}

function threadLog(c: Ctx): Element | null {
  return byRole(c.doc, 'log').find((l) => matches(nameOf(l), c.lang.threadLog)) ?? null;
}

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

export async function message(c: Ctx, step: Step<'message'>): Promise<StepResult> {
  const page = pageOf(c.doc.URL)?.page;
  if (page === 'thread') {
    const log = threadLog(c);
    if (!log) return missing(c, 'threadLog');
    await waitFor(c, () => log.getAttribute('aria-busy') !== 'true' && log.children.length > 0, 3_000);
    const sent = () => threadMessages(c, log).filter((m) => m.mine && same(m.text, step.text)).length;
    const observed = { hasMessageButton: true };
    if (sent() > step.sentBefore) return { status: 'done', observed };
    const box = byRole(c.doc, 'textbox').find(
      (b) => b.getAttribute('contenteditable') === 'true' && matches(nameOf(b), c.lang.composer),
    );
    if (!box) return missing(c, 'composer');
    (box as HTMLElement).focus();
    if (!c.doc.execCommand?.('insertText', false, step.text) || !same(box.textContent ?? '', step.text)) {
      box.textContent = step.text;
      box.dispatchEvent(new (c.doc.defaultView?.InputEvent ?? Event)('input', { bubbles: true }));
    }
    const send = button(c.doc, c.lang, 'send');
    if (!send) return missing(c, 'buttons.send');
    return clickAndConfirm(c, send, () => sent() > step.sentBefore);
  }
  const root = profileRoot(c);
  if (!root) return elsewhere(c, 'Profile not found');
  const observed = observedOn(c, root);
  const link = button(root, c.lang, 'message');
  if (!link) return { status: 'skipped', reason: 'no-message-button', observed };
  const href = link.getAttribute('href');
  if (!href) return missing(c, 'buttons.message');
  return { status: 'navigate', url: new URL(href, c.doc.URL).href };
}

export async function joinGroup(c: Ctx): Promise<StepResult> {
  if (pageOf(c.doc.URL)?.page !== 'group' || !isAt(c.doc.URL, c.entry))
    return elsewhere(c, 'Group not found');
  const main = c.doc.querySelector('[role="main"]') ?? c.doc;
  if (button(main, c.lang, 'joined')) return { status: 'done' };
  const join = button(main, c.lang, 'joinGroup');
  if (!join)
    return c.doc.querySelector('h1') ? missing(c, 'buttons.joinGroup') : elsewhere(c, 'Group not found');
  return clickAndConfirm(c, join, () => !!button(main, c.lang, 'joined'));
}

export async function likePosts(c: Ctx, step: Step<'likePosts'>): Promise<StepResult> {
  if (step.done >= step.count) return { status: 'done', liked: step.done };
  if (pageOf(c.doc.URL)?.page !== 'feed') return { status: 'navigate', url: c.entry };
  const articles = byRole(c.doc, 'article');
  let liked = 0;
  for (const post of articles) {
    if (buttons(post, c.lang, 'removeLike').length > 0) {
      liked += 1;
      continue;
    }
    const like = button(post, c.lang, 'like');
    if (like) return clickAndConfirm(c, like, () => buttons(post, c.lang, 'removeLike').length > 0);
  }
  if (articles.length > 0 && liked === 0) return missing(c, 'buttons.like');
  return { status: 'done', liked: step.done };
}
