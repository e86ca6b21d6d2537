import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { useLicense, useTraffic, useUser } from '../account/use-account.ts';
import { LicenseExpiredBanner, TrafficEndedBanner } from './components/license-banners.tsx';
import { LicenseCard } from './components/license-card.tsx';
import { OfferCards } from './components/offers.tsx';
import { PaymentInstructions } from './components/payment-instructions.tsx';
import { SupportContact } from './components/support-contact.tsx';
import { TrafficCard } from './components/traffic-card.tsx';
import { plansQuery } from './plans-queries.ts';
import { isTrafficExhausted } from './utils/traffic.ts';

/** The plans and the traffic packages of the server's configuration, each with its way to buy. */
function Offers() {
  const plans = useQuery(plansQuery());
  if (plans.isPending) return <LoadingState label="Loading the plans…" />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  const { plans: list, trafficPackages } = plans.data;
  return (
    <>
      <Stack as="section" aria-labelledby="plans-heading" gap="3">
        <Heading as="h2" size="lg" id="plans-heading">
          Plans
        </Heading>
        {list.length > 0 ? (
          <OfferCards offers={list} popup="BUY_LICENSE_POPUP" testId="plans" />
        ) : (
          <Text data-testid="no-plans">No plans are for sale on this server: ask support for a licence.</Text>
        )}
      </Stack>
      {trafficPackages.length > 0 && (
        <Stack as="section" aria-labelledby="traffic-packages-heading" gap="3">
          <Heading as="h2" size="lg" id="traffic-packages-heading">
            Traffic packages
          </Heading>
          <OfferCards offers={trafficPackages} popup="BUY_TRAFFIC_POPUP" testId="traffic-packages" />
        </Stack>
      )}
    </>
  );
}

/** /license: the plans and prices, the licence, the proxy traffic and how to pay for more. */
export default function LicensePage() {
  const user = useUser();
  const { license, isValid } = useLicense();
  const traffic = useTraffic();
  const plans = useQuery(plansQuery());
  const online = [...(plans.data?.plans ?? []), ...(plans.data?.trafficPackages ?? [])].some(
    (offer) => offer.checkoutUrl,
  );

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Plans, licence and traffic
      </Heading>
      {user.isPending ? (
        <LoadingState label="Loading your licence…" />
      ) : user.isError || !license ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <>
          {!isValid && <LicenseExpiredBanner />}
          {isTrafficExhausted(traffic.data) && <TrafficEndedBanner />}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LicenseCard license={license} isValid={isValid} />
            {traffic.isPending ? (
              <LoadingState label="Loading your traffic…" />
            ) : (
              <TrafficCard traffic={traffic.data} failed={traffic.isError} />
            )}
          </SimpleGrid>
          <Offers />
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">How to pay</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <PaymentInstructions paymentTexts={user.data.paymentTexts} online={online} />
                <SupportContact />
              </Stack>
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}
