import { Button, Card, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PopupId } from '@reachly/shared/constants';
import type { PlansResponse } from '@reachly/shared/schemas';
import { ExternalLink } from 'lucide-react';
import { useOpenPopup } from '../../../state/popups.ts';

/** A plan or a traffic package of the server's configuration, with its checkout link (or none). */
export type Offer = PlansResponse['plans'][number] | PlansResponse['trafficPackages'][number];

/** "$79 / month", or the price alone. */
function priceText(offer: Offer): string {
  return 'period' in offer && offer.period ? `${offer.price} / ${offer.period}` : offer.price;
}

/** A link that opens the checkout in a new tab. */
function CheckoutLink({ offer, label }: { offer: Offer & { checkoutUrl: string }; label: string }) {
  return (
    <Button asChild size="sm">
      <a
        href={offer.checkoutUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`checkout-link-${offer.id}`}
      >
        {label} <ExternalLink aria-hidden />
      </a>
    </Button>
  );
}

/**
 * The plans or the traffic packages as cards (the Plans page): name, price, what it includes, and
 * "Buy" to the checkout; without a checkout the button opens the buy popup (manual payment).
 */
export function OfferCards({
  offers,
  popup,
  testId,
}: {
  offers: readonly Offer[];
  popup: PopupId;
  testId: string;
}) {
  const openPopup = useOpenPopup();
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid={testId}>
      {offers.map((offer) => (
        <Card.Root key={offer.id} data-testid={`offer-${offer.id}`}>
          <Card.Header>
            <Heading as="h3" size="md">
              {offer.name}
            </Heading>
            <Text fontSize="2xl" fontWeight="bold" data-testid="offer-price">
              {priceText(offer)}
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="2">
              {offer.description && <Text color="fg.muted">{offer.description}</Text>}
              {'features' in offer && offer.features.length > 0 && (
                <List.Root ps="5">
                  {offer.features.map((feature) => (
                    <List.Item key={feature}>{feature}</List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          </Card.Body>
          <Card.Footer>
            {offer.checkoutUrl ? (
              <CheckoutLink
                offer={{ ...offer, checkoutUrl: offer.checkoutUrl }}
                label={`Buy ${offer.name}`}
              />
            ) : (
              <Button size="sm" onClick={() => openPopup(popup)}>
                Buy {offer.name}
              </Button>
            )}
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** The offers of a buy popup: each one's name and price, and its checkout link when there is one. */
export function OfferList({ offers }: { offers: readonly Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="offer-list">
      {offers.map((offer) => (
        <HStack
          as="li"
          key={offer.id}
          justify="space-between"
          wrap="wrap"
          gap="2"
          borderWidth="1px"
          rounded="md"
          p="2"
        >
          <Text>
            <strong>{offer.name}</strong> · {priceText(offer)}
          </Text>
          {offer.checkoutUrl && (
            <CheckoutLink
              offer={{ ...offer, checkoutUrl: offer.checkoutUrl }}
              label={`Pay for ${offer.name}`}
            />
          )}
        </HStack>
      ))}
    </Stack>
  );
}
