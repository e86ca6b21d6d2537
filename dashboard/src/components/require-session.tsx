import { type ReactNode, useDeferredValue } from 'react';
import { useUser } from '../features/account/use-account.ts';
import { ApiError } from '../lib/api.ts';
import { useSession } from '../session/session-provider.tsx';
import { isDemoMode } from '../shell/demo-mode.ts';
import { LoadingState } from './list-state.tsx';

/**
 * A page that needs a session: unauthenticated → sign-in with error=SessionRequired and the
 * current page as callbackUrl; a banned user gets a blank page (spec §2, §6).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  // Demo mode needs no account: the sample backend answers as its demo user (spec §2).
  if (isDemoMode()) return <UserGate>{children}</UserGate>;
  return <SessionGate>{children}</SessionGate>;
}

function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession({ required: true });
  if (session.status !== 'authenticated') return <LoadingState />;
  return <UserGate>{children}</UserGate>;
}

/**
 * The user's gate. The screen behind it is rendered in the background (a deferred value, React
 * renders it in slices), not in the one task of the update that brought the user or the session.
 */
function UserGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const banned =
    user.data?.isBanned === true || (user.error instanceof ApiError && user.error.code === 'BANNED');
  const ready = useDeferredValue(!user.isPending, false);
  if (banned) return <div data-testid="banned-blank-page" />;
  if (user.isPending || !ready) return <LoadingState />;
  return <>{children}</>;
}
