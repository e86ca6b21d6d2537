import { AppLayout } from './app-layout.tsx';
import { RequireSession } from './require-session.tsx';

/** Every screen that needs a session renders inside this (its own chunk, see routes.tsx). */
export default function SignedInShell() {
  return (
    <RequireSession>
      <AppLayout />
    </RequireSession>
  );
}
