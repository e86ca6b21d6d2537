import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { type Account, callAs, type E2EApp, registerAccount } from './app.ts';
import { seedCards } from './seed-board.ts';
import { seedReportMonth } from './seed-report-month.ts';

/** A signed-in page of the layout checks: where it is, what shows it is ready, its menu link if any. */
export interface LayoutPage {
  name: string;
  path: string;
  /** What is on the page once its data has shown: a selector, or `text=` and a text. */
  ready: string;
  /** The page has a link of its own in the main navigation (reached through the menu at 390 px). */
  inNav: boolean;
}

/**
 * An account with something on most pages: a collection of leads, a board with two cards in every
 * status, a profile, a campaign with a month of reports (the others show their empty states).
 * Answers the account and its pages, in the order a person might visit them.
 */
export async function seedLayoutAccount(app: E2EApp): Promise<{ account: Account; pages: LayoutPage[] }> {
  const account = await registerAccount(app, 'layout');
  const call = callAs(app, account);
  const { organizationId } = account.user;
  const collection = await call(contract.collections.create, { body: { name: 'Spring outreach' } });
  await call(contract.leads.create, {
    body: {
      collectionId: collection.id,
      leads: ['Olivia Hart', 'Noah Berg', 'Emma Stone'].map((name, i) => ({
        profileUrl: `https://sandbox.example/people/layout-${i + 1}`,
        name,
      })),
    },
  });
  const db = app.running.ctx.db;
  await seedCards(
    db,
    organizationId,
    CONVERSATION_STATUS_VALUES.flatMap((status, i) => [
      {
        collectionId: collection.id,
        status,
        name: `Card ${i + 1} Ada`,
        messages: [{ direction: 'in' as const, text: 'Thanks, tell me more about the offer.' }],
      },
      { collectionId: collection.id, status, name: `Card ${i + 1} Ben` },
    ]),
  );
  const profile = await call(contract.profiles.create, { body: { name: 'Anna Work' } });
  // The campaign and its month of reports work on a collection of their own: the leads page of
  // "Spring outreach" keeps its three named leads on top.
  const fair = await call(contract.collections.create, { body: { name: 'Autumn fair' } });
  const campaign = await call(contract.campaigns.create, {
    body: {
      name: 'Spring welcome',
      collectionId: fair.id,
      profileIds: [profile.id],
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}!' }],
    },
  });
  await seedReportMonth(db, organizationId, {
    collectionId: fair.id,
    campaignIds: [campaign.id],
    profileIds: [profile.id],
    now: new Date(),
  });
  const pages: LayoutPage[] = [
    // The first column's cards: a phone renders only the cards of the columns in or near view.
    { name: 'board', path: '/board', ready: '[data-testid=column-sent] .board-card', inNav: true },
    { name: 'collections', path: '/collections', ready: 'text=Spring outreach', inNav: true },
    { name: 'leads', path: `/collections/${collection.id}`, ready: 'text=Olivia Hart', inNav: false },
    { name: 'profiles', path: '/profiles', ready: 'text=Anna Work', inNav: true },
    { name: 'campaigns', path: '/campaigns', ready: '[data-testid=campaign-row]', inNav: true },
    {
      name: 'campaign-run',
      path: `/campaigns/${campaign.id}`,
      ready: '[data-testid=campaign-profile-row]',
      inNav: false,
    },
    { name: 'reports', path: '/reports', ready: '[data-testid=report-totals]', inNav: true },
    { name: 'do-not-contact', path: '/do-not-contact', ready: '[data-testid=dnc-count]', inNav: true },
    { name: 'license', path: '/license', ready: '[data-testid=license-card]', inNav: true },
    { name: 'webhooks', path: '/webhooks', ready: '[data-testid=webhook-add]', inNav: true },
    { name: 'team', path: '/team', ready: '[data-testid=members-list]', inNav: true },
    { name: 'account', path: '/account', ready: '[data-testid=account-email]', inNav: true },
    { name: 'download', path: '/download', ready: 'h1', inNav: true },
  ];
  return { account, pages };
}

/** What a person sees of the page's frame: header height, sideways scroll, the colour mode as painted. */
export interface LayoutFacts {
  headerHeight: number;
  /** The page scrolls sideways by this many pixels (0: it does not). */
  overflow: number;
  /** Pixels between the header's bottom and the main content's top. */
  mainGap: number | null;
  /** The nav row's list is taller than one line (it wrapped). */
  navRowWraps: boolean;
  /** The nav row's visible links are wider than the row (some are scrolled out of sight). */
  navRowClipped: boolean;
  /** The href of the link marked aria-current="page" in the visible navigation. */
  currentLink: string | null;
  /** The page's painted background is dark (luminance below one half). */
  darkBackground: boolean;
  htmlClass: string;
}

export function layoutFacts(page: Page): Promise<LayoutFacts> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    const main = document.querySelector('main');
    const row = document.querySelector<HTMLElement>('[data-testid=nav-row] ul');
    const rowVisible = row !== null && row.offsetParent !== null;
    const firstLink = row?.querySelector('a');
    const current = Array.from(document.querySelectorAll<HTMLAnchorElement>('nav a[aria-current=page]')).find(
      (a) => a.offsetParent !== null,
    );
    // The page's background as painted: the body's, or <html>'s where the body has none.
    const paint = [document.body, document.documentElement]
      .map((e) => getComputedStyle(e).backgroundColor)
      .find((c) => c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent');
    const [r = 255, g = 255, b = 255] = paint?.match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
    return {
      headerHeight: header?.getBoundingClientRect().height ?? 0,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      mainGap:
        header && main ? main.getBoundingClientRect().top - header.getBoundingClientRect().bottom : null,
      navRowWraps:
        rowVisible && firstLink ? row.getBoundingClientRect().height > firstLink.offsetHeight * 1.5 : false,
      navRowClipped:
        rowVisible && row.parentElement !== null && row.scrollWidth > row.parentElement.clientWidth,
      currentLink: current?.getAttribute('href') ?? null,
      darkBackground: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5,
      htmlClass: document.documentElement.className,
    };
  });
}

/** The board's column area: how wide it is against the main content, and whether it scrolls sideways. */
export function boardFacts(
  page: Page,
): Promise<{ fill: number; scrolls: boolean; snap: string; focusable: boolean }> {
  return page.$eval('.board-scroller', (scroller) => {
    const main = document.querySelector('main') as HTMLElement;
    const content = main.clientWidth - Number.parseFloat(getComputedStyle(main).paddingLeft) * 2;
    return {
      fill: scroller.clientWidth / content,
      scrolls: scroller.scrollWidth > scroller.clientWidth,
      snap: getComputedStyle(scroller).scrollSnapType,
      focusable: (scroller as HTMLElement).tabIndex === 0,
    };
  });
}
