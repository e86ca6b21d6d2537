import { Box, Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { campaignsQuery } from './campaigns-queries.ts';
import { CampaignsTable } from './components/campaigns-table.tsx';
import { useCampaignStatusPushes } from './hooks/use-campaign-status-pushes.ts';
import { newCampaignPath } from './utils/paths.ts';

/** /campaigns: every campaign with its status, collection, profiles and date; start, pause, stop. */
export default function CampaignsListPage() {
  const campaigns = useQuery(campaignsQuery());
  const collections = useQuery(collectionsQuery());
  useCampaignStatusPushes();
  const collectionNames = useMemo(
    () => new Map((collections.data ?? []).map((c) => [c.id, c.name])),
    [collections.data],
  );

  const newButton = (
    <Button asChild size="sm">
      <RouterLink to={newCampaignPath}>
        <Plus aria-hidden /> New campaign
      </RouterLink>
    </Button>
  );

  let list: ReactNode;
  if (campaigns.isPending) list = <LoadingState label="Loading campaigns…" />;
  else if (campaigns.isError)
    list = <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  else if (campaigns.data.length === 0)
    list = (
      <EmptyListState
        title="No campaigns yet"
        description="A campaign works the leads of a collection with your profiles: friend requests, messages, replies and follow-ups."
      />
    );
  else list = <CampaignsTable campaigns={campaigns.data} collectionNames={collectionNames} />;

  return (
    <Stack gap="6">
      <PageHeader
        title="Campaigns"
        description="Build a campaign, start it, and follow it live on its page."
        action={newButton}
      />
      <Box as="section" aria-label="Campaigns list">
        {list}
      </Box>
    </Stack>
  );
}
