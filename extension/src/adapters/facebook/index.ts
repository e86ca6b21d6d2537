import type { AdapterStep, PageInspection, StepResult } from '@reachly/shared/extension';
import { DEFAULT_FACEBOOK_LOCATORS } from '@reachly/shared/schemas';
import { inspectionRefusal } from '../refusal.ts';
import type { AdapterEnv, NetworkAdapter } from '../types.ts';
import { collect, readFriends, readInbox, readThread } from './lists.ts';
import { languageOf } from './locate.ts';
import { entryUrl } from './pages.ts';
import { inspectPage } from './signals.ts';
import { type Ctx, joinGroup, likePosts, message, onProfile } from './steps.ts';

/**
 * The Facebook adapter, in layers: the URL patterns (pages.ts) say which page a document is and
 * where a step starts; role + accessible name from the locator table of the page's UI language
 * (locate.ts) find what to read and click; lists come from the JSON answers the page received
 * (lists.ts); every click is confirmed by the page's change (steps.ts). It never reads a class
 * name, never solves a captcha nor passes a checkpoint, and never sends a request of its own: on
 * any sign of a block it stops and reports (signals.ts).
 */

function detect(doc: Document): boolean {
  const host = new URL(doc.URL).hostname;
  return (
    host === 'facebook.com' ||
    host.endsWith('.facebook.com') ||
    doc.querySelector('meta[property="og:site_name"][content="Facebook"]') !== null
  );
}

/** Without a table from the server: the built-in one, and no answers seen. */
const BUILT_IN: AdapterEnv = {
  locators: DEFAULT_FACEBOOK_LOCATORS,
  answers: () => [],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const inspect = (doc: Document, env: AdapterEnv = BUILT_IN): PageInspection => inspectPage(doc, env);

async function run(doc: Document, step: AdapterStep, env: AdapterEnv = BUILT_IN): Promise<StepResult> {
  const refusal = inspectionRefusal(inspectPage(doc, env), 'Not logged in to Facebook');
  if (refusal) return refusal;
  const lang = languageOf(doc, env.locators);
  if (!lang) return { status: 'failed', error: 'No labels for this page' };
  const c: Ctx = { doc, env, lang, entry: entryUrl(step, new URL(doc.URL)) };
  switch (step.kind) {
    case 'friendRequest':
    case 'acceptRequest':
    case 'withdrawRequest':
    case 'visit':
    case 'follow':
      return onProfile(c, step);
    case 'message':
      return message(c, step);
    case 'joinGroup':
      return joinGroup(c);
    case 'likePosts':
      return likePosts(c, step);
    case 'collect':
      return collect(c, step);
    case 'readInbox':
      return readInbox(c);
    case 'readThread':
      return readThread(c);
    case 'readFriends':
      return readFriends(c);
  }
}

export const facebookAdapter: NetworkAdapter = { name: 'facebook', detect, inspect, entryUrl, run };
