import { Badge, Box, chakra, Flex, Text } from '@chakra-ui/react';
import type { InboxConversation } from '@reachly/shared/schemas';
import { formatMessageTime } from '../board/utils/format-time.ts';

/** One conversation of the inbox's list: the lead, the last message and its time, its badges. */
export function ConversationItem({
  conversation: c,
  active,
  onOpen,
}: {
  conversation: InboxConversation;
  active: boolean;
  onOpen: () => void;
}) {
  return (
    <Box as="li" id={`inbox-item-${c.id}`}>
      <chakra.button
        type="button"
        width="full"
        textAlign="start"
        p="3"
        borderWidth="1px"
        borderRadius="md"
        bg={active ? 'bg.emphasized' : 'bg'}
        borderColor={active ? 'colorPalette.solid' : 'border'}
        colorPalette="blue"
        aria-current={active ? 'true' : undefined}
        data-testid="inbox-item"
        data-unread={c.unread ? 'true' : 'false'}
        onClick={onOpen}
      >
        <Flex justify="space-between" gap="2" align="baseline" minW="0">
          <Text fontWeight={c.unread ? 'bold' : 'medium'} truncate minW="0">
            {c.unread && (
              <Box as="span" aria-label="Unread" color="blue.fg" me="1">
                ●
              </Box>
            )}
            {c.name ?? c.leadProfileUrl}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {c.lastMessageAt ? formatMessageTime(c.lastMessageAt) : ''}
          </Text>
        </Flex>
        <Text fontSize="sm" color="fg.muted" truncate>
          {c.lastMessage ?? 'No messages yet'}
        </Text>
        <Flex gap="1" mt="1" wrap="wrap">
          <Badge size="sm">{c.status}</Badge>
          {c.profileName && (
            <Badge size="sm" variant="outline">
              {c.profileName}
            </Badge>
          )}
          {c.campaignName && (
            <Badge size="sm" variant="outline" colorPalette="purple">
              {c.campaignName}
            </Badge>
          )}
          {c.done && (
            <Badge size="sm" colorPalette="green">
              done
            </Badge>
          )}
        </Flex>
      </chakra.button>
    </Box>
  );
}
