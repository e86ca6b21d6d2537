import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { canChangeMember, ROLES, type Role } from '@reachly/shared/logic';
import type { Team, TeamMember } from '@reachly/shared/schemas';
import { useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { call } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { teamQuery, useTeamChange } from '../team-queries.ts';

const ROLE_LABEL: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

function MemberRow({ member, myRole }: { member: TeamMember; myRole: Role }) {
  const [confirming, setConfirming] = useState(false);
  const changeRole = useTeamChange(
    teamQuery().queryKey,
    (role: Role) => call(contract.team.changeRole, { params: { id: member.userId }, body: { role } }),
    `${member.email}'s role changed.`,
  );
  const remove = useTeamChange(
    teamQuery().queryKey,
    () => call(contract.team.removeMember, { params: { id: member.userId } }),
    `${member.email} was removed.`,
  );
  const roles = ROLES.filter((role) => role === member.role || canChangeMember(myRole, member.role, role));
  const canRemove = !member.isYou && canChangeMember(myRole, member.role, null);
  return (
    <Flex
      data-testid="member-row"
      data-email={member.email}
      py="3"
      gap="3"
      borderBottomWidth="1px"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
    >
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {member.email}
          {member.isYou && (
            <Badge ms="2" variant="subtle">
              you
            </Badge>
          )}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Joined {new Date(member.joinedAt).toLocaleDateString()}
        </Text>
      </Stack>
      <HStack gap="2">
        {roles.length > 1 ? (
          <OptionSelect
            size="sm"
            width="32"
            disabled={changeRole.isPending}
            options={roles.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
            fieldProps={{
              'aria-label': `Role of ${member.email}`,
              'data-testid': 'member-role',
              value: member.role,
              onChange: (e) => changeRole.mutate(e.currentTarget.value as Role),
            }}
          />
        ) : (
          <Badge data-testid="member-role-badge" colorPalette={member.role === 'owner' ? 'purple' : 'gray'}>
            {ROLE_LABEL[member.role]}
          </Badge>
        )}
        {canRemove && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            Remove
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Remove ${member.email}?`}
        confirmLabel="Remove member"
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        pending={remove.isPending}
        error={null}
        testId="remove-member-dialog"
      >
        <Text>
          They lose access to this organisation at once: their open pages, the desktop app and the API keys
          they made stop working here.
        </Text>
      </ConfirmDialog>
    </Flex>
  );
}

/** The organisation's members with their roles; owners and admins change roles and remove members. */
export function MembersList({ team }: { team: Team }) {
  return (
    <SectionCard title={`Members (${team.members.length})`} gap="1">
      <Stack gap="0" data-testid="members-list">
        {team.members.map((member) => (
          <MemberRow key={member.userId} member={member} myRole={team.role} />
        ))}
      </Stack>
    </SectionCard>
  );
}
