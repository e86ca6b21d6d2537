import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy… and waitFor give up after 1 s by default. One click that re-renders a Chakra form takes
// 0.1-0.3 s on an idle machine but 1-3 s beside the other tests and the e2e browsers on two cores,
// so a test could fail with the page right. They still return as soon as their condition holds.
configure({ asyncUtilTimeout: 10_000 });
