import { Box, CloseButton, Drawer, IconButton, Link, Portal, Stack } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { ROUTES } from '../route-paths.ts';
import { HeaderAccount } from './header-account.tsx';

/**
 * Every page of the menu. The account's pages (`account: true`) join the nav row only from 1200 px;
 * on a narrower tablet they are in the menu drawer, with the account's items, so the row fits.
 */
const NAV = [
  { to: ROUTES.board, label: 'Funnel board' },
  { to: ROUTES.inbox, label: 'Inbox' },
  { to: ROUTES.collections, label: 'Collections' },
  { to: ROUTES.profiles, label: 'Profiles' },
  { to: ROUTES.campaigns, label: 'Campaigns' },
  { to: ROUTES.reports, label: 'Reports' },
  { to: ROUTES.doNotContact, label: 'Do not contact' },
  { to: ROUTES.license, label: 'Licence & traffic', account: true },
  { to: ROUTES.webhooks, label: 'Webhooks' },
  { to: ROUTES.team, label: 'Team', account: true },
  { to: ROUTES.download, label: 'Download', account: true },
  { to: ROUTES.account, label: 'Account', account: true },
] as const;

/** The links of the main navigation; NavLink marks the current page with aria-current="page". */
function NavLinks({ column = false, onNavigate }: { column?: boolean; onNavigate?: () => void }) {
  return (
    <Stack
      as="ul"
      listStyleType="none"
      direction={column ? 'column' : 'row'}
      gap={column ? '1' : '0.5'}
      whiteSpace="nowrap"
    >
      {NAV.map((item) => (
        <Box as="li" key={item.to} hideBelow={!column && 'account' in item ? 'lg' : undefined}>
          <Link
            asChild
            display={column ? 'flex' : 'inline-flex'}
            px={column ? '3' : '2'}
            py={column ? '2' : '1'}
            fontSize={column ? 'md' : 'sm'}
            rounded="md"
            color="fg"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
            onClick={onNavigate}
          >
            <NavLink to={item.to}>{item.label}</NavLink>
          </Link>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The navigation row of a tablet or desktop (600 px and wider): one line that never wraps (the
 * account's pages wait for 1200 px); should the labels still outgrow the window it scrolls sideways
 * inside itself, not the page.
 */
export function NavRow() {
  return (
    <Box as="nav" aria-label="Main" hideBelow="sm" overflowX="auto" py="1" data-testid="nav-row">
      <NavLinks />
    </Box>
  );
}

/**
 * The menu of a phone or tablet (below 1200 px): a menu button that opens a drawer with every page,
 * the account's items (licence, organisation, demo, colour mode, email) and sign-out. Choosing a
 * page closes it.
 */
export function NavDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      placement="start"
      size="xs"
      lazyMount
      unmountOnExit
    >
      {/* No Drawer.Trigger: its data-scope=dialog would read as a dialog still open (e2e waitForDialogsGone). */}
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        hideFrom="lg"
        data-testid="nav-menu-button"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="nav-drawer">
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Box as="nav" aria-label="Main">
                  <NavLinks column onNavigate={close} />
                </Box>
                <HeaderAccount column />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
