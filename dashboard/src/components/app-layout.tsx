import { Box, Button, Container, Flex, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { Outlet } from 'react-router';
import { useAccountRealtime, useUser } from '../features/account/use-account.ts';
import { OutdatedDesktopDialog } from '../features/desktop/outdated-desktop-dialog.tsx';
import { Popups } from '../features/license/popups.tsx';
import { useLiveData } from '../features/live/use-live-data.ts';
import { useFromBreakpoint } from '../lib/use-media-query.ts';
import { isDemoMode, setDemoMode } from '../shell/demo-mode.ts';
import { AfterFirstPaint } from './after-first-paint.tsx';
import { NavDrawer, NavRow } from './app-nav.tsx';
import { ColorModeMenu } from './color-mode-menu.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { HeaderAccount } from './header-account.tsx';

/**
 * The signed-in shell: navigation, account summary, connection state, the global dialogs. What a
 * width does not show is not rendered at it (the account's items in the header's row below 1200 px,
 * the menu button from 1200 px); the nav row a phone hides, and the dialogs, closed at first, come
 * after the first screen (AfterFirstPaint).
 */
export function AppLayout() {
  const user = useUser();
  useAccountRealtime(user.data);
  useLiveData();
  const demo = isDemoMode();
  const fromSm = useFromBreakpoint('sm');
  const fromLg = useFromBreakpoint('lg');

  return (
    <Flex direction="column" minH="100vh">
      {demo && (
        <Box
          bg="orange.subtle"
          color="orange.fg"
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
        <Container maxW="8xl" px={{ base: '3', sm: '4', md: '6' }}>
          {/* One row: brand, connection state, account items or the menu button (≤ 64 px tall). */}
          <Flex py="2" gap="3" align="center" minH="12">
            <Text fontWeight="bold" fontSize="lg" color="colorPalette.fg" flexShrink={0}>
              {BRAND}
            </Text>
            <ConnectionIndicator />
            <Box ms="auto" minW="0">
              {fromLg && <HeaderAccount />}
            </Box>
            {/* A tablet keeps the colour mode at hand; its other account items are in the menu. */}
            {fromSm && !fromLg && (
              <Box hideBelow="sm" hideFrom="lg">
                <ColorModeMenu />
              </Box>
            )}
            {!fromLg && <NavDrawer />}
          </Flex>
          {fromSm ? (
            <NavRow />
          ) : (
            <AfterFirstPaint>
              <NavRow />
            </AfterFirstPaint>
          )}
        </Container>
      </Box>
      <Container as="main" maxW="8xl" px={{ base: '3', sm: '4', md: '6' }} py="4" flex="1" minW="0">
        <Outlet />
      </Container>
      <AfterFirstPaint>
        <OutdatedDesktopDialog />
        <Popups />
      </AfterFirstPaint>
    </Flex>
  );
}
