import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { ROUTES } from '../../route-paths.ts';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { campaignQuery } from './campaigns-queries.ts';
import { CampaignForm } from './components/builder/campaign-form.tsx';
import { campaignToForm, emptyCampaignForm } from './utils/campaign-form-values.ts';
import { campaignPath, parseCampaignId } from './utils/paths.ts';

/** /campaigns/new and /campaigns/:campaignId/edit: the campaign builder. */
export default function CampaignBuilderPage() {
  const params = useParams();
  const editing = params.campaignId !== undefined;
  const campaignId = parseCampaignId(params.campaignId);
  const navigate = useNavigate();
  const collections = useQuery(collectionsQuery());
  const campaign = useQuery({ ...campaignQuery(campaignId ?? 0), enabled: campaignId !== null });
  const defaultValues = useMemo(
    () => (campaign.data ? campaignToForm(campaign.data) : emptyCampaignForm()),
    [campaign.data],
  );

  let content: ReactNode;
  if (editing && campaignId === null) {
    content = <EmptyListState title="No such campaign" description="The address names no campaign." />;
  } else if (collections.isError || campaign.isError) {
    const error = collections.error ?? campaign.error;
    content = (
      <ErrorState
        error={error}
        onRetry={() => {
          void collections.refetch();
          if (campaignId !== null) void campaign.refetch();
        }}
      />
    );
  } else if (collections.isPending || (campaignId !== null && campaign.isPending)) {
    content = <LoadingState label="Loading the campaign…" />;
  } else {
    content = (
      <CampaignForm
        // A fresh form per campaign: its stored values are the form's defaults.
        key={campaignId ?? 'new'}
        campaignId={campaignId}
        defaultValues={defaultValues}
        collections={collections.data}
        cancelTo={campaignId === null ? ROUTES.campaigns : campaignPath(campaignId)}
        onSaved={(saved) => navigate(campaignPath(saved.id))}
      />
    );
  }

  return (
    <Stack gap="6">
      <Box>
        <Link asChild fontSize="sm" variant="underline">
          <RouterLink to={ROUTES.campaigns}>All campaigns</RouterLink>
        </Link>
        <Heading as="h1" size="xl">
          {campaignId === null ? 'New campaign' : `Edit ${campaign.data?.name ?? 'campaign'}`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {campaignId === null
            ? 'Saved as a draft: start it from its page.'
            : 'Changes reach the tasks not done yet.'}
        </Text>
      </Box>
      {content}
    </Stack>
  );
}
