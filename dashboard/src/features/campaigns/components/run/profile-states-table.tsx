import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { ACTION_LABELS } from '@reachly/shared/logic';
import { CAMPAIGN_ACTIONS, type CampaignProfileState } from '@reachly/shared/schemas';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { ProfilePause } from '../../../profiles/components/profile-pause.tsx';
import { LOGIN_STATUS_LABELS } from '../../../profiles/utils/labels.ts';

const loginLabel = (status: string) =>
  LOGIN_STATUS_LABELS[status as keyof typeof LOGIN_STATUS_LABELS] ?? status;

function todayText(today: CampaignProfileState['today']): string {
  const parts = CAMPAIGN_ACTIONS.flatMap((action) => {
    const n = today[action] ?? 0;
    return n > 0 ? [`${ACTION_LABELS[action]}: ${n}`] : [];
  });
  return parts.length ? parts.join(' · ') : 'Nothing yet';
}

/** The browser failed to start and has not asked for work since: nothing runs on this profile. */
function launchFailed(p: CampaignProfileState): boolean {
  if (p.launchFailedAt === null) return false;
  return p.lastSeenAt === null || Date.parse(p.lastSeenAt) < Date.parse(p.launchFailedAt);
}

/**
 * Each profile of the campaign: its login, whether a restriction paused it and until when (with
 * "Resume now", asked first, to lift the pause), whether its browser failed to start (and so
 * nothing runs), when it last asked for work, today's counts.
 */
export function ProfileStatesTable({ profiles }: { profiles: readonly CampaignProfileState[] }) {
  return (
    <DataTable
      aria-label="Profiles of the campaign"
      header={
        <>
          <Table.ColumnHeader>Profile</Table.ColumnHeader>
          <Table.ColumnHeader>Login</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
          <Table.ColumnHeader>Done today</Table.ColumnHeader>
        </>
      }
    >
      {profiles.map((p) => {
        const paused = p.pausedUntil !== null;
        const failed = launchFailed(p);
        return (
          <Table.Row
            key={p.profileId}
            data-testid="campaign-profile-row"
            data-paused={paused}
            data-launch-failed={failed}
            bg={failed ? 'red.subtle' : paused ? 'orange.subtle' : undefined}
          >
            <Table.Cell fontWeight="medium">{p.name}</Table.Cell>
            <Table.Cell>{loginLabel(p.loginStatus)}</Table.Cell>
            {/* Wraps: a pause's end, its reason and "Resume now" read in full on a phone. */}
            <Table.Cell whiteSpace="normal" minW="16rem">
              {failed ? (
                <Stack gap="0.5">
                  <Text>
                    <Badge colorPalette="red">Not running</Badge>{' '}
                    <Text as="span" fontWeight="medium" color="red.fg">
                      the browser failed to start at {formatDateTime(p.launchFailedAt as string)}
                    </Text>
                  </Text>
                  <Text fontSize="sm" color="red.fg">
                    Nothing runs on this profile until its browser starts: check the desktop app.
                  </Text>
                </Stack>
              ) : paused ? (
                <ProfilePause
                  profile={{
                    profileId: p.profileId,
                    name: p.name,
                    pausedUntil: p.pausedUntil as string,
                    pauseReason: p.pauseReason,
                  }}
                />
              ) : (
                <Stack gap="0.5">
                  <Text>
                    <Badge colorPalette="green">Active</Badge>
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {p.lastSeenAt === null
                      ? 'Its browser has not asked for work yet'
                      : `Last asked for work ${formatDateTime(p.lastSeenAt)}`}
                  </Text>
                </Stack>
              )}
            </Table.Cell>
            <Table.Cell>{todayText(p.today)}</Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
