import { Alert, Button } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { useOpenPopup } from '../../../state/popups.ts';

/** Shown while no proxy traffic is left. */
export function TrafficEndedBanner() {
  const openPopup = useOpenPopup();
  return (
    <Alert.Root status="error" data-testid="traffic-ended-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your proxy traffic has run out</Alert.Title>
        <Alert.Description>Profiles on {BRAND} proxies cannot start until you add traffic.</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        alignSelf="center"
        colorPalette="green"
        onClick={() => openPopup('BUY_TRAFFIC_POPUP')}
      >
        Add traffic
      </Button>
    </Alert.Root>
  );
}
