import { COOKIE_EXPIRES, COOKIE_PATH } from '@reachly/shared/constants';
import { randomHex } from './random.ts';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const PROBE_COOKIE = 'reachlyCookieDomainProbe';

/**
 * Whether this browser keeps a cookie set on `domain`. Browsers refuse a cookie on a public suffix
 * (`co.uk`, `github.io`) from their own copy of the Public Suffix List, so asking the browser gives
 * exactly the domains it will accept, with no copy of the list in the page.
 */
function browserAccepts(domain: string): boolean {
  const value = randomHex(8);
  const attributes = `path=${COOKIE_PATH}; domain=${domain}; SameSite=Lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${PROBE_COOKIE}=${value}; ${attributes}`;
  const kept = readCookie(PROBE_COOKIE) === value;
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  if (kept) document.cookie = `${PROBE_COOKIE}=; expires=${new Date(0).toUTCString()}; ${attributes}`;
  return kept;
}

const registrableDomains = new Map<string, string | null>();

/**
 * The parent domain of a host, its registrable domain (`app.reachly.io` → `reachly.io`,
 * `app.reachly.co.uk` → `reachly.co.uk`), so the marketing site and the app share the cookies;
 * none for an IP address or a single-label host such as localhost. The shortest ending of the
 * host that the browser accepts a cookie on (`accepts`, asked once per host and page).
 */
export function parentDomain(
  hostname: string,
  accepts: (domain: string) => boolean = browserAccepts,
): string | null {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.');
  if (labels.length < 2) return null;
  if (accepts === browserAccepts && registrableDomains.has(hostname)) {
    return registrableDomains.get(hostname) ?? null;
  }
  let found: string | null = null;
  for (let n = 2; n <= labels.length && found === null; n++) {
    const candidate = labels.slice(-n).join('.');
    if (accepts(candidate)) found = candidate;
  }
  if (accepts === browserAccepts) registrableDomains.set(hostname, found);
  return found;
}

/** The Set-Cookie string of spec §9: until 1 Jan 2100, on the parent domain, path /. */
export function cookieString(
  name: string,
  value: string,
  hostname: string,
  expires: Date = COOKIE_EXPIRES,
  accepts: (domain: string) => boolean = browserAccepts,
): string {
  const domain = parentDomain(hostname, accepts);
  return [
    `${name}=${encodeURIComponent(value)}`,
    `expires=${expires.toUTCString()}`,
    `path=${COOKIE_PATH}`,
    domain ? `domain=${domain}` : '',
    'SameSite=Lax',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * Writes a cookie until 1 Jan 2100 on the parent domain, path / (spec §9). Chromium caps any
 * expiry at 400 days from now, so there it lives 400 days, renewed on each write.
 */
export function writeCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = cookieString(name, value, window.location.hostname);
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = cookieString(name, '', window.location.hostname, new Date(0));
}
