import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { can, PERMISSIONS, type Permission, ROLES, type Role } from '@reachly/shared/logic';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { ApiKeysSection } from './components/api-keys-section.tsx';
import { InviteCard } from './components/invite-card.tsx';
import { MembersList } from './components/members-list.tsx';
import { teamQuery } from './team-queries.ts';

const ROLE_PHRASE: Record<Role, string> = { owner: 'an owner', admin: 'an admin', member: 'a member' };

/** What each role may do, from the one table (shared/src/logic/roles.ts). */
function RolesTable() {
  return (
    <SectionCard
      title="Roles"
      gap="2"
      description="Every member works collections, leads, campaigns, profiles and conversations. These need more:"
    >
      <Table.ScrollArea tabIndex={0} role="region" aria-label="What each role may do">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Action</Table.ColumnHeader>
              {ROLES.map((role) => (
                <Table.ColumnHeader key={role} textTransform="capitalize" textAlign="center">
                  {role}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(Object.keys(PERMISSIONS) as Permission[]).map((permission) => (
              <Table.Row key={permission}>
                <Table.Cell whiteSpace="normal" minW="40">
                  {PERMISSIONS[permission].label}
                </Table.Cell>
                {ROLES.map((role) => (
                  <Table.Cell key={role} textAlign="center">
                    {can(role, permission) ? '✓' : '—'}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </SectionCard>
  );
}

/** /team: the invite link, the members and their roles, the API keys (owners and admins). */
export default function MembersPage() {
  const team = useQuery(teamQuery());
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Team
        </Heading>
        <Text color="fg.muted">
          {team.data
            ? `${team.data.organization.name} · you are ${ROLE_PHRASE[team.data.role]}`
            : 'Who works in this organisation and what each may do.'}
        </Text>
      </Stack>
      {team.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : team.isError ? (
        <ErrorState error={team.error} onRetry={() => void team.refetch()} />
      ) : (
        <>
          <InviteCard team={team.data} canManage={can(team.data.role, 'manageMembers')} />
          <MembersList team={team.data} />
          {can(team.data.role, 'manageApiKeys') && <ApiKeysSection />}
          <RolesTable />
        </>
      )}
    </Stack>
  );
}
