import { Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { STEP_LABELS } from '@reachly/shared/logic';
import type { Campaign } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { ROUTES } from '../../route-paths.ts';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { ExportButton } from '../exports/components/export-button.tsx';
import {
  campaignFunnelQuery,
  campaignProfilesQuery,
  campaignQuery,
  campaignVariantsQuery,
} from './campaigns-queries.ts';
import { CampaignCommands } from './components/campaign-commands.tsx';
import { CampaignStatusBadge } from './components/campaign-status-badge.tsx';
import { CampaignLog } from './components/run/campaign-log.tsx';
import { FunnelCharts } from './components/run/funnel-charts.tsx';
import { NoticesList } from './components/run/notices-list.tsx';
import { ProfileStatesTable } from './components/run/profile-states-table.tsx';
import { VariantsTables } from './components/run/variants-table.tsx';
import { Section } from './components/section.tsx';
import { useCampaignLive } from './hooks/use-campaign-live.ts';
import { useCampaignStatusPushes } from './hooks/use-campaign-status-pushes.ts';
import { plural } from './utils/labels.ts';
import { campaignEditPath, parseCampaignId } from './utils/paths.ts';

function CampaignHeader({ campaign }: { campaign: Campaign }) {
  const collections = useQuery(collectionsQuery());
  const collection = collections.data?.find((c) => c.id === campaign.collectionId);
  return (
    <Flex gap="4" align="start" wrap="wrap">
      <Box>
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="xl">
            {campaign.name}
          </Heading>
          <Box aria-live="polite">
            <CampaignStatusBadge status={campaign.status} />
          </Box>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {collection ? `${collection.name} · ` : ''}
          {plural(campaign.profileIds.length, 'profile')} ·{' '}
          {campaign.steps.map((s) => STEP_LABELS[s.type]).join(' → ')} · {campaign.workingHours.start}–
          {campaign.workingHours.end}
        </Text>
      </Box>
      <HStack ms="auto" gap="2" wrap="wrap">
        <CampaignCommands campaign={campaign} />
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={campaignEditPath(campaign.id)}>
            <Pencil aria-hidden /> Edit
          </RouterLink>
        </Button>
      </HStack>
    </Flex>
  );
}

function CampaignRunView({ campaignId }: { campaignId: number }) {
  const campaign = useQuery(campaignQuery(campaignId));
  const profiles = useQuery(campaignProfilesQuery(campaignId));
  const funnel = useQuery(campaignFunnelQuery(campaignId));
  const variants = useQuery(campaignVariantsQuery(campaignId));
  useCampaignStatusPushes();
  const { notices } = useCampaignLive(campaignId, campaign.data?.profileIds ?? []);
  const profileNames = useMemo(
    () => new Map((profiles.data ?? []).map((p) => [p.profileId, p.name])),
    [profiles.data],
  );

  if (campaign.isPending) return <LoadingState label="Loading the campaign…" />;
  if (campaign.isError) {
    if (campaign.error instanceof ApiError && campaign.error.status === 404)
      return <EmptyListState title="Campaign not found" description="It was deleted, or it is not yours." />;
    return <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />;
  }

  return (
    <Stack gap="8">
      <CampaignHeader campaign={campaign.data} />
      <Section title="Results">
        <ExportButton
          what={`the results of ${campaign.data.name} per lead`}
          fallbackName="campaign-results.csv"
          request={(signal) =>
            call(contract.exports.campaignResults, { params: { id: campaignId } }, { signal })
          }
        />
        {funnel.isPending ? (
          <LoadingState label="Loading the results…" />
        ) : funnel.isError ? (
          <ErrorState error={funnel.error} onRetry={() => void funnel.refetch()} />
        ) : (
          <FunnelCharts funnel={funnel.data} />
        )}
      </Section>
      {variants.data && variants.data.length > 0 && (
        <Section title="A/B tests">
          <VariantsTables campaign={campaign.data} tests={variants.data} />
        </Section>
      )}
      <Section title="Profiles">
        {profiles.isPending ? (
          <LoadingState label="Loading the profiles…" />
        ) : profiles.isError ? (
          <ErrorState error={profiles.error} onRetry={() => void profiles.refetch()} />
        ) : profiles.data.length === 0 ? (
          <Text color="fg.muted">This campaign has no profiles.</Text>
        ) : (
          <ProfileStatesTable profiles={profiles.data} />
        )}
      </Section>
      <Section title="Notices">
        <NoticesList notices={notices} profileNames={profileNames} />
      </Section>
      <Section title="Activity log">
        <CampaignLog campaignId={campaignId} profileNames={profileNames} />
      </Section>
    </Stack>
  );
}

/** /campaigns/:campaignId: a campaign's run view. */
export default function CampaignRunPage() {
  const campaignId = parseCampaignId(useParams().campaignId);
  return (
    <Stack gap="2">
      <Link asChild fontSize="sm" variant="underline" alignSelf="start">
        <RouterLink to={ROUTES.campaigns}>All campaigns</RouterLink>
      </Link>
      {campaignId === null ? (
        <EmptyListState title="Campaign not found" description="The address names no campaign." />
      ) : (
        <CampaignRunView key={campaignId} campaignId={campaignId} />
      )}
    </Stack>
  );
}
