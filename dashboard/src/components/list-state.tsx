import { Box, Button, Center, EmptyState, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SupportContact } from '../features/license/components/support-contact.tsx';

export { LoadingState } from './loading-state.tsx';

/** Empty state of a list: what is missing and, optionally, the action that fills it. */
export function EmptyListState({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root data-testid="empty-state">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Error state of a list: the message, a retry button and the support contact (when configured). */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Center py="10" role="alert" data-testid="error-state">
      <Stack align="center" gap="3">
        <Text fontWeight="medium">Could not load this list</Text>
        <Text color="fg.muted">{message}</Text>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Box textAlign="center">
          <SupportContact label="If this keeps happening, contact support:" fetch={false} />
        </Box>
      </Stack>
    </Center>
  );
}
