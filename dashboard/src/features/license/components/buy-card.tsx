import { Button, Card } from '@chakra-ui/react';
import type { PopupId } from '@reachly/shared/constants';
import type { ReactNode } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';

/** A card of the licence page: what the account has, and the button that opens the popup to buy more. */
export function BuyCard({
  title,
  testId,
  popup,
  buyLabel,
  children,
}: {
  title: string;
  testId: string;
  popup: PopupId;
  buyLabel: string;
  children: ReactNode;
}) {
  const openPopup = useOpenPopup();
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      <Card.Footer>
        <Button onClick={() => openPopup(popup)}>{buyLabel}</Button>
      </Card.Footer>
    </Card.Root>
  );
}
