import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { CAMPAIGN_ACTIONS, type CampaignProfileState } from '@reachly/shared/schemas';
import { LOGIN_STATUS_LABELS } from '../../../profiles/utils/labels.ts';
import { ACTION_LABELS, formatDateTime } from '../../utils/labels.ts';

const loginLabel = (status: string) =>
  LOGIN_STATUS_LABELS[status as keyof typeof LOGIN_STATUS_LABELS] ?? status;

function todayText(today: CampaignProfileState['today']): string {
  const parts = CAMPAIGN_ACTIONS.flatMap((action) => {
    const n = today[action] ?? 0;
    return n > 0 ? [`${ACTION_LABELS[action]}: ${n}`] : [];
  });
  return parts.length ? parts.join(' · ') : 'Nothing yet';
}

/** Each profile of the campaign: its login, whether a restriction paused it and until when, today's counts. */
export function ProfileStatesTable({ profiles }: { profiles: readonly CampaignProfileState[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Profiles of the campaign">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Profile</Table.ColumnHeader>
            <Table.ColumnHeader>Login</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader>Done today</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {profiles.map((p) => {
            const paused = p.pausedUntil !== null;
            return (
              <Table.Row
                key={p.profileId}
                data-testid="campaign-profile-row"
                data-paused={paused}
                bg={paused ? 'orange.50' : undefined}
              >
                <Table.Cell fontWeight="medium">{p.name}</Table.Cell>
                <Table.Cell>{loginLabel(p.loginStatus)}</Table.Cell>
                <Table.Cell>
                  {paused ? (
                    <Stack gap="0.5">
                      <Text>
                        <Badge colorPalette="orange">Paused</Badge>{' '}
                        <Text as="span" fontWeight="medium" color="orange.900">
                          until {formatDateTime(p.pausedUntil as string)}
                        </Text>
                      </Text>
                      {p.pauseReason && (
                        <Text fontSize="sm" color="orange.900">
                          {p.pauseReason}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Badge colorPalette="green">Active</Badge>
                  )}
                </Table.Cell>
                <Table.Cell>{todayText(p.today)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
