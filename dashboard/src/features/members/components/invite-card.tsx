import { Button, HStack, Input } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import type { Team } from '@reachly/shared/schemas';
import { SectionCard } from '../../../components/section-card.tsx';
import { call } from '../../../lib/api.ts';
import { inviteLink, teamQuery, useTeamChange } from '../team-queries.ts';
import { CopyButton } from './copy-button.tsx';

/** The invite link with a copy button; owners and admins can replace it (the old one stops working). */
export function InviteCard({ team, canManage }: { team: Team; canManage: boolean }) {
  const link = inviteLink(team.inviteToken);
  const renew = useTeamChange(
    teamQuery().queryKey,
    () => call(contract.team.newInviteToken),
    'New invite link: the old one no longer works.',
  );
  return (
    <SectionCard
      title="Invite people"
      description={
        <>
          Anyone with this link can join {team.organization.name} as a member: a new person creates an
          account, someone with an account joins with it.
        </>
      }
    >
      <HStack gap="2" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Input
          readOnly
          value={link}
          aria-label="Invite link"
          data-testid="invite-link"
          fontFamily="mono"
          fontSize="sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={link} label="Copy link" testId="copy-invite-link" />
        {canManage && (
          <Button size="sm" variant="ghost" loading={renew.isPending} onClick={() => renew.mutate()}>
            New link
          </Button>
        )}
      </HStack>
    </SectionCard>
  );
}
