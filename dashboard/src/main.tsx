import './zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
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

// The app is evaluated while the start-up's request is in flight, in tasks of its own instead of one
// long task before the start-up could begin: first the theme (Chakra builds every token's CSS
// variables), then, after a yield to the browser, the rest (router, providers).
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const app = import('./theme.ts').then(yieldToBrowser).then(() => import('./app.tsx'));

// The start-up order of spec §4 runs first; the user it fetches is on window.reachlyUser.
void startUp()
  .then(async ({ user }) => {
    // Signed in on the board: its cards are asked for now, beside the screen's code.
    if (user && onBoard) {
      const [{ queryClient }, { prefetchBoard }] = await Promise.all([
        app,
        import('./features/board/board-prefetch.ts'),
      ]);
      prefetchBoard(queryClient);
    }
  })
  .finally(async () => {
    const { App } = await app;
    // A transition: React renders the first screen in slices that leave the main thread free
    // between them, not in one long task.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
