import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import type { ReactNode } from 'react';

/** The frame of the sign-in, sign-up and error pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="bg.subtle" px="4">
      <Box bg="bg.panel" borderWidth="1px" rounded="lg" p="8" w="full" maxW="md" shadow="sm">
        <Stack gap="6">
          <Stack gap="1">
            <Text fontWeight="bold" color="colorPalette.fg">
              {BRAND}
            </Text>
            <Heading as="h1" size="xl">
              {title}
            </Heading>
          </Stack>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
