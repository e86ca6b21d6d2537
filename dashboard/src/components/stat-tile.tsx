import { Box, Text } from '@chakra-ui/react';

/** One figure in a bordered tile: its label, the value large, a muted line on what it counts. */
export function StatTile({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: string;
  help: string;
  testId: string;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" minW="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {help}
      </Text>
    </Box>
  );
}
