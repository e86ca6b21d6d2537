import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '../features/account/use-account.ts';
import { AccountSummary } from '../features/license/account-summary.tsx';
import { OrganizationSwitcher } from '../features/members/components/organization-switcher.tsx';
import { clearPrivateState } from '../lib/query-client.ts';
import { signOut } from '../session/session-client.ts';
import { isDemoMode, setDemoMode } from '../shell/demo-mode.ts';
import { ColorModeMenu } from './color-mode-menu.tsx';

/**
 * The account's items of the header: organisation switcher, licence and traffic, "Try demo", the
 * colour mode, the email and sign-out. In the header's row on a desktop (1200 px and wider); in a
 * column in the menu drawer of a phone or tablet (`column`).
 */
export function HeaderAccount({ column = false }: { column?: boolean }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const demo = isDemoMode();
  return (
    <Stack
      direction={column ? 'column' : 'row'}
      align={column ? 'stretch' : 'center'}
      gap="3"
      wrap={column ? 'nowrap' : 'wrap'}
      justify="flex-end"
      hideBelow={column ? undefined : 'lg'}
    >
      <OrganizationSwitcher />
      <AccountSummary />
      {!demo && (
        <Button size="xs" variant="ghost" onClick={() => setDemoMode(true)}>
          Try demo
        </Button>
      )}
      <ColorModeMenu portalled={!column} />
      <Text fontSize="sm" color="fg.muted" data-testid="user-email" truncate>
        {user.data?.email}
      </Text>
      <Button
        size="xs"
        variant="outline"
        onClick={async () => {
          const next = await signOut();
          clearPrivateState(queryClient);
          // replace: Back must not lead to the signed-in page just left.
          window.location.replace(next);
        }}
      >
        Sign out
      </Button>
    </Stack>
  );
}
