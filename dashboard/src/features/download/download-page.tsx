import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { BRAND, SHELL_QUERY_PARAMS } from '@reachly/shared/constants';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '../../route-paths.ts';
import { DownloadSection } from './download-section.tsx';
import { useDetectedPlatform } from './hooks/use-detected-platform.ts';

/** /download: public (no session), the download section on its own page. */
export default function DownloadPage() {
  const platform = useDetectedPlatform();
  // Read once: ?isAllPlatformsShown opens the other platforms at first load only (spec §2).
  const [showOthers] = useState(() =>
    new URLSearchParams(window.location.search).has(SHELL_QUERY_PARAMS.isAllPlatformsShown),
  );
  return (
    <Box as="main" minH="100vh" py="12">
      <Container maxW="3xl">
        <Stack gap="6">
          <Heading as="h1" size="2xl">
            Download {BRAND}
          </Heading>
          <Text color="fg.muted">
            The {BRAND} desktop app runs your profiles and campaigns on your computer.
          </Text>
          <DownloadSection platform={platform} initiallyShowOthers={showOthers} />
          <Link asChild color="colorPalette.fg" alignSelf="flex-start">
            <RouterLink to={ROUTES.board}>Go to the dashboard</RouterLink>
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}
