import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './session-client.ts';

interface Call {
  url: string;
  body: string | null;
}
let calls: Call[];
let routes: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  routes = {
    '/api/auth/providers': () =>
      Response.json({ credentials: { id: 'credentials', name: 'Credentials', type: 'credentials' } }),
    '/api/auth/csrf': () => Response.json({ csrfToken: 'csrf-1' }),
    '/api/auth/callback/credentials': () => Response.json({ url: 'http://localhost:3000/board' }),
  };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? String(init.body) : null });
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
});
afterEach(() => vi.unstubAllGlobals());

describe('signIn', () => {
  it('posts the credentials with csrfToken, callbackUrl and json=true, and answers ok with the url', async () => {
    const result = await signIn('credentials', { email: 'a@b.c', password: 'pw' }, '/board');
    expect(result).toEqual({
      error: null,
      code: null,
      status: 200,
      ok: true,
      url: 'http://localhost:3000/board',
    });
    const post = calls.find((c) => c.url === '/api/auth/callback/credentials');
    expect(Object.fromEntries(new URLSearchParams(post?.body ?? ''))).toEqual({
      email: 'a@b.c',
      password: 'pw',
      csrfToken: 'csrf-1',
      callbackUrl: '/board',
      json: 'true',
    });
  });

  it('answers the error Auth.js puts in the url', async () => {
    routes['/api/auth/callback/credentials'] = () =>
      Response.json({ url: 'http://localhost:3000/signin?error=CredentialsSignin&code=credentials' });
    const result = await signIn('credentials', { email: 'a@b.c', password: 'bad' }, '/board');
    expect(result).toMatchObject({ ok: false, error: 'CredentialsSignin', url: null });
  });

  it('goes to the error page when the providers cannot be fetched (spec §5)', async () => {
    delete routes['/api/auth/providers'];
    expect(await signIn('credentials', {}, '/board')).toMatchObject({ ok: false, url: '/auth/error' });
  });

  it('goes to the sign-in page with callbackUrl for an unknown provider (spec §5)', async () => {
    const result = await signIn('github', {}, '/profiles');
    expect(result).toMatchObject({ ok: false, url: '/signin?callbackUrl=%2Fprofiles' });
    expect(calls.some((c) => c.url.includes('/callback/'))).toBe(false);
  });
});
