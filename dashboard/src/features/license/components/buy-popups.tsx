import { Stack, Text } from '@chakra-ui/react';
import type { PopupId } from '@reachly/shared/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trafficQuery } from '../../account/account-queries.ts';
import { useUser } from '../../account/use-account.ts';
import { plansQuery } from '../plans-queries.ts';
import { remainingTrafficText } from '../utils/traffic.ts';
import { type Offer, OfferList } from './offers.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { PopupDialog } from './popup-dialog.tsx';
import { SupportContact } from './support-contact.tsx';

/**
 * A buy popup: what is bought, the offers with their checkout links (the server's configuration),
 * then the manual payment texts and the support contact.
 */
function BuyPopup({
  id,
  title,
  offers,
  children,
}: {
  id: PopupId;
  title: string;
  offers: readonly Offer[];
  children: ReactNode;
}) {
  const user = useUser();
  const online = offers.some((offer) => offer.checkoutUrl);
  return (
    <PopupDialog id={id} title={title}>
      <Stack gap="3">
        {children}
        <OfferList offers={offers} />
        <PaymentInstructions paymentTexts={user.data?.paymentTexts ?? []} online={online} />
        <SupportContact label="Questions? Support:" />
      </Stack>
    </PopupDialog>
  );
}

/** BUY_LICENSE_POPUP: the plans and how to pay for one. */
export function BuyLicensePopup() {
  const plans = useQuery(plansQuery());
  return (
    <BuyPopup id="BUY_LICENSE_POPUP" title="Buy a licence" offers={plans.data?.plans ?? []}>
      <Text>A licence lets you run campaigns with your profiles.</Text>
    </BuyPopup>
  );
}

/** BUY_TRAFFIC_POPUP: the traffic packages and how to pay for one, with what is left now. */
export function BuyTrafficPopup() {
  const traffic = useQuery(trafficQuery());
  const plans = useQuery(plansQuery());
  return (
    <BuyPopup id="BUY_TRAFFIC_POPUP" title="Buy proxy traffic" offers={plans.data?.trafficPackages ?? []}>
      {traffic.data && <Text>Remaining traffic: {remainingTrafficText(traffic.data)}.</Text>}
      <Text>Traffic is what profiles on our proxies use.</Text>
    </BuyPopup>
  );
}
