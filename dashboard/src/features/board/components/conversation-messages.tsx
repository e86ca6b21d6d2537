import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { EmptyListState, ErrorState, LoadingState } from '../../../components/list-state.tsx';
import { conversationQuery } from '../board-queries.ts';
import { formatFullTime } from '../utils/format-time.ts';

/** The messages of one conversation, oldest first: the lead's on the left, the profile's on the right. */
export function ConversationMessages({ id }: { id: number }) {
  const conversation = useQuery(conversationQuery(id));
  if (conversation.isPending) return <LoadingState label="Loading the messages…" />;
  if (conversation.isError)
    return <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />;
  const { messages } = conversation.data;
  if (messages.length === 0) return <EmptyListState title="No messages yet" />;
  return (
    <Stack as="ol" gap="3" listStyleType="none" aria-label="Messages" data-testid="conversation-messages">
      {messages.map((m) => {
        const out = m.direction === 'out';
        return (
          <Box
            as="li"
            key={m.id}
            alignSelf={out ? 'flex-end' : 'flex-start'}
            maxW="85%"
            bg={out ? 'colorPalette.solid' : 'bg.muted'}
            color={out ? 'colorPalette.contrast' : 'fg'}
            px="3"
            py="2"
            borderRadius="lg"
            data-direction={m.direction}
          >
            <Text whiteSpace="pre-wrap">{m.text}</Text>
            <Text fontSize="xs" mt="1">
              {out ? 'Sent' : 'Received'} · <time dateTime={m.sentAt}>{formatFullTime(m.sentAt)}</time>
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
