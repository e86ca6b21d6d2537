import { Button, Stack, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { useOpenPopup, usePopup } from '../../../state/popups.ts';
import { PopupDialog } from './popup-dialog.tsx';

/** TRAFFIC_ENDED_POPUP: the proxy traffic ran out; profiles on the product's proxies stop. */
export function TrafficEndedPopup() {
  const { close } = usePopup('TRAFFIC_ENDED_POPUP');
  const openPopup = useOpenPopup();
  return (
    <PopupDialog
      id="TRAFFIC_ENDED_POPUP"
      title="Your proxy traffic has run out"
      action={
        <Button
          onClick={() => {
            close();
            openPopup('BUY_TRAFFIC_POPUP');
          }}
        >
          Buy traffic
        </Button>
      }
    >
      <Stack gap="3">
        <Text>Profiles that use {BRAND} proxies have stopped and cannot start until you add traffic.</Text>
        <Text>Profiles with a manual proxy or without a proxy keep working.</Text>
      </Stack>
    </PopupDialog>
  );
}
