import { z } from 'zod';
import { ACTIVITY_EVENT_TYPES, type RealtimeKind, TAB_ID_PATTERN } from './constants/events.ts';
import { campaignLogSchema, campaignRunStatsSchema } from './schemas/campaign-results.ts';
import { CAMPAIGN_STATUSES } from './schemas/campaigns.ts';
import { bigIntStringSchema, idSchema, isoDateSchema } from './schemas/common.ts';
import { importIdSchema } from './schemas/leads.ts';

/**
 * The socket.io protocol between the server and the page / desktop agent (spec §3 Realtime message
 * kinds, §7 Realtime). The server pushes to the organisation's room (organizationRoom); the event
 * name is the kind itself. Use the interfaces as socket.io's type parameters:
 * `new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>()` and
 * `io<ServerToClientEvents, ClientToServerEvents>()` on the client side (`Socket<S2C, C2S>`).
 */

const count = z.number().int().nonnegative();

/**
 * What a person's change through the API can leave stale in another open tab of the organisation:
 * the board's conversations, the collections (names, counts), the leads lists, the connected
 * profiles, the campaigns and the do-not-contact list. An endpoint names its areas in the contract
 * (`changes`); the server pushes `data-changed` after a successful call.
 */
export const DATA_AREAS = ['board', 'collections', 'leads', 'profiles', 'campaigns', 'doNotContact'] as const;
export type DataArea = (typeof DATA_AREAS)[number];

/** A page tab's id as it sends it in TAB_HEADER. */
export const tabIdSchema = z.string().regex(TAB_ID_PATTERN);
const rowId = z.number().int();

/** Payload schemas per server-to-client event (the 10 REALTIME_KINDS plus leads-import-progress). */
export const realtimePayloadSchemas = {
  /** Traffic left after a grant or usage, bytes as a decimal string. */
  PROXY_TRAFFIC_UPDATE: z.object({ remainingTraffic: bigIntStringSchema }),
  LICENSE_UPDATE: z.object({ licenseTill: isoDateSchema.nullable() }),
  /** Profiles were attached to the organisation: the page refetches them and sets areProfilesGiven. */
  PROFILES_ATTACHED: z.object({ count }),
  /** The desktop agent finished handling the batch of profiles it was given (login checks). */
  'processed-finished': z.object({ handled: count }),
  /** One profile of that batch was handled. */
  'profile-handled': z.object({ profileId: rowId }),
  'campaign-start': z.object({ campaignId: rowId, profileIds: z.array(rowId) }),
  /** Today's counters of a campaign, for one profile (profileId null = all its profiles). */
  'campaign-run-update': z.object({
    campaignId: rowId,
    profileId: rowId.nullable(),
    stats: campaignRunStatsSchema,
  }),
  'campaign-status-update': z.object({ campaignId: rowId, status: z.enum(CAMPAIGN_STATUSES) }),
  'campaign-log-created': campaignLogSchema,
  /** Something the user should see now, e.g. a profile paused after a RESTRICTION (docs/design.md §4). */
  'campaign-notice': z.object({
    campaignId: rowId,
    profileId: rowId.nullable(),
    level: z.enum(['info', 'warning', 'danger']),
    type: z.enum(ACTIVITY_EVENT_TYPES),
    message: z.string(),
    createdAt: isoDateSchema,
  }),
  /** A new locator table was published (npm run admin -- publish-locators): executors fetch it. */
  'locators-updated': z.object({ network: z.string(), version: z.number().int().positive() }),
  /** Progress of POST /api/leads/import; `invalid` counts refused rows so far. */
  'leads-import-progress': z.object({
    importId: importIdSchema,
    collectionId: rowId,
    processedRows: count,
    imported: count,
    duplicates: count,
    invalid: count,
  }),
  /**
   * Work became due or settings changed for these profiles (null = every profile of the
   * organisation): an idle executor claims now instead of waiting for its next look.
   */
  'executor-wake': z.object({ profileIds: z.array(rowId).nullable(), reason: z.string() }),
  /**
   * A person changed these areas through the API: open tabs fetch them again, except the tab the
   * change came from (`origin`, its TAB_HEADER; null when the caller sent none, e.g. an API key).
   */
  'data-changed': z.object({ areas: z.array(z.enum(DATA_AREAS)).min(1), origin: tabIdSchema.nullable() }),
} as const satisfies Record<
  RealtimeKind | 'leads-import-progress' | 'executor-wake' | 'locators-updated' | 'data-changed',
  z.ZodType
>;

export type ServerEventName = keyof typeof realtimePayloadSchemas;
export const SERVER_EVENT_NAMES = Object.keys(realtimePayloadSchemas) as ServerEventName[];
export type RealtimePayload<E extends ServerEventName> = z.infer<(typeof realtimePayloadSchemas)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: RealtimePayload<E>) => void;
};

/** What the desktop agent reports about the profile batch it handles; the server relays it. */
export const clientPayloadSchemas = {
  'profile-handled': realtimePayloadSchemas['profile-handled'],
  'processed-finished': realtimePayloadSchemas['processed-finished'],
} as const;

export interface ClientToServerEvents {
  'profile-handled': (payload: RealtimePayload<'profile-handled'>) => void;
  'processed-finished': (payload: RealtimePayload<'processed-finished'>) => void;
  /** Round trip check; the server acknowledges with its clock (ISO time). */
  ping: (ack: (serverTime: string) => void) => void;
}

// biome-ignore lint/complexity/noBannedTypes: socket.io's InterServerEvents slot; none are used.
export type InterServerEvents = {};

/** Set by the server's handshake middleware once the token is checked. */
export interface SocketData {
  userId: number;
  organizationId: number;
}

/**
 * The handshake: `auth.token` (the access token; a browser page may rely on the session cookie
 * instead) and `query.organizationId` (spec §7), merged by the server as `{...query, ...auth}`.
 * The server refuses an organizationId that is not the token's.
 */
export const socketHandshakeSchema = z.object({
  token: z.string().min(1).max(1024).optional(),
  organizationId: idSchema,
});
export type SocketHandshake = z.infer<typeof socketHandshakeSchema>;

/** The room of one organisation; every push of ServerToClientEvents goes to it. */
export function organizationRoom(organizationId: number): string {
  return `org:${organizationId}`;
}
