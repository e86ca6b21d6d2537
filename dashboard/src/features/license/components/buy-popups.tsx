import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { trafficQuery } from '../../account/account-queries.ts';
import { useUser } from '../../account/use-account.ts';
import { remainingTrafficText } from '../utils/traffic.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import { PopupDialog } from './popup-dialog.tsx';

/** BUY_LICENSE_POPUP: how to pay for a licence (manual payment with the user's paymentTexts). */
export function BuyLicensePopup() {
  const user = useUser();
  return (
    <PopupDialog id="BUY_LICENSE_POPUP" title="Buy a licence">
      <Stack gap="3">
        <Text>
          A licence lets you run campaigns with your profiles. Payment is manual: pay with one of these
          methods.
        </Text>
        <PaymentInstructions paymentTexts={user.data?.paymentTexts ?? []} />
      </Stack>
    </PopupDialog>
  );
}

/** BUY_TRAFFIC_POPUP: how to pay for proxy traffic, with what is left now. */
export function BuyTrafficPopup() {
  const user = useUser();
  const traffic = useQuery(trafficQuery());
  return (
    <PopupDialog id="BUY_TRAFFIC_POPUP" title="Buy proxy traffic">
      <Stack gap="3">
        {traffic.data && <Text>Remaining traffic: {remainingTrafficText(traffic.data)}.</Text>}
        <Text>
          Traffic is what profiles on our proxies use. Payment is manual: pay with one of these methods.
        </Text>
        <PaymentInstructions paymentTexts={user.data?.paymentTexts ?? []} />
      </Stack>
    </PopupDialog>
  );
}
