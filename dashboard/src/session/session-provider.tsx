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

/** The session client of spec §4: loading → authenticated | unauthenticated, refetched on the events it names. */
export function SessionProvider({
  children,
  refetchOnWindowFocus = true,
  refetchInterval = 0,
}: SessionProviderProps) {
  const [data, setData] = useState<SessionData | null>(null);
  const [status, setStatus] = useState<SessionStatus>('loading');
  const latest = useRef(0);

  const apply = useCallback((session: SessionData | null) => {
    if (session && (typeof session !== 'object' || !('expires' in session))) {
      logAuthClient('error', 'CLIENT_SESSION_ERROR', 'The session answer has no expiry');
      session = null;
    }
    // The token is kept as the accessToken cookie too (spec §3), where the start-up reads it.
    const token = session?.user ? (session.accessToken ?? null) : null;
    // In demo mode the page's calls carry the demo user's token (lib/api.ts), never this one.
    if (!isDemoMode()) setAccessToken(token);
    if (token && readCookie(COOKIE_KEYS.accessToken) !== token) writeCookie(COOKIE_KEYS.accessToken, token);
    if (!token && readCookie(COOKIE_KEYS.accessToken) !== null) deleteCookie(COOKIE_KEYS.accessToken);
    setData(session);
    setStatus(session?.user ? 'authenticated' : 'unauthenticated');
  }, []);

  const refetch = useCallback(async () => {
    const call = ++latest.current;
    const session = await fetchSession();
    if (call === latest.current) apply(session);
    return session;
  }, [apply]);

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
    void refetch();
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
