import { Heading } from '@chakra-ui/react';

// Placeholder: filled in by the dashboard work in progress.
export default function DownloadPage() {
  return <Heading>DownloadPage</Heading>;
}
