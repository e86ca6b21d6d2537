import { COOKIE_KEYS } from '@reachly/shared/constants';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { setAccessToken } from '../lib/api.ts';
import { deleteCookie, readCookie, writeCookie } from '../lib/cookies.ts';
import { isDemoMode } from '../shell/demo-mode.ts';
import {
  fetchSession,
  logAuthClient,
  postSessionUpdate,
  SESSION_BROADCAST_KEY,
  type SessionData,
  signInRedirectUrl,
} from './session-client.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionContextValue {
  data: SessionData | null;
  status: SessionStatus;
  /** Refetches the session, or posts `data` to update it first (spec §3: "can be updated"). */
  update: (data?: unknown) => Promise<SessionData | null>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  /** Refetch when the tab becomes visible (spec §9: on by default). */
  refetchOnWindowFocus?: boolean;
  /** Poll every this many seconds; 0 = off (spec §9: off by default). */
  refetchInterval?: number;
}

const statusOf = (session: SessionData | null): SessionStatus =>
  session?.user ? 'authenticated' : 'unauthenticated';

/**
 * A session answer checked (one without an expiry counts as none, logged) and its access token
 * handed to the API client and kept as the accessToken cookie (spec §3), where the start-up reads it.
 */
function settle(answer: SessionData | null): SessionData | null {
  let session = answer;
  if (session && (typeof session !== 'object' || !('expires' in session))) {
    logAuthClient('error', 'CLIENT_SESSION_ERROR', 'The session answer has no expiry');
    session = null;
  }
  const token = session?.user ? (session.accessToken ?? null) : null;
  // In demo mode the page's calls carry the demo user's token (lib/api.ts), never this one.
  if (!isDemoMode()) setAccessToken(token);
  if (token && readCookie(COOKIE_KEYS.accessToken) !== token) writeCookie(COOKIE_KEYS.accessToken, token);
  if (!token && readCookie(COOKIE_KEYS.accessToken) !== null) deleteCookie(COOKIE_KEYS.accessToken);
  return session;
}

interface EarlySession {
  promise: Promise<SessionData | null>;
  done: boolean;
  session: SessionData | null;
}
let early: EarlySession | null = null;

/**
 * Asks for the session at start-up, beside the start-up's own request (main.tsx), instead of once
 * the app has rendered its provider: a signed-in page's first screen waits one round trip less.
 * The provider's first fetch is this one; when it has arrived before the provider renders, the
 * provider starts with it.
 */
export function fetchSessionEarly(): void {
  const entry: EarlySession = {
    promise: fetchSession().then((answer) => {
      entry.session = settle(answer);
      entry.done = true;
      return entry.session;
    }),
    done: false,
    session: null,
  };
  early = entry;
}

/** The session client of spec §4: loading → authenticated | unauthenticated, refetched on the events it names. */
export function SessionProvider({
  children,
  refetchOnWindowFocus = true,
  refetchInterval = 0,
}: SessionProviderProps) {
  // The start-up's session fetch (fetchSessionEarly), if any: read here, taken by the first effect.
  const [started] = useState(() => early);
  const [data, setData] = useState<SessionData | null>(() => (started?.done ? started.session : null));
  const [status, setStatus] = useState<SessionStatus>(() =>
    started?.done ? statusOf(started.session) : 'loading',
  );
  const latest = useRef(0);
  const first = useRef(started);

  const apply = useCallback((session: SessionData | null) => {
    const settled = settle(session);
    setData(settled);
    setStatus(statusOf(settled));
  }, []);

  const refetch = useCallback(async (pending?: Promise<SessionData | null>) => {
    const call = ++latest.current;
    // A fetch the start-up began is settled already (settle ran when it arrived).
    const session = pending ? await pending : settle(await fetchSession());
    if (call === latest.current) {
      setData(session);
      setStatus(statusOf(session));
    }
    return session;
  }, []);

  const update = useCallback(
    async (next?: unknown) => {
      if (next === undefined) return refetch();
      const session = await postSessionUpdate(next);
      apply(session);
      return session;
    },
    [apply, refetch],
  );

  useEffect(() => {
    const pending = first.current?.promise;
    if (first.current && early === first.current) early = null;
    first.current = null;
    void refetch(pending);
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_BROADCAST_KEY) void refetch();
    };
    const onVisibility = () => {
      if (refetchOnWindowFocus && document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    const timer =
      refetchInterval > 0 ? window.setInterval(() => void refetch(), refetchInterval * 1000) : undefined;
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
      if (timer) window.clearInterval(timer);
    };
  }, [refetch, refetchOnWindowFocus, refetchInterval]);

  const value = useMemo(() => ({ data, status, update }), [data, status, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session. With `required`, an unauthenticated page goes to the sign-in page with
 * error=SessionRequired and callbackUrl (the current page unless given).
 */
export function useSession(options: { required?: boolean; callbackUrl?: string } = {}): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  const { required, callbackUrl } = options;
  useEffect(() => {
    if (required && value.status === 'unauthenticated') {
      window.location.assign(signInRedirectUrl(callbackUrl));
    }
  }, [required, callbackUrl, value.status]);
  return value;
}
