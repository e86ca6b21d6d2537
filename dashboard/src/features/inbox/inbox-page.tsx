import { Badge, Box, Button, Checkbox, Flex, Grid, Input, Stack } from '@chakra-ui/react';
import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import type { InboxView } from '@reachly/shared/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { OptionSelect } from '../../components/option-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCoalescedInvalidation } from '../../lib/use-coalesced-invalidation.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { campaignsQuery, pickerProfilesQuery } from '../campaigns/campaigns-queries.ts';
import { teamQuery } from '../members/team-queries.ts';
import { ConversationItem } from './conversation-item.tsx';
import { INBOX_KEY, type InboxFilters, inboxListQuery, useUpdateConversation } from './inbox-queries.ts';
import { Thread } from './inbox-thread.tsx';

/** A campaign's log rows come in bursts: the inbox is fetched again at most this often for them. */
const LOG_REFRESH_MS = 500;

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
  const filters: InboxFilters = {
    view,
    ...(status ? { status: status as InboxFilters['status'] } : {}),
    ...(campaignId ? { campaignId: Number(campaignId) } : {}),
    ...(profileId ? { profileId: Number(profileId) } : {}),
    ...(unread ? { unread: true } : {}),
    ...(mine ? { assignedToMe: true } : {}),
    ...(deferred ? { search: deferred } : {}),
  };
  const list = useInfiniteQuery(inboxListQuery(filters));
  const campaigns = useQuery(campaignsQuery());
  const profiles = useInfiniteQuery(pickerProfilesQuery());
  const team = useQuery(teamQuery());
  const conversations = useMemo(
    () => (list.data?.pages ?? []).flatMap((page) => page.conversations),
    [list.data],
  );
  const unreadCount = list.data?.pages[0]?.unreadCount;
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const update = useUpdateConversation();

  // New messages and sent replies arrive over the socket: a campaign log row (a reply came in, a
  // message went out) refreshes the inbox; `data-changed` of the board does too (live-data).
  const invalidateSoon = useCoalescedInvalidation(LOG_REFRESH_MS);
  useRealtimeEvent('campaign-log-created', () => invalidateSoon(INBOX_KEY));

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
    ...(profiles.data?.pages ?? [])
      .flatMap((page) => page.profiles)
      .map((p) => ({ value: p.id, label: p.name })),
  ];

  const filterSelects = [
    {
      label: 'Show',
      value: view,
      set: (v: string) => setView(v as InboxView),
      options: [
        { value: 'open', label: 'Open' },
        { value: 'done', label: 'Done' },
        { value: 'all', label: 'All' },
      ],
    },
    { label: 'Funnel status', value: status, set: setStatus, options: statusOptions },
    { label: 'Campaign', value: campaignId, set: setCampaignId, options: campaignOptions },
    { label: 'Profile', value: profileId, set: setProfileId, options: profileOptions },
  ];

  return (
    <Stack gap="4">
      <PageHeader
        title="Inbox"
        description="Every conversation of your profiles and campaigns, newest first. Keys: j / k move, r reply, e mark done."
        action={
          unreadCount !== undefined ? (
            <Badge colorPalette={unreadCount ? 'blue' : 'gray'} data-testid="inbox-unread-count">
              {unreadCount} unread
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
        {filterSelects.map((f) => (
          <OptionSelect
            key={f.label}
            size="sm"
            width="auto"
            maxW="48"
            options={f.options}
            fieldProps={{
              'aria-label': f.label,
              value: f.value,
              onChange: (e) => f.set(e.currentTarget.value),
            }}
          />
        ))}
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
              {list.hasNextPage && (
                <Button
                  size="sm"
                  variant="outline"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                  data-testid="inbox-more"
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
