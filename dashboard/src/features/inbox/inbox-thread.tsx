import { Badge, Box, Button, Checkbox, Flex, Heading, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { skipReasonText } from '@reachly/shared/logic';
import type { InboxThread } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { OptionSelect } from '../../components/option-select.tsx';
import { formatFullTime } from '../board/utils/format-time.ts';
import { inboxThreadQuery, useRetryMessage, useSendMessage, useUpdateConversation } from './inbox-queries.ts';

const OUTBOX_LABEL = { queued: 'Queued', sending: 'Sending…', sent: 'Sent', failed: 'Failed' } as const;
const OUTBOX_PALETTE = { queued: 'gray', sending: 'blue', sent: 'green', failed: 'red' } as const;

/**
 * One conversation in the inbox: who it is, its assignee and AI toggle, its messages with the
 * replies people wrote (queued, sending, sent or failed), and the reply box. Opening it reads it.
 */
export function Thread({
  id,
  replyRef,
  members,
  onBack,
  onDone,
}: {
  id: number;
  replyRef: React.RefObject<HTMLTextAreaElement | null>;
  members: { value: number; label: string }[];
  onBack: () => void;
  onDone: (c: { id: number; done: boolean }) => void;
}) {
  const thread = useQuery(inboxThreadQuery(id));
  const update = useUpdateConversation();
  const read = useRef(false);
  // Opening an unread conversation reads it (once).
  useEffect(() => {
    if (thread.data?.unread && !read.current) {
      read.current = true;
      update.mutate({ id, body: { read: true } });
    }
  }, [thread.data?.unread, id, update]);

  if (thread.isPending) return <LoadingState label="Loading the conversation…" />;
  if (thread.isError) return <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;
  const t = thread.data;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="inbox-thread">
      <Flex gap="2" align="center" wrap="wrap" justify="space-between">
        <Flex gap="2" align="center" minW="0">
          <Button size="xs" variant="ghost" hideFrom="md" onClick={onBack}>
            ← Back
          </Button>
          <Heading size="md" truncate>
            {t.name ?? t.leadProfileUrl}
          </Heading>
        </Flex>
        <Button size="xs" variant="outline" onClick={() => onDone(t)} data-testid="inbox-done">
          {t.done ? 'Reopen' : 'Mark done'}
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
        <Badge>{t.status}</Badge>
        {t.profileName && <Text>Profile: {t.profileName}</Text>}
        {t.campaignName && <Text>Campaign: {t.campaignName}</Text>}
      </Flex>
      <Flex gap="3" wrap="wrap" align="center">
        <OptionSelect
          size="sm"
          width="auto"
          maxW="64"
          options={[{ value: '', label: 'Unassigned' }, ...members]}
          fieldProps={{
            'aria-label': 'Assigned to',
            value: t.assignedUserId ?? '',
            onChange: (e) =>
              update.mutate({
                id,
                body: { assignedUserId: e.currentTarget.value ? Number(e.currentTarget.value) : null },
              }),
          }}
        />
        <Switch.Root
          size="sm"
          checked={!t.aiPaused}
          onCheckedChange={(e) => update.mutate({ id, body: { aiPaused: !e.checked } })}
          data-testid="inbox-ai-toggle"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t.aiPaused ? 'AI replies paused' : 'AI replies on'}</Switch.Label>
        </Switch.Root>
      </Flex>
      <Messages thread={t} />
      <ReplyBox id={id} replyRef={replyRef} canSend={t.profileId !== null} />
    </Stack>
  );
}

function Messages({ thread }: { thread: InboxThread }) {
  const byMessage = new Map(thread.outbox.filter((m) => m.messageId).map((m) => [m.messageId, m]));
  const waiting = thread.outbox.filter((m) => m.status !== 'sent');
  return (
    <Stack as="ol" listStyleType="none" gap="2" maxH={{ md: '50vh' }} overflowY="auto" aria-label="Messages">
      {thread.messages.length === 0 && waiting.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No messages yet.
        </Text>
      )}
      {thread.messages.map((m) => {
        const manual = byMessage.get(m.id);
        return (
          <Bubble key={`m${m.id}`} out={m.direction === 'out'} text={m.text} at={m.sentAt}>
            {manual && (
              <Badge size="sm" colorPalette="green" data-testid="outbox-status">
                Sent
              </Badge>
            )}
          </Bubble>
        );
      })}
      {waiting.map((m) => (
        <Bubble key={`o${m.id}`} out text={m.text} at={m.createdAt} pending>
          <Badge size="sm" colorPalette={OUTBOX_PALETTE[m.status]} data-testid="outbox-status">
            {OUTBOX_LABEL[m.status]}
          </Badge>
          {m.error && (
            <Text
              fontSize="xs"
              color={m.status === 'failed' ? 'fg.error' : 'fg.muted'}
              data-testid="outbox-error"
            >
              {m.status === 'failed'
                ? `Not sent: ${skipReasonText(m.error)}`
                : `Trying again: ${skipReasonText(m.error)}`}
            </Text>
          )}
          {m.status === 'failed' && <SendAgain messageId={m.id} />}
        </Bubble>
      ))}
    </Stack>
  );
}

/** A failed reply goes again as it was written; a refusal (licence, traffic) shows beside it. */
function SendAgain({ messageId }: { messageId: number }) {
  const retry = useRetryMessage();
  return (
    <>
      <Button
        size="2xs"
        variant="outline"
        loading={retry.isPending}
        onClick={() => retry.mutate(messageId)}
        data-testid="outbox-retry"
      >
        Send again
      </Button>
      {retry.isError && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {retry.error.message}
        </Text>
      )}
    </>
  );
}

function Bubble({
  out,
  text,
  at,
  pending = false,
  children,
}: {
  out: boolean;
  text: string;
  at: string;
  pending?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Box as="li" alignSelf={out ? 'flex-end' : 'flex-start'} maxW="85%">
      <Box
        px="3"
        py="2"
        borderRadius="lg"
        bg={out ? 'blue.subtle' : 'bg.muted'}
        opacity={pending ? 0.8 : 1}
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
      >
        {text}
      </Box>
      <Flex gap="2" align="center" justify={out ? 'flex-end' : 'flex-start'} mt="0.5" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {formatFullTime(at)}
        </Text>
        {children}
      </Flex>
    </Box>
  );
}

function ReplyBox({
  id,
  replyRef,
  canSend,
}: {
  id: number;
  replyRef: React.RefObject<HTMLTextAreaElement | null>;
  canSend: boolean;
}) {
  const [text, setText] = useState('');
  const [outside, setOutside] = useState(false);
  const send = useSendMessage();
  if (!canSend) {
    return (
      <Text fontSize="sm" color="fg.muted">
        This conversation's profile was deleted: there is no browser to send a reply from.
      </Text>
    );
  }
  const submit = () => {
    if (!text.trim()) return;
    send.mutate({ id, body: { text, outsideWorkingHours: outside } }, { onSuccess: () => setText('') });
  };
  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Textarea
        ref={replyRef}
        aria-label="Reply"
        placeholder="Write a reply: this profile's browser types it (AI replies pause here)"
        data-testid="inbox-reply"
        rows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
      {send.isError && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {send.error.message}
        </Text>
      )}
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Checkbox.Root size="sm" checked={outside} onCheckedChange={(e) => setOutside(e.checked === true)}>
          <Checkbox.HiddenInput data-testid="inbox-outside-hours" />
          <Checkbox.Control />
          <Checkbox.Label>Send even outside working hours</Checkbox.Label>
        </Checkbox.Root>
        <Button
          type="submit"
          size="sm"
          loading={send.isPending}
          disabled={!text.trim()}
          data-testid="inbox-send"
        >
          Send
        </Button>
      </Flex>
    </Stack>
  );
}
