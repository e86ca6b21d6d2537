import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled part of a campaign screen (builder, run view), named by its heading for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
