import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A titled card of a settings-like page (team, account): its h2 heading, an optional muted
 * explanation, then its content, `gap` apart.
 */
export function SectionCard({
  title,
  description,
  gap = '3',
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Body gap={gap}>
        <Stack gap="1">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
