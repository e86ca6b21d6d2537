import type { ReactNode } from 'react';
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

function UserGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const banned =
    user.data?.isBanned === true || (user.error instanceof ApiError && user.error.code === 'BANNED');
  if (banned) return <div data-testid="banned-blank-page" />;
  if (user.isPending) return <LoadingState />;
  return <>{children}</>;
}
