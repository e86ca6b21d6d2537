import { Alert, Button } from '@chakra-ui/react';
import { useOpenPopup } from '../../../state/popups.ts';

/** Shown while the licence is not valid: campaigns are blocked until one is bought. */
export function LicenseExpiredBanner() {
  const openPopup = useOpenPopup();
  return (
    <Alert.Root status="warning" data-testid="license-expired-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your licence has expired</Alert.Title>
        <Alert.Description>Campaigns cannot run until you buy a licence.</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        alignSelf="center"
        colorPalette="green"
        onClick={() => openPopup('BUY_LICENSE_POPUP')}
      >
        Renew the licence
      </Button>
    </Alert.Root>
  );
}
