import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app.tsx';
import { ROUTES } from './route-paths.ts';
import { AUTH_PAGES } from './session/session-client.ts';
import { startUp } from './shell/startup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const path = window.location.pathname;
const onBoard = path === ROUTES.board || path === '/';

// The first screen's code is fetched while the start-up runs, not once the router asks for it (the
// router's lazy routes then find it loaded): one round trip less before the first screen shows.
if (path === AUTH_PAGES.signIn) void import('./features/auth/sign-in-page.tsx');
else if (path === AUTH_PAGES.signUp) void import('./features/auth/sign-up-page.tsx');
else if (onBoard) {
  void import('./components/signed-in-shell.tsx');
  void import('./features/board/board-page.tsx');
}

// The start-up order of spec §4 runs first; the user it fetches is on window.reachlyUser.
void startUp()
  .then(({ user }) => {
    // Signed in on the board: its cards are asked for now, beside the screen's code.
    if (user && onBoard) {
      void import('./features/board/board-prefetch.ts').then(({ prefetchBoard }) =>
        prefetchBoard(queryClient),
      );
    }
  })
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
