import { Badge, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { Cookie, Pencil, Trash2 } from 'lucide-react';
import { DataTable } from '../../../components/data-table.tsx';
import {
  LOGIN_STATUS_LABELS,
  PROXY_SOURCE_LABELS,
  PROXY_TYPE_LABELS,
  SAVED_PASSWORD_MASK,
} from '../utils/labels.ts';
import { ProfilePause } from './profile-pause.tsx';

const NONE = '—';

/** What a row's action buttons do. */
export interface ProfileRowActions {
  onEdit: (profile: Profile) => void;
  onImportCookies: (profile: Profile) => void;
  onDelete: (profile: Profile) => void;
}

function ProfileRow({
  profile,
  onEdit,
  onImportCookies,
  onDelete,
}: { profile: Profile } & ProfileRowActions) {
  return (
    <Table.Row
      data-testid="profile-row"
      data-paused={profile.pausedUntil !== null}
      bg={profile.pausedUntil ? 'orange.subtle' : undefined}
    >
      <Table.Cell fontWeight="medium">{profile.name}</Table.Cell>
      <Table.Cell>{LOGIN_STATUS_LABELS[profile.loginStatus]}</Table.Cell>
      <Table.Cell>
        {PROXY_SOURCE_LABELS[profile.proxySource]}
        {profile.proxyType && (
          <Text as="span" color="fg.muted">
            {' '}
            ({PROXY_TYPE_LABELS[profile.proxyType]})
          </Text>
        )}
      </Table.Cell>
      <Table.Cell wordBreak="break-all">{profile.HTTPProxyAddress ?? NONE}</Table.Cell>
      <Table.Cell>{profile.proxyLogin ?? NONE}</Table.Cell>
      <Table.Cell data-testid="profile-password">
        {profile.hasProxyPassword ? SAVED_PASSWORD_MASK : NONE}
      </Table.Cell>
      <Table.Cell>{profile.proxyTimezone ?? NONE}</Table.Cell>
      {/* Wraps: a pause's end, its reason and "Resume now" read in full on a phone. */}
      <Table.Cell
        whiteSpace={profile.pausedUntil ? 'normal' : undefined}
        minW={profile.pausedUntil ? '16rem' : undefined}
      >
        {profile.pausedUntil ? (
          <ProfilePause
            profile={{
              profileId: profile.id,
              name: profile.name,
              pausedUntil: profile.pausedUntil,
              pauseReason: profile.pauseReason,
            }}
          />
        ) : (
          <Badge colorPalette={profile.isReady ? 'green' : 'orange'}>
            {profile.isReady ? 'Ready' : 'Not ready'}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justify="end">
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Edit ${profile.name}`}
            onClick={() => onEdit(profile)}
          >
            <Pencil />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Import cookies for ${profile.name}`}
            onClick={() => onImportCookies(profile)}
          >
            <Cookie />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Delete ${profile.name}`}
            onClick={() => onDelete(profile)}
          >
            <Trash2 />
          </IconButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * One page of profiles; the password shows only as saved or not (spec: never in clear). A profile
 * the network's restriction paused shows until when and why, with "Resume now" (ProfilePause).
 */
export function ProfilesTable({
  profiles,
  ...actions
}: { profiles: readonly Profile[] } & ProfileRowActions) {
  return (
    <DataTable
      aria-label="Profiles"
      header={
        <>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Login status</Table.ColumnHeader>
          <Table.ColumnHeader>Proxy</Table.ColumnHeader>
          <Table.ColumnHeader>Proxy address</Table.ColumnHeader>
          <Table.ColumnHeader>Proxy login</Table.ColumnHeader>
          <Table.ColumnHeader>Password</Table.ColumnHeader>
          <Table.ColumnHeader>Timezone</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </>
      }
    >
      {profiles.map((profile) => (
        <ProfileRow key={profile.id} profile={profile} {...actions} />
      ))}
    </DataTable>
  );
}
