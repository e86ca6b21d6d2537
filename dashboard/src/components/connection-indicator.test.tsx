import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { withApp } from '../test-support/with-app.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';

/** The page's socket as socket.io-client makes it: its handlers can be called as the library would. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    active: true,
    connected: false,
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
    onAny: () => {},
    io: {
      on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(`io:${event}`, handler),
    },
    connect: () => {},
    disconnect: () => {},
  };
  return { socket, fire: (event: string, ...args: unknown[]) => handlers.get(event)?.(...args) };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { connectRealtime } = await import('../realtime/socket.ts');

it('says "Connecting…" while the first connection is made, "Reconnecting…" only when one is lost', () => {
  render(<ConnectionIndicator />, { wrapper: withApp(new QueryClient()) });
  expect(screen.getByTestId('connection-state').textContent).toBe('Offline');

  act(() => void connectRealtime(1, 'token'));
  const first = screen.getByTestId('connection-state');
  expect(first.textContent).toBe('Connecting…');
  expect(first.dataset.state).toBe('opening');

  act(() => fake.fire('connect'));
  expect(screen.getByTestId('connection-state').textContent).toBe('Live');

  act(() => fake.fire('disconnect', 'transport close'));
  const lost = screen.getByTestId('connection-state');
  expect(lost.textContent).toBe('Reconnecting…');
  expect(lost.dataset.state).toBe('opening');

  act(() => fake.fire('connect'));
  expect(screen.getByTestId('connection-state').textContent).toBe('Live');

  // Another organisation's socket is a first connection again.
  act(() => void connectRealtime(2, 'token'));
  expect(screen.getByTestId('connection-state').textContent).toBe('Connecting…');
});
