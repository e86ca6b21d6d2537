import type { PageSignature } from '@reachly/shared/extension';
import type { LocatorTable } from '@reachly/shared/schemas';
import { byRole, nameOf, pageLang, squash } from './locate.ts';
import { pageOf } from './pages.ts';

/**
 * The redacted structure of a page where a locator found nothing: the URL pattern (ids and
 * usernames replaced), how many elements carry each role, and the labels of buttons and dialogs,
 * minus anything that could name a person: a label holding a name shown on the page (headings,
 * links, articles), a digit (ids, counts, times), or more than 60 characters is left out.
 */
export function signatureOf(doc: Document, locator: string, table: LocatorTable): PageSignature {
  const names = new Set<string>();
  for (const el of doc.querySelectorAll(
    'h1, h2, h3, h4, a, [role="link"], [role="article"], [role="listitem"]',
  )) {
    for (const text of [squash(el.textContent), squash(el.getAttribute('aria-label'))]) {
      if (text.length >= 3) names.add(text.toLocaleLowerCase());
    }
  }
  const safe = (label: string) => {
    const lower = label.toLocaleLowerCase();
    if (!label || label.length > 60 || /\d/.test(label)) return false;
    for (const name of names)
      if (lower.includes(name) || (name.length <= 60 && name.includes(lower) && lower.length > 24))
        return false;
    return true;
  };
  const roles: Record<string, number> = {};
  for (const el of doc.querySelectorAll('[role]')) {
    const role = (el.getAttribute('role') ?? '').slice(0, 40);
    if (Object.keys(roles).length < 60 || role in roles) roles[role] = (roles[role] ?? 0) + 1;
  }
  const buttons = [...new Set(byRole(doc, 'button').map(nameOf))].filter(safe).slice(0, 100);
  const dialogs = [
    ...new Set(
      byRole(doc, 'dialog').flatMap((d) => [
        squash(d.getAttribute('aria-label')),
        ...[...d.querySelectorAll('h1, h2, h3')].map((h) => squash(h.textContent)),
      ]),
    ),
  ]
    .filter((t) => t && t.length <= 200 && !/\d/.test(t))
    .slice(0, 20);
  return {
    network: 'facebook',
    locator,
    tableVersion: table.version,
    lang: pageLang(doc) || 'none',
    urlPattern: pageOf(doc.URL)?.pattern ?? 'unknown',
    roles,
    buttons,
    dialogs,
  };
}
