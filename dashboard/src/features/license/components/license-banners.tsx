import { Alert, Button } from '@chakra-ui/react';
import { BRAND, type PopupId } from '@reachly/shared/constants';
import type { ReactNode } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';

/** A banner saying what is blocked, with the button that opens the popup to buy it. */
function BuyBanner({
  status,
  testId,
  title,
  description,
  popup,
  action,
}: {
  status: 'warning' | 'error';
  testId: string;
  title: string;
  description: ReactNode;
  popup: PopupId;
  action: string;
}) {
  const openPopup = useOpenPopup();
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{description}</Alert.Description>
      </Alert.Content>
      <Button size="sm" alignSelf="center" colorPalette="green" onClick={() => openPopup(popup)}>
        {action}
      </Button>
    </Alert.Root>
  );
}

/** Shown while the licence is not valid: campaigns are blocked until one is bought. */
export function LicenseExpiredBanner() {
  return (
    <BuyBanner
      status="warning"
      testId="license-expired-banner"
      title="Your licence has expired"
      description="Campaigns cannot run until you buy a licence."
      popup="BUY_LICENSE_POPUP"
      action="Renew the licence"
    />
  );
}

/** Shown while no proxy traffic is left. */
export function TrafficEndedBanner() {
  return (
    <BuyBanner
      status="error"
      testId="traffic-ended-banner"
      title="Your proxy traffic has run out"
      description={`Profiles on ${BRAND} proxies cannot start until you add traffic.`}
      popup="BUY_TRAFFIC_POPUP"
      action="Add traffic"
    />
  );
}
