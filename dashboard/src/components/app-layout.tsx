import { Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { useAccountRealtime, useUser } from '../features/account/use-account.ts';
import { OutdatedDesktopDialog } from '../features/desktop/outdated-desktop-dialog.tsx';
import { AccountSummary } from '../features/license/account-summary.tsx';
import { Popups } from '../features/license/popups.tsx';
import { clearPrivateState } from '../lib/query-client.ts';
import { ROUTES } from '../route-paths.ts';
import { signOut } from '../session/session-client.ts';
import { isDemoMode, setDemoMode } from '../shell/demo-mode.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';

const NAV = [
  { to: ROUTES.board, label: 'Funnel board' },
  { to: ROUTES.collections, label: 'Collections' },
  { to: ROUTES.profiles, label: 'Profiles' },
  { to: ROUTES.campaigns, label: 'Campaigns' },
  { to: ROUTES.license, label: 'Licence & traffic' },
  { to: ROUTES.download, label: 'Download' },
] as const;

/** The signed-in shell: navigation, account summary, connection state, the global dialogs. */
export function AppLayout() {
  const user = useUser();
  const queryClient = useQueryClient();
  useAccountRealtime(user.data);
  const demo = isDemoMode();

  return (
    <Flex direction="column" minH="100vh">
      {demo && (
        <Box
          bg="orange.100"
          color="orange.900"
          px="4"
          py="1"
          textAlign="center"
          fontSize="sm"
          data-testid="demo-banner"
        >
          Demo mode: sample data only, nothing you do here touches your account.{' '}
          <Button size="2xs" variant="outline" onClick={() => setDemoMode(false)}>
            Leave demo
          </Button>
        </Box>
      )}
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="8xl">
          <Flex py="2" gap="4" align="center" wrap="wrap">
            <Text fontWeight="bold" fontSize="lg" color="colorPalette.fg">
              {BRAND}
            </Text>
            <Box as="nav" aria-label="Main">
              <HStack as="ul" listStyleType="none" gap="1" wrap="wrap">
                {NAV.map((item) => (
                  <li key={item.to}>
                    <Link
                      asChild
                      px="2"
                      py="1"
                      rounded="md"
                      _currentPage={{ bg: 'colorPalette.subtle', fontWeight: 'semibold' }}
                    >
                      <NavLink to={item.to}>{item.label}</NavLink>
                    </Link>
                  </li>
                ))}
              </HStack>
            </Box>
            <HStack ms="auto" gap="3" wrap="wrap">
              <AccountSummary />
              <ConnectionIndicator />
              {!demo && (
                <Button size="xs" variant="ghost" onClick={() => setDemoMode(true)}>
                  Try demo
                </Button>
              )}
              <Text fontSize="sm" color="fg.muted" data-testid="user-email">
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
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="8xl" py="4" flex="1">
        <Outlet />
      </Container>
      <OutdatedDesktopDialog />
      <Popups />
    </Flex>
  );
}
