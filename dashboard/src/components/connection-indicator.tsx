import { Badge } from '@chakra-ui/react';
import { useConnectionState } from '../realtime/use-realtime.ts';

const LABELS = { open: 'Live', opening: 'Reconnecting…', closed: 'Offline' } as const;

/** Shows the realtime connection state; visible as a warning whenever it is not open. */
export function ConnectionIndicator() {
  const state = useConnectionState();
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
