import type { ButtonLocator, LocatorLanguage, LocatorTable } from '@reachly/shared/schemas';

/**
 * Finding things on a Facebook page by role and accessible name only: class names are generated
 * and rotate, so nothing here reads one. A label matches a name by case-insensitive prefix.
 */

/** The text with its runs of white space made one space, trimmed (empty for none). */
export const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The accessible name as the page gives it: aria-label, else the visible text. */
export function nameOf(el: Element): string {
  return squash(el.getAttribute('aria-label')) || squash(el.textContent);
}

export function matches(name: string, labels: readonly string[]): boolean {
  const n = name.toLocaleLowerCase();
  return labels.some((l) => n.startsWith(l.toLocaleLowerCase()));
}

/** The page's UI language: the first part of `<html lang>` (en-GB → en). */
export function pageLang(doc: Document): string {
  return (doc.documentElement.getAttribute('lang') ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
}

export function languageOf(doc: Document, table: LocatorTable): LocatorLanguage | null {
  return table.languages[pageLang(doc)] ?? null;
}

/** Every visible element with `role`, in document order (a button may also be a native one). */
export function byRole(root: ParentNode, role: string): Element[] {
  const selector = role === 'button' ? '[role="button"], button' : `[role="${role}"]`;
  return [...root.querySelectorAll(selector)].filter((el) => !el.closest('[hidden], [aria-hidden="true"]'));
}

/** The buttons whose accessible name matches the locator's labels. */
export function buttons(root: ParentNode, lang: LocatorLanguage, key: ButtonLocator): Element[] {
  // A table published before a label existed (follow) has none for it: nothing matches.
  return byRole(root, 'button').filter((el) => matches(nameOf(el), lang.buttons[key] ?? []));
}

export const button = (root: ParentNode, lang: LocatorLanguage, key: ButtonLocator): Element | null =>
  buttons(root, lang, key)[0] ?? null;

/** The open dialogs' texts (a dialog's label, headings and text). */
export function dialogTexts(doc: Document): string[] {
  return byRole(doc, 'dialog').map((d) =>
    squash(`${d.getAttribute('aria-label') ?? ''} ${d.textContent ?? ''}`),
  );
}

/** A value at a dotted path of a JSON answer. */
function at(value: unknown, path: string): unknown {
  let here = value;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

export interface ListedPerson {
  id: string;
  name: string;
  url: string;
}

/** The people of the answers' lists at `paths` (edges of `{node: {id, name, url}}`), deduplicated. */
export function peopleIn(answers: readonly unknown[], paths: readonly string[]): ListedPerson[] {
  const out = new Map<string, ListedPerson>();
  for (const answer of answers) {
    for (const path of paths) {
      const edges = at(answer, path);
      if (!Array.isArray(edges)) continue;
      for (const edge of edges) {
        const node = at(edge, 'node') as Record<string, unknown> | undefined;
        if (node && typeof node.url === 'string' && typeof node.name === 'string') {
          out.set(node.url, { id: String(node.id ?? ''), name: node.name, url: node.url });
        }
      }
    }
  }
  return [...out.values()];
}
