import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startUp } from './shell/startup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The start-up order of spec §4 runs first; the user it fetches is on window.reachlyUser.
void startUp().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
