import { Badge } from '@chakra-ui/react';
import { hasBeenOpen } from '../realtime/socket.ts';
import { useConnectionState } from '../realtime/use-realtime.ts';
import { isDemoMode } from '../shell/demo-mode.ts';

const PAUSED = 'Live updates are paused; the page reconnects on its own';
/** How each state shows; 'connecting' is the first 'opening' of the page's socket. */
const LOOKS = {
  connecting: {
    label: 'Connecting…',
    palette: 'gray',
    variant: 'subtle',
    title: 'Connecting to live updates',
  },
  open: { label: 'Live', palette: 'green', variant: 'subtle', title: 'Live updates are on' },
  opening: { label: 'Reconnecting…', palette: 'orange', variant: 'solid', title: PAUSED },
  closed: { label: 'Offline', palette: 'red', variant: 'solid', title: PAUSED },
} as const;

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
  const look = LOOKS[state === 'opening' && !hasBeenOpen() ? 'connecting' : state];
  return (
    <Badge
      colorPalette={look.palette}
      variant={look.variant}
      role="status"
      aria-live="polite"
      data-testid="connection-state"
      data-state={state}
      title={look.title}
    >
      {look.label}
    </Badge>
  );
}
