import { Heading } from '@chakra-ui/react';

// Placeholder: filled in by the dashboard work in progress.
export default function BoardPage() {
  return <Heading>BoardPage</Heading>;
}
