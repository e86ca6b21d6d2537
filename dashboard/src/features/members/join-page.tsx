import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { COOKIE_KEYS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { LoadingState } from '../../components/list-state.tsx';
import { call } from '../../lib/api.ts';
import { readCookie } from '../../lib/cookies.ts';
import { AUTH_PAGES } from '../../session/session-client.ts';
import { useSession } from '../../session/session-provider.tsx';
import { AuthCard } from '../auth/auth-card.tsx';
import { openOrganization } from './team-queries.ts';

/** A signed-in person: "Join <organisation>" (or open it, when a member already). */
function JoinAsUser({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: ['team', 'invitation', token] as const,
    queryFn: ({ signal }) =>
      call(contract.team.invitation, { body: { organizationToken: token } }, { signal }),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => call(contract.team.join, { body: { organizationToken: token } }),
    onSuccess: openOrganization,
  });
  if (invitation.isPending) return <LoadingState label="Reading the invitation…" />;
  if (invitation.isError) {
    return (
      <AuthCard title="This invite link does not work">
        <Text>{invitation.error.message}</Text>
        <Link asChild variant="underline">
          <RouterLink to="/board">Back to your organisation</RouterLink>
        </Link>
      </AuthCard>
    );
  }
  const { organization, alreadyMember } = invitation.data;
  return (
    <AuthCard title={`Join ${organization.name}`}>
      <Text>
        {alreadyMember
          ? `You are a member of ${organization.name} already.`
          : `You were invited to ${organization.name} on Reachly. You join as a member, with the account you are signed in with; your other organisations stay yours.`}
      </Text>
      {join.isError && <FormError message={join.error.message} testId="join-error" />}
      <Button loading={join.isPending} onClick={() => join.mutate()} data-testid="join-organization">
        {alreadyMember ? `Open ${organization.name}` : `Join ${organization.name}`}
      </Button>
    </AuthCard>
  );
}

/**
 * /join?organizationToken=…: the invite link. Signed in: join with this account. Not signed in:
 * create an account (the sign-up page takes the token) or sign in and come back here.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const token = params.get('organizationToken') ?? readCookie(COOKIE_KEYS.organizationToken);
  if (!token) {
    return (
      <AuthCard title="No invitation">
        <Text>This link names no organisation. Ask for the invite link again.</Text>
      </AuthCard>
    );
  }
  if (session.status === 'loading') return <LoadingState />;
  if (session.status === 'authenticated') return <JoinAsUser token={token} />;
  const here = `/join?organizationToken=${encodeURIComponent(token)}`;
  return (
    <AuthCard title="You are invited to Reachly">
      <Text>Create an account to join the organisation that invited you, or sign in if you have one.</Text>
      <Stack gap="2">
        <Button asChild data-testid="join-sign-up">
          <RouterLink to={`${AUTH_PAGES.signUp}?organizationToken=${encodeURIComponent(token)}`}>
            Create an account
          </RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={`${AUTH_PAGES.signIn}?callbackUrl=${encodeURIComponent(here)}`}>
            I have an account: sign in
          </RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
