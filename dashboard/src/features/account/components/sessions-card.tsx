import { Button, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card.tsx';
import { toastError } from '../../../components/toaster.tsx';
import { call } from '../../../lib/api.ts';
import { clearPrivateState } from '../../../lib/query-client.ts';
import { signInWithNotice } from '../account-notices.ts';

/** "Sign out of every session": every browser, the desktop app and the access token, this browser too. */
export function SessionsCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => call(contract.user.endSessions, {}),
    onSuccess: () => {
      clearPrivateState(queryClient);
      // replace: Back must not lead to the signed-in page just left.
      window.location.replace(signInWithNotice('signed-out-everywhere', email));
    },
    onError: (error) => toastError('Could not sign out everywhere', error),
  });
  return (
    <SectionCard title="Sessions" gap="4">
      <Text fontSize="sm">
        Lost a laptop, or signed in on a shared computer? End every session at once: every browser, the
        desktop app and this page sign in again.
      </Text>
      <Button
        alignSelf="start"
        variant="outline"
        colorPalette="red"
        loading={end.isPending}
        onClick={() => end.mutate()}
      >
        Sign out of every session
      </Button>
    </SectionCard>
  );
}
