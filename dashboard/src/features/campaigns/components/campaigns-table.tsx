import { Button, HStack, Link, Table } from '@chakra-ui/react';
import type { Campaign } from '@reachly/shared/schemas';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { campaignEditPath, campaignPath } from '../utils/paths.ts';
import { CampaignCommands } from './campaign-commands.tsx';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';

/** The campaigns, newest first, each with the commands its status allows. */
export function CampaignsTable({
  campaigns,
  collectionNames,
}: {
  campaigns: readonly Campaign[];
  collectionNames: ReadonlyMap<number, string>;
}) {
  return (
    <DataTable
      aria-label="Campaigns"
      header={
        <>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Collection</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Profiles</Table.ColumnHeader>
          <Table.ColumnHeader>Created</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </>
      }
    >
      {campaigns.map((campaign) => (
        <Table.Row key={campaign.id} data-testid="campaign-row">
          <Table.Cell fontWeight="medium">
            <Link asChild variant="underline">
              <RouterLink to={campaignPath(campaign.id)}>{campaign.name}</RouterLink>
            </Link>
          </Table.Cell>
          <Table.Cell>
            <CampaignStatusBadge status={campaign.status} />
          </Table.Cell>
          <Table.Cell>{collectionNames.get(campaign.collectionId) ?? '—'}</Table.Cell>
          <Table.Cell textAlign="end">{campaign.profileIds.length}</Table.Cell>
          <Table.Cell>{formatDate(campaign.createdAt)}</Table.Cell>
          <Table.Cell>
            <HStack gap="2" justify="end">
              <CampaignCommands campaign={campaign} size="xs" named />
              <Button asChild size="xs" variant="ghost">
                <RouterLink to={campaignEditPath(campaign.id)} aria-label={`Edit ${campaign.name}`}>
                  Edit
                </RouterLink>
              </Button>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
