import { AUTH_BASE_PATH, BRAND } from '@reachly/shared/constants';
import { useEffect, useState } from 'react';

interface SessionAnswer {
  user?: { email?: string };
}

/**
 * Placeholder until the dashboard issue: it shows who is signed in, through the real Auth.js
 * session endpoint, and links to Auth.js's sign-in and sign-out pages.
 */
export function App() {
  const [session, setSession] = useState<SessionAnswer | null | 'loading'>('loading');

  useEffect(() => {
    fetch(`${AUTH_BASE_PATH}/session`)
      .then((res) => res.json() as Promise<SessionAnswer | null>)
      .then(setSession)
      .catch(() => setSession(null));
  }, []);

  return (
    <main style={{ fontFamily: 'Roboto, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1 style={{ color: '#2e7d32' }}>{BRAND}</h1>
      <p>
        Social-outreach automation: lead collections, profiles behind their own proxies, campaigns and a
        funnel board.
      </p>
      {session === 'loading' ? (
        <p>Loading…</p>
      ) : session?.user?.email ? (
        <p>
          Signed in as <strong>{session.user.email}</strong>.{' '}
          <a href={`${AUTH_BASE_PATH}/signout`}>Sign out</a>
        </p>
      ) : (
        <p>
          <a href={`${AUTH_BASE_PATH}/signin`}>Sign in</a>
        </p>
      )}
      <p style={{ color: '#666' }}>The full dashboard is being built; the API is served under /api.</p>
    </main>
  );
}
