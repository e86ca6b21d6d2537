import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The head of a list page: its title, what the page is for, and its main action on the right. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Box>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Box>
      <Box ms="auto">{action}</Box>
    </Flex>
  );
}
