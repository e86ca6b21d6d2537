import { CAMPAIGN_NOTICE_TYPES } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { type Campaign, type CreateCampaignBody, PROFILES_PAGE_MAX } from '@reachly/shared/schemas';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { PROFILES_KEY } from '../profiles/profiles-queries.ts';
import type { CampaignCommand } from './utils/commands.ts';

/** Notices kept on screen, newest first. */
export const NOTICES_MAX = 50;

/** Every campaign query starts with this key. */
export const CAMPAIGNS_KEY = 'campaigns';
export const campaignsListKey = [CAMPAIGNS_KEY, 'list'] as const;
export const campaignKey = (id: number) => [CAMPAIGNS_KEY, 'detail', id] as const;
export const campaignLogsKey = (id: number) => [CAMPAIGNS_KEY, 'logs', id] as const;
const campaignNoticesKey = (id: number) => [CAMPAIGNS_KEY, 'notices', id] as const;
export const campaignFunnelKey = (id: number) => [CAMPAIGNS_KEY, 'funnel', id] as const;
/** Under PROFILES_KEY: a profile's pause lifted, or the profiles changed, refreshes it too. */
export const campaignProfilesKey = (id: number) => [PROFILES_KEY, 'campaign', id] as const;
export const campaignVariantsKey = (id: number) => [CAMPAIGNS_KEY, 'variants', id] as const;

/** GET /api/campaigns: the organisation's campaigns, newest first. */
export const campaignsQuery = () =>
  queryOptions({
    queryKey: campaignsListKey,
    queryFn: ({ signal }) => call(contract.campaigns.list, {}, { signal }),
  });

/** GET /api/campaigns/:id. */
export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => call(contract.campaigns.get, { params: { id } }, { signal }),
  });

/** GET /api/campaigns/:id/logs?lastId&limit: newest first, keyset on id ("Load more" passes the last id shown). */
export const campaignLogsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: campaignLogsKey(id),
    queryFn: ({ signal, pageParam }) =>
      call(contract.campaigns.logs, { params: { id }, query: { lastId: pageParam, limit: 50 } }, { signal }),
    initialPageParam: -1,
    getNextPageParam: (last) => (last.hasMore ? last.logs.at(-1)?.id : undefined),
    // Pushed rows keep it fresh; a refetch would page through everything again.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The latest notices of the campaign as its log keeps them (GET /api/campaigns/:id/logs?types=…),
 * so a run view opened after a restriction still shows it; pushes add newer ones on top.
 */
export const campaignNoticesQuery = (id: number) =>
  queryOptions({
    queryKey: campaignNoticesKey(id),
    queryFn: ({ signal }) =>
      call(
        contract.campaigns.logs,
        { params: { id }, query: { types: CAMPAIGN_NOTICE_TYPES.join(','), limit: NOTICES_MAX } },
        { signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/campaigns/:id/funnel: per UTC day requests, acceptances, messages, replies; the rates. */
export const campaignFunnelQuery = (id: number) =>
  queryOptions({
    queryKey: campaignFunnelKey(id),
    queryFn: ({ signal }) => call(contract.campaigns.funnel, { params: { id } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/campaigns/:id/variants: each message step's A/B versions with their sends and replies. */
export const campaignVariantsQuery = (id: number) =>
  queryOptions({
    queryKey: campaignVariantsKey(id),
    queryFn: ({ signal }) => call(contract.campaigns.variants, { params: { id } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/campaigns/:id/profiles: each profile's pause and today's counts. */
export const campaignProfilesQuery = (id: number) =>
  queryOptions({
    queryKey: campaignProfilesKey(id),
    queryFn: ({ signal }) => call(contract.campaigns.profiles, { params: { id } }, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The builder's profile choices: every profile, 100 a page (the most a campaign takes). The key
 * starts with PROFILES_KEY so PROFILES_ATTACHED refreshes it.
 */
export const pickerProfilesQuery = () =>
  infiniteQueryOptions({
    queryKey: [PROFILES_KEY, 'campaign-picker'] as const,
    queryFn: ({ signal, pageParam }) =>
      call(contract.profiles.list, { query: { page: pageParam, limit: PROFILES_PAGE_MAX } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

/** A sample lead for template previews. */
export const PREVIEW_LEAD = { name: 'Alex Morgan', firstName: 'Alex', lastName: 'Morgan' } as const;

/**
 * POST /api/campaigns/preview-template: for the first lead of the chosen collection (its imported
 * columns as variables, and how many leads each variable leaves empty), or for the sample lead
 * before a collection is chosen; the seed picks the spintax choices.
 */
export const templatePreviewQuery = (template: string, seed: number, collectionId: number | null) =>
  queryOptions({
    queryKey: [CAMPAIGNS_KEY, 'preview', template, seed, collectionId] as const,
    queryFn: ({ signal }) =>
      call(
        contract.campaigns.previewTemplate,
        { body: { template, lead: PREVIEW_LEAD, seed, ...(collectionId ? { collectionId } : {}) } },
        { signal },
      ),
    // A collection's leads change (an import): its counts are asked again after a while.
    staleTime: collectionId ? 30_000 : Number.POSITIVE_INFINITY,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** POST /api/campaigns (a draft) or PATCH /api/campaigns/:id with every field. */
export function saveCampaign(id: number | null, body: CreateCampaignBody): Promise<Campaign> {
  return id === null
    ? call(contract.campaigns.create, { body })
    : call(contract.campaigns.update, { params: { id }, body });
}

/** POST /api/campaigns/:id/start|pause|stop. */
export function runCampaignCommand(id: number, command: CampaignCommand): Promise<Campaign> {
  return call(contract.campaigns[command], { params: { id } });
}

/** Puts a campaign the server answered into the detail and list caches. */
export function storeCampaign(queryClient: QueryClient, campaign: Campaign): void {
  queryClient.setQueryData(campaignKey(campaign.id), campaign);
  queryClient.setQueryData<Campaign[]>(campaignsListKey, (list) => {
    if (!list) return list;
    return list.some((c) => c.id === campaign.id)
      ? list.map((c) => (c.id === campaign.id ? campaign : c))
      : [campaign, ...list];
  });
}
