import { COOKIE_EXPIRES, COOKIE_PATH } from '@reachly/shared/constants';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The parent domain of a host (`app.reachly.io` → `reachly.io`), so the marketing site and the app
 * share the cookies; none for an IP address or a single-label host such as localhost.
 */
export function parentDomain(hostname: string): string | null {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.');
  if (labels.length < 2) return null;
  return labels.slice(-2).join('.');
}

/** The Set-Cookie string of spec §9: until 1 Jan 2100, on the parent domain, path /. */
export function cookieString(
  name: string,
  value: string,
  hostname: string,
  expires: Date = COOKIE_EXPIRES,
): string {
  const domain = parentDomain(hostname);
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
