import { Badge } from '@chakra-ui/react';
import { hasBeenOpen } from '../realtime/socket.ts';
import { useConnectionState } from '../realtime/use-realtime.ts';
import { isDemoMode } from '../shell/demo-mode.ts';

const LABELS = { open: 'Live', opening: 'Reconnecting…', closed: 'Offline' } as const;

/**
 * Shows the realtime connection state: a warning whenever a connection that was open is lost; the
 * page's first connection, made once its first screen is painted, is only "Connecting…".
 */
export function ConnectionIndicator() {
  const state = useConnectionState();
  // Demo mode's sample data needs no live connection: "Offline" would only alarm (issue 19).
  if (isDemoMode()) {
    return (
      <Badge colorPalette="orange" variant="subtle" data-testid="connection-state" data-state="demo">
        Demo
      </Badge>
    );
  }
  // Read with the state: it changes only when the state becomes 'open' or a new socket is made.
  if (state === 'opening' && !hasBeenOpen()) {
    return (
      <Badge
        colorPalette="gray"
        variant="subtle"
        role="status"
        aria-live="polite"
        data-testid="connection-state"
        data-state={state}
        title="Connecting to live updates"
      >
        Connecting…
      </Badge>
    );
  }
  return (
    <Badge
      colorPalette={state === 'open' ? 'green' : state === 'opening' ? 'orange' : 'red'}
      variant={state === 'open' ? 'subtle' : 'solid'}
      role="status"
      aria-live="polite"
      data-testid="connection-state"
      data-state={state}
      title={
        state === 'open' ? 'Live updates are on' : 'Live updates are paused; the page reconnects on its own'
      }
    >
      {LABELS[state]}
    </Badge>
  );
}
