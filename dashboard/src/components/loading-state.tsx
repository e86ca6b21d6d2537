import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/**
 * Loading state of a list or screen. A module of its own (list-state.tsx re-exports it): the app's
 * Suspense fallback needs it on every page, the sign-in page included, and list-state.tsx's error
 * state brings the support contact, the plans query and with it the whole API contract's schemas.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="10" role="status" aria-live="polite" data-testid="loading-state">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="colorPalette.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
