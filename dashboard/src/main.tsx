import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { viewportSize } from './lib/viewport.ts';
import { ROUTES } from './route-paths.ts';
import { AUTH_PAGES } from './session/session-client.ts';
import { fetchSessionEarly } from './session/session-provider.tsx';
import { startUp } from './shell/startup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Read now, while nothing waits to be laid out (see viewport.ts).
viewportSize();

// The start-up order of spec §4 runs first; the user it fetches is on window.reachlyUser. The
// session provider's first fetch goes out beside the start-up's request, not once the app renders.
const starting = startUp();
fetchSessionEarly();

const path = window.location.pathname;
const onBoard = path === ROUTES.board || path === '/';

// The first screen's code is fetched while the start-up runs, not once the router asks for it (the
// router's lazy routes then find it loaded): one round trip less before the first screen shows. In a
// task of its own, after this one's start-up request: asking for a screen's chunks is work too.
setTimeout(() => {
  if (path === AUTH_PAGES.signIn) void import('./features/auth/sign-in-page.tsx');
  else if (path === AUTH_PAGES.signUp) void import('./features/auth/sign-up-page.tsx');
  else if (onBoard) {
    // Smallest first: each part is evaluated as soon as it has arrived, in a task of its own (zod,
    // the API contract's schemas), not all in the one task that evaluates the board's screen.
    void import('./zod-config.ts');
    void import('@reachly/shared/contract');
    void import('./components/signed-in-shell.tsx');
    void import('./features/board/board-page.tsx');
  }
}, 0);

// The app is evaluated while the start-up's request is in flight, in tasks of its own instead of one
// long task before the start-up could begin: Chakra's modules and the theme's configuration; then,
// each after a yield to the browser, the configs merged, the theme's token dictionary (these two
// steps apart only in the build: theme-steps.ts), the theme's system; then the rest (router,
// providers).
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const app = import('./theme-config.ts')
  .then(() => import('./theme-steps.ts'))
  .then(async ({ mergeTheme, buildThemeTokens }) => {
    await yieldToBrowser();
    mergeTheme();
    await yieldToBrowser();
    buildThemeTokens();
    await yieldToBrowser();
  })
  .then(() => import('./theme.ts'))
  .then(yieldToBrowser)
  .then(() => import('./app.tsx'));

void starting
  .then(async ({ user }) => {
    // Signed in: the first screen's queries are asked for now, beside the screen's code.
    if (user) (await import('./shell/first-screen.ts')).prefetchFirstScreen(onBoard);
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
