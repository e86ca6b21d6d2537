import { Card, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { useLicense, useTraffic, useUser } from '../account/use-account.ts';
import { LicenseExpiredBanner, TrafficEndedBanner } from './components/license-banners.tsx';
import { LicenseCard } from './components/license-card.tsx';
import { PaymentInstructions } from './components/payment-instructions.tsx';
import { TrafficCard } from './components/traffic-card.tsx';
import { isTrafficExhausted } from './utils/traffic.ts';

/** /license: the licence, the proxy traffic and how to pay for more (manual payment). */
export default function LicensePage() {
  const user = useUser();
  const { license, isValid } = useLicense();
  const traffic = useTraffic();

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        Licence and traffic
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
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">How to pay</Card.Title>
            </Card.Header>
            <Card.Body>
              <PaymentInstructions paymentTexts={user.data.paymentTexts} />
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}
