import {
  Badge,
  Box,
  Button,
  Checkbox,
  chakra,
  Flex,
  Grid,
  Heading,
  Input,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import type { InboxConversation, InboxThread, InboxView } from '@reachly/shared/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { OptionSelect } from '../../components/option-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { campaignsQuery } from '../campaigns/campaigns-queries.ts';
import { teamQuery } from '../members/team-queries.ts';
import {
  INBOX_KEY,
  type InboxFilters,
  inboxListQuery,
  inboxProfilesQuery,
  inboxThreadQuery,
  useSendMessage,
  useUpdateConversation,
} from './inbox-queries.ts';

const PAGE = 30;
const PAGE_MAX = 100;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '';

/** Whether a key press is typing into a field (the inbox's keys are for the page, not the fields). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * /inbox (issue 17): every conversation of the organisation across profiles and campaigns, newest
 * activity first, with the thread beside it (on a phone: the list, then the thread) and a reply box.
 * A reply is typed by the conversation's profile browser before its campaign work; it shows queued,
 * sending, sent or failed with the reason, and pauses AI replies there until resumed.
 * Keys: j / k next and previous conversation, r reply, e mark done (read and archived out of the
 * Open view until the lead writes again).
 */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const select = useCallback(
    (id: number | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id === null) next.delete('c');
          else next.set('c', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [view, setView] = useState<InboxView>('open');
  const [status, setStatus] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [profileId, setProfileId] = useState('');
  const [unread, setUnread] = useState(false);
  const [mine, setMine] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const filters: InboxFilters = {
    view,
    ...(status ? { status: status as InboxFilters['status'] } : {}),
    ...(campaignId ? { campaignId: Number(campaignId) } : {}),
    ...(profileId ? { profileId: Number(profileId) } : {}),
    ...(unread ? { unread: true } : {}),
    ...(mine ? { assignedToMe: true } : {}),
    ...(deferred ? { search: deferred } : {}),
  };
  const list = useQuery(inboxListQuery(filters, limit));
  const campaigns = useQuery(campaignsQuery());
  const profiles = useQuery(inboxProfilesQuery());
  const team = useQuery(teamQuery());
  const conversations = list.data?.conversations ?? [];
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const update = useUpdateConversation();

  // New messages and sent replies arrive over the socket: a campaign log row (a reply came in, a
  // message went out) refreshes the inbox; `data-changed` of the board does too (live-data).
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent('campaign-log-created', () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
    }, 500);
  });

  const markDone = useCallback(
    (c: { id: number; done: boolean }) => update.mutate({ id: c.id, body: { done: !c.done } }),
    [update],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      const index = conversations.findIndex((c) => c.id === selected);
      if (event.key === 'j' || event.key === 'k') {
        const next = conversations[event.key === 'j' ? index + 1 : Math.max(0, index - 1)];
        if (next) {
          select(next.id);
          document.getElementById(`inbox-item-${next.id}`)?.scrollIntoView({ block: 'nearest' });
        }
      } else if (event.key === 'r' && selected) {
        event.preventDefault();
        replyRef.current?.focus();
      } else if (event.key === 'e' && selected) {
        const current = conversations[index];
        if (current) markDone(current);
      } else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [conversations, selected, select, markDone]);

  const statusOptions = [
    { value: '', label: 'Any status' },
    ...CONVERSATION_STATUS_VALUES.map((s) => ({ value: s, label: s })),
  ];
  const campaignOptions = [
    { value: '', label: 'Any campaign' },
    ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const profileOptions = [
    { value: '', label: 'Any profile' },
    ...(profiles.data?.profiles ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];

  return (
    <Stack gap="4">
      <PageHeader
        title="Inbox"
        description="Every conversation of your profiles and campaigns, newest first. Keys: j / k move, r reply, e mark done."
        action={
          list.data ? (
            <Badge colorPalette={list.data.unreadCount ? 'blue' : 'gray'} data-testid="inbox-unread-count">
              {list.data.unreadCount} unread
            </Badge>
          ) : undefined
        }
      />
      <Flex gap="2" wrap="wrap" align="center">
        <Input
          size="sm"
          maxW={{ base: 'full', md: '64' }}
          type="search"
          placeholder="Search names and messages"
          aria-label="Search conversations"
          data-testid="inbox-search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <OptionSelect
          size="sm"
          width="auto"
          options={[
            { value: 'open', label: 'Open' },
            { value: 'done', label: 'Done' },
            { value: 'all', label: 'All' },
          ]}
          fieldProps={{
            'aria-label': 'Show',
            value: view,
            onChange: (e) => setView(e.currentTarget.value as InboxView),
          }}
        />
        <OptionSelect
          size="sm"
          width="auto"
          options={statusOptions}
          fieldProps={{
            'aria-label': 'Funnel status',
            value: status,
            onChange: (e) => setStatus(e.currentTarget.value),
          }}
        />
        <OptionSelect
          size="sm"
          width="auto"
          maxW="48"
          options={campaignOptions}
          fieldProps={{
            'aria-label': 'Campaign',
            value: campaignId,
            onChange: (e) => setCampaignId(e.currentTarget.value),
          }}
        />
        <OptionSelect
          size="sm"
          width="auto"
          maxW="48"
          options={profileOptions}
          fieldProps={{
            'aria-label': 'Profile',
            value: profileId,
            onChange: (e) => setProfileId(e.currentTarget.value),
          }}
        />
        <Checkbox.Root size="sm" checked={unread} onCheckedChange={(e) => setUnread(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Unread</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root size="sm" checked={mine} onCheckedChange={(e) => setMine(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Assigned to me</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(260px, 360px) minmax(0, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <Box display={{ base: selected ? 'none' : 'block', md: 'block' }} minW="0">
          {list.isPending ? (
            <LoadingState label="Loading conversations…" />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : conversations.length === 0 ? (
            <EmptyListState
              title="No conversations here"
              description="Conversations start when a campaign writes to a lead or a lead writes to a profile."
            />
          ) : (
            <Stack gap="2">
              <Stack as="ul" listStyleType="none" gap="1" aria-label="Conversations" data-testid="inbox-list">
                {conversations.map((c) => (
                  <ConversationItem
                    key={c.id}
                    conversation={c}
                    active={c.id === selected}
                    onOpen={() => select(c.id)}
                  />
                ))}
              </Stack>
              {list.data.nextCursor && limit < PAGE_MAX && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setLimit(Math.min(PAGE_MAX, limit + PAGE))}
                >
                  Show more
                </Button>
              )}
            </Stack>
          )}
        </Box>
        <Box display={{ base: selected ? 'block' : 'none', md: 'block' }} minW="0">
          {selected ? (
            <Thread
              key={selected}
              id={selected}
              replyRef={replyRef}
              members={(team.data?.members ?? []).map((m) => ({
                value: m.userId,
                label: m.isYou ? `${m.email} (you)` : m.email,
              }))}
              onBack={() => select(null)}
              onDone={markDone}
            />
          ) : (
            <Box hideBelow="md">
              <EmptyListState
                title="Choose a conversation"
                description="Its messages and a reply box show here."
              />
            </Box>
          )}
        </Box>
      </Grid>
    </Stack>
  );
}

function ConversationItem({
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
            {when(c.lastMessageAt)}
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

const OUTBOX_LABEL = { queued: 'Queued', sending: 'Sending…', sent: 'Sent', failed: 'Failed' } as const;
const OUTBOX_PALETTE = { queued: 'gray', sending: 'blue', sent: 'green', failed: 'red' } as const;

function Thread({
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
            <Text fontSize="xs" color="fg.error">
              {m.error}
            </Text>
          )}
        </Bubble>
      ))}
    </Stack>
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
      <Flex gap="2" align="center" justify={out ? 'flex-end' : 'flex-start'} mt="0.5">
        <Text fontSize="xs" color="fg.muted">
          {when(at)}
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
