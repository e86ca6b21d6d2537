import { Badge, CloseButton, Drawer, HStack, Link, Portal, Text } from '@chakra-ui/react';
import { STATUS_BY_VALUE } from '@reachly/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { statusStyle } from '../../../lib/status-style.ts';
import { ROUTES } from '../../../route-paths.ts';
import { DoNotContactButton } from '../../do-not-contact/components/do-not-contact-button.tsx';
import { conversationQuery } from '../board-queries.ts';
import type { BoardCard } from '../utils/board-data.ts';
import { formatDay } from '../utils/format-time.ts';
import { UNNAMED_LEAD } from './card-content.tsx';
import { ConversationMessages } from './conversation-messages.tsx';

interface ConversationDrawerProps {
  /** The card opened last (kept while the drawer slides away). */
  card: BoardCard | null;
  open: boolean;
  onClose: () => void;
}

/** A card opened: the conversation's messages in a drawer on the side (GET /api/conversations/:id). */
export function ConversationDrawer({ card, open, onClose }: ConversationDrawerProps) {
  // The card as the page last fetched it: its status follows a move made while the drawer is open.
  const detail = useQuery({ ...conversationQuery(card?.id ?? 0), enabled: card !== null });
  const current = card && detail.data?.id === card.id ? detail.data : card;
  const status = current ? STATUS_BY_VALUE[current.status] : null;
  return (
    <Drawer.Root
      open={open && card !== null}
      onOpenChange={(e) => !e.open && onClose()}
      placement="end"
      size="md"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="conversation-drawer">
            <Drawer.Header flexDirection="column" alignItems="flex-start" gap="2">
              <Drawer.Title>{current?.name ?? UNNAMED_LEAD}</Drawer.Title>
              {status && (
                <Badge bg="bg.panel" color="fg" borderWidth="1px" style={statusStyle(status)}>
                  {status.label}
                </Badge>
              )}
              {current?.needsPerson && (
                <Text fontSize="sm" data-testid="conversation-needs-person">
                  <strong>Needs a person:</strong> {current.needsPerson}. No automatic reply was sent.
                </Text>
              )}
              {current?.contactOn && (
                <Text fontSize="sm">
                  The lead asked to be written to again on {formatDay(current.contactOn)}.
                </Text>
              )}
              {current?.note && <Text fontSize="sm">{current.note}</Text>}
              {current && (
                <HStack gap="3" flexWrap="wrap">
                  <DoNotContactButton leadId={current.leadId} who={current.name ?? UNNAMED_LEAD} />
                  {/* The same conversation in the inbox: reply, assign, pause AI replies. */}
                  <Link asChild variant="underline" fontSize="sm" data-testid="open-in-inbox">
                    <RouterLink to={`${ROUTES.inbox}?c=${current.id}`}>Reply in the inbox</RouterLink>
                  </Link>
                </HStack>
              )}
            </Drawer.Header>
            <Drawer.Body>{card && <ConversationMessages id={card.id} />}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the conversation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
