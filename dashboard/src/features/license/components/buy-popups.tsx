import { Stack, Text } from '@chakra-ui/react';
import type { PopupId } from '@reachly/shared/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trafficQuery } from '../../account/account-queries.ts';
import { useUser } from '../../account/use-account.ts';
import { remainingTrafficText } from '../utils/traffic.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import { PopupDialog } from './popup-dialog.tsx';

/** A buy popup: what is bought, then how to pay (manual payment with the user's paymentTexts). */
function BuyPopup({ id, title, children }: { id: PopupId; title: string; children: ReactNode }) {
  const user = useUser();
  return (
    <PopupDialog id={id} title={title}>
      <Stack gap="3">
        {children}
        <PaymentInstructions paymentTexts={user.data?.paymentTexts ?? []} />
      </Stack>
    </PopupDialog>
  );
}

/** BUY_LICENSE_POPUP: how to pay for a licence. */
export function BuyLicensePopup() {
  return (
    <BuyPopup id="BUY_LICENSE_POPUP" title="Buy a licence">
      <Text>
        A licence lets you run campaigns with your profiles. Payment is manual: pay with one of these methods.
      </Text>
    </BuyPopup>
  );
}

/** BUY_TRAFFIC_POPUP: how to pay for proxy traffic, with what is left now. */
export function BuyTrafficPopup() {
  const traffic = useQuery(trafficQuery());
  return (
    <BuyPopup id="BUY_TRAFFIC_POPUP" title="Buy proxy traffic">
      {traffic.data && <Text>Remaining traffic: {remainingTrafficText(traffic.data)}.</Text>}
      <Text>
        Traffic is what profiles on our proxies use. Payment is manual: pay with one of these methods.
      </Text>
    </BuyPopup>
  );
}
