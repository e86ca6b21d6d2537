import type { PageInspection, SignalKind, StepResult } from '@reachly/shared/extension';

/**
 * What the sandbox adapter knows of the sandbox network's pages (layout v1): the markup
 * (SELECTORS, PAGES), the paths, how a page says who is signed in or blocked, and the few DOM
 * gestures (press, fill) every flow in sandbox.ts uses.
 */

/** The layout this adapter knows (`<body data-layout>`). */
const LAYOUT = 'v1';

export const SELECTORS = {
  /** Every sandbox page, whatever its layout. */
  body: 'body[data-layout]',
  layoutAttribute: 'data-layout',
  /** Markers of the other layout (v2: data-qa attributes, x- classes). */
  foreignLayout: '[data-qa], [data-qa-action], body.x-body, .x-shell',
  shell: {
    header: '[data-testid=header]',
    main: '[data-testid=main]',
    currentAccount: '[data-testid=current-account]',
  },
  login: { form: '[data-testid=login-form]' },
  notFound: '[data-testid=not-found]',
  signals: {
    warning: '[data-testid=rate-limit-warning]',
    blocked: '[data-testid=action-blocked]',
    checkpoint: '[data-testid=checkpoint]',
    /** The notice's visible text, heading then explanation. */
    text: 'h1, h2, p',
  },
  person: {
    root: '[data-testid=person][data-slug]',
    addFriend: 'button[data-action=add-friend]',
    cancelRequest: 'button[data-action=cancel-request]',
    friendStatus: '[data-testid=friend-status][data-status]',
    message: 'a[data-action=message]',
    follow: 'button[data-action=follow]',
    following: '[data-testid=follow-status]',
  },
  search: {
    form: '[data-testid=search-form]',
    card: '[data-testid=person-card][data-slug]',
    cardName: '[data-testid=person-link]',
    cardAvatar: 'img[src]',
  },
  friends: {
    section: '[data-testid=friends]',
    row: '[data-testid=request][data-slug]',
    incoming: '[data-testid=incoming-requests] [data-testid=request][data-slug]',
    accept: 'button[data-action=accept-request]',
  },
  messages: {
    threads: '[data-testid=threads]',
    threadLink: '[data-testid=thread-link][data-slug]',
    thread: '[data-testid=thread][data-slug]',
    message: '[data-testid=message][data-from]',
    input: 'textarea[data-testid=message-input]',
    send: 'button[data-action=send-message]',
  },
  feed: {
    list: '[data-testid=feed]',
    post: '[data-testid=post][data-post-id]',
    like: 'button[data-action=like]',
  },
  groups: {
    list: '[data-testid=groups]',
    name: '[data-testid=group-name]',
    join: 'button[data-action=join-group]',
    joined: '[data-testid=group-joined]',
    member: '[data-testid=group-member][data-slug]',
    memberName: 'a',
  },
} as const;

/** The network's URLs (paths on the page's origin). */
export const PATHS = {
  person: (slug: string) => `/people/${slug}`,
  thread: (slug: string) => `/messages/${slug}`,
  inbox: '/messages',
  feed: '/feed',
  friends: '/friends',
  search: (query: string) => `/search?q=${encodeURIComponent(query)}`,
};

/** What each page must show in layout v1 (the per-page part of the health check). */
const PAGES: { path: RegExp; name: string; marker: string }[] = [
  { path: /^\/login$/, name: 'log-in page', marker: SELECTORS.login.form },
  { path: /^\/people\/[^/]+$/, name: 'person page', marker: SELECTORS.person.root },
  { path: /^\/search$/, name: 'search page', marker: SELECTORS.search.form },
  { path: /^\/friends$/, name: 'friends page', marker: SELECTORS.friends.section },
  { path: /^\/messages$/, name: 'messenger', marker: SELECTORS.messages.threads },
  { path: /^\/messages\/[^/]+$/, name: 'thread page', marker: SELECTORS.messages.thread },
  { path: /^\/feed$/, name: 'feed', marker: SELECTORS.feed.list },
  { path: /^\/groups$/, name: 'groups page', marker: SELECTORS.groups.list },
  { path: /^\/groups\/[^/]+$/, name: 'group page', marker: SELECTORS.groups.name },
];

export const NOT_LOGGED_IN = 'Not logged in to the network';
/** The skip reason of a message to a person whose page has no Message button. */
export const NO_MESSAGE_BUTTON = 'no-message-button';

// --- reading the page -------------------------------------------------------------------------

export const text = (el: Element | null | undefined): string =>
  (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The last non-empty path segment (`/people/<slug>` → slug). */
export function slugOf(url: string, base?: string | URL): string {
  try {
    const segments = new URL(url, base).pathname.split('/').filter(Boolean);
    return decodeURIComponent(segments.at(-1) ?? '');
  } catch {
    return '';
  }
}

export function pageUrl(doc: Document): URL {
  return new URL(doc.URL);
}

const trimPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether the document is at `target` (origin, path and the target's query parameters). */
export function isAt(doc: Document, target: string): boolean {
  const here = pageUrl(doc);
  const there = new URL(target, here);
  if (here.origin !== there.origin || trimPath(here.pathname) !== trimPath(there.pathname)) return false;
  for (const [key, value] of there.searchParams) {
    if ((here.searchParams.get(key) ?? '').trim() !== value.trim()) return false;
  }
  return true;
}

export const absolute = (doc: Document, path: string) => new URL(path, pageUrl(doc)).href;

export function signalOf(doc: Document): PageInspection['signal'] {
  const notice = (el: Element, signal: SignalKind, until?: string) => {
    const shown = [...el.querySelectorAll(SELECTORS.signals.text)].map(text).filter(Boolean);
    const kind = el.getAttribute('data-kind');
    const message = `${(shown.length ? shown.join(': ') : text(el)) || 'The network restricted this account'}${kind ? ` (${kind})` : ''}`;
    return until ? { signal, message, until } : { signal, message };
  };
  const blocked = doc.querySelector(SELECTORS.signals.blocked);
  if (blocked) {
    const until = new Date(blocked.getAttribute('data-until') ?? '');
    return notice(blocked, 'RESTRICTION', Number.isNaN(until.getTime()) ? undefined : until.toISOString());
  }
  const warning = doc.querySelector(SELECTORS.signals.warning);
  if (warning) return notice(warning, 'DANGER');
  const checkpoint = doc.querySelector(SELECTORS.signals.checkpoint);
  if (checkpoint) return notice(checkpoint, 'RESTRICTION');
  return undefined;
}

/** The health check: null when the page is layout v1 as the adapter knows it, else why not. */
export function healthProblem(doc: Document, hasSignal: boolean): string | null {
  const layout = doc.querySelector(SELECTORS.body)?.getAttribute(SELECTORS.layoutAttribute) ?? '';
  const foreign = doc.querySelector(SELECTORS.foreignLayout) !== null;
  if (layout !== LAYOUT || foreign) {
    const found =
      layout && layout !== LAYOUT ? layout : foreign ? 'another layout (data-qa, x- classes)' : 'none';
    return `Unknown page layout: the sandbox adapter expects layout ${LAYOUT} (data-testid), found ${found}`;
  }
  for (const selector of [SELECTORS.shell.header, SELECTORS.shell.main]) {
    if (!doc.querySelector(selector)) return `Broken page layout: the page has no ${selector}`;
  }
  if (hasSignal || doc.querySelector(SELECTORS.notFound)) return null;
  const path = trimPath(pageUrl(doc).pathname);
  const page = PAGES.find((p) => p.path.test(path));
  if (page && !doc.querySelector(page.marker)) {
    return `Broken page layout: the ${page.name} (${path}) has no ${page.marker}`;
  }
  return null;
}

// --- acting -----------------------------------------------------------------------------------

/** One click: submits the button's form as a user's click would (the page then navigates). */
export function press(button: Element): void {
  const el = button as HTMLButtonElement;
  const form = el.form ?? el.closest('form');
  if (form && typeof form.requestSubmit === 'function') form.requestSubmit(el);
  else el.click();
}

export function fill(input: HTMLTextAreaElement | HTMLInputElement, value: string): void {
  input.focus?.();
  input.value = value;
  const view = input.ownerDocument.defaultView;
  if (view) input.dispatchEvent(new view.Event('input', { bubbles: true }));
}

export const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * The document is not the page the step needs: go to its entry URL, unless this already is that
 * URL (no endless navigation): a 404 there means the lead cannot be reached (`missing`).
 */
export function elsewhere(doc: Document, entry: string, missing: string): StepResult {
  if (!isAt(doc, entry)) return { status: 'navigate', url: entry };
  if (doc.querySelector(SELECTORS.notFound)) return { status: 'skipped', reason: missing };
  return { status: 'failed', error: `Unexpected page at ${doc.URL}` };
}
