import type { ActivityEventType } from '@reachly/shared/constants';
import type { DataArea } from '@reachly/shared/realtime';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { TAB_ID } from '../../lib/api.ts';
import { useCoalescedInvalidation } from '../../lib/use-coalesced-invalidation.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { MOVE_MUTATION_KEY } from '../board/hooks/use-move-conversation.ts';
import { CAMPAIGNS_KEY } from '../campaigns/campaigns-queries.ts';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { DO_NOT_CONTACT_KEY } from '../do-not-contact/do-not-contact-queries.ts';
import { ALL_LEADS_KEY } from '../leads/leads-queries.ts';
import { PROFILES_KEY } from '../profiles/profiles-queries.ts';

/** The queries each area of a `data-changed` push leaves stale. */
const AREA_QUERIES: Record<DataArea, QueryKey> = {
  // The board and the conversation drawer.
  board: ['conversations'],
  collections: collectionsQuery().queryKey,
  leads: ALL_LEADS_KEY,
  // The profiles page and every profile picker (their keys start with it).
  profiles: [PROFILES_KEY],
  // The campaigns list, a campaign's builder and its run view.
  campaigns: [CAMPAIGNS_KEY],
  doNotContact: DO_NOT_CONTACT_KEY,
};

/**
 * The campaigns' own work that changes the leads lists and the collections' counts: collected
 * profiles become leads, a sent request or message marks its lead (and counts in its collection).
 */
const LEAD_WORK: ReadonlySet<ActivityEventType> = new Set([
  'COLLECTING_FINISHED',
  'SENT_FRIEND_REQUEST',
  'SENT_WELCOME_MESSAGE',
  'SENT_FOLLOW_UP',
  'SENT_CALL_TO_ACTION',
  'SENT_AI_REPLY',
]);
/** The network's signals that pause a profile: the profiles page shows the pause (issue 14). */
const PROFILE_PAUSES: ReadonlySet<ActivityEventType> = new Set(['RESTRICTION', 'DANGER']);
/** A running campaign logs in bursts: the lists are fetched at most this often for its work. */
export const LEAD_WORK_REFRESH_MS = 2000;

/**
 * Keeps every open tab of the organisation current while people work (issue 19): another person's
 * card move, change of a collection, lead, profile, campaign or do-not-contact entry (the server's
 * `data-changed`) refetches what it touched.
 * This tab's own changes come back as an echo and are skipped (it already shows them). The board is
 * left alone while this tab is moving a card: the move's own settle fetches the board again.
 * A running campaign's own work on leads (collected, requested, messaged) refreshes the leads lists
 * and the collections' counts, at most every LEAD_WORK_REFRESH_MS; a profile it paused after the
 * network's signal refreshes the profiles (their pauses).
 */
export function useLiveData(): void {
  const queryClient = useQueryClient();
  const invalidateSoon = useCoalescedInvalidation(LEAD_WORK_REFRESH_MS);
  // The engine's changes come as log rows, not as data-changed (no person made them).
  useRealtimeEvent('campaign-log-created', (log) => {
    if (LEAD_WORK.has(log.type)) invalidateSoon(AREA_QUERIES.leads, AREA_QUERIES.collections);
    if (PROFILE_PAUSES.has(log.type)) invalidateSoon(AREA_QUERIES.profiles);
  });
  useRealtimeEvent('data-changed', ({ areas, origin }) => {
    if (origin === TAB_ID) return;
    for (const area of areas) {
      if (area === 'board' && queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) > 0) continue;
      void queryClient.invalidateQueries({ queryKey: AREA_QUERIES[area] });
    }
  });
}
