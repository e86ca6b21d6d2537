import { Alert, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { accountQuery } from './account-queries.ts';
import { PasswordCard } from './components/password-card.tsx';
import { ProfileCard } from './components/profile-card.tsx';
import { SessionsCard } from './components/sessions-card.tsx';

/** /account: the user's name and email, their password, and the end of every session. */
export default function AccountPage() {
  const account = useQuery(accountQuery());
  const [params] = useSearchParams();
  return (
    <Stack gap="4" maxW="4xl">
      <Heading as="h1" size="xl">
        Account
      </Heading>
      {params.get('changed') === 'password' && (
        <Alert.Root status="success" data-testid="password-changed">
          <Alert.Indicator />
          <Alert.Title>Password changed. Every other session was signed out.</Alert.Title>
        </Alert.Root>
      )}
      {account.isPending ? (
        <LoadingState label="Loading your account…" />
      ) : account.isError ? (
        <ErrorState error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <>
          <ProfileCard account={account.data} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <PasswordCard email={account.data.email} />
            <SessionsCard email={account.data.email} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
