import type { PageInspection } from '@reachly/shared/extension';
import type { LocatorLanguage, LocatorTable } from '@reachly/shared/schemas';
import type { AdapterEnv } from '../types.ts';
import { dialogTexts, languageOf, pageLang } from './locate.ts';
import { pageOf } from './pages.ts';

const includes = (text: string, needles: readonly string[]) => {
  const t = text.toLocaleLowerCase();
  return needles.some((n) => t.includes(n.toLocaleLowerCase()));
};

/** A block or warning dialog open on the page, as the signal to report. */
export function dialogSignal(doc: Document, lang: LocatorLanguage): PageInspection['signal'] {
  for (const text of dialogTexts(doc)) {
    if (includes(text, lang.blockTexts))
      return { signal: 'RESTRICTION', message: `Facebook blocked the action: ${text}` };
    if (includes(text, lang.warningTexts)) return { signal: 'DANGER', message: `Facebook warned: ${text}` };
  }
  return undefined;
}

function captcha(doc: Document): boolean {
  return (
    /captcha/i.test(new URL(doc.URL).pathname) ||
    doc.querySelector('iframe[title*="captcha" i], iframe[src*="captcha" i], [aria-label*="captcha" i]') !==
      null
  );
}

/** The signed-in user is the `c_user` cookie (readable by the page; absent when logged out). */
function signedIn(doc: Document): boolean {
  return /(?:^|;\s*)c_user=\d+/.test(doc.cookie ?? '');
}

const unknownLanguage = (lang: string) =>
  `Facebook is set to ${lang || 'no language'}; switch it to English or add its labels`;

/**
 * What the page is before any step: a checkpoint, the log-in page, a captcha or a block dialog
 * (signals: the profile stops), a UI language without labels or a page the adapter does not know
 * (unhealthy: nothing is clicked and the background reports DANGER).
 */
export function inspectPage(doc: Document, env: AdapterEnv): PageInspection {
  const table: LocatorTable = env.locators;
  const page = pageOf(doc.URL);
  const lang = languageOf(doc, table);
  const heading = (doc.querySelector('h1, h2')?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const base: PageInspection = { network: 'facebook', healthy: true, loggedIn: signedIn(doc) };
  if (page?.page === 'checkpoint') {
    return {
      ...base,
      signal: {
        signal: 'RESTRICTION',
        message: `Facebook checkpoint (/checkpoint/): ${heading || 'the account must be confirmed'}`,
      },
    };
  }
  if (page?.page === 'login') {
    return {
      ...base,
      loggedIn: false,
      signal: {
        signal: 'RESTRICTION',
        message: 'Facebook shows its log-in page (/login): sign in again in this profile’s browser',
      },
    };
  }
  if (captcha(doc))
    return { ...base, signal: { signal: 'RESTRICTION', message: 'Facebook asks for a captcha' } };
  if (lang) {
    const signal = dialogSignal(doc, lang);
    if (signal) return { ...base, signal };
    if (
      heading &&
      lang.checkpointTexts.some((t) => heading.toLocaleLowerCase().includes(t.toLocaleLowerCase()))
    ) {
      return { ...base, signal: { signal: 'RESTRICTION', message: `Facebook checkpoint: ${heading}` } };
    }
  }
  if (!lang) return { ...base, healthy: false, healthMessage: unknownLanguage(pageLang(doc)) };
  if (!page)
    return {
      ...base,
      healthy: false,
      healthMessage: 'Unknown Facebook page: the adapter knows no page at this URL',
    };
  if (!doc.querySelector('[role="main"]')) {
    return {
      ...base,
      healthy: false,
      healthMessage: `Unknown page layout: the ${page.pattern} page has no main region`,
    };
  }
  return base;
}
