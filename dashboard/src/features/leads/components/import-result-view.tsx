import { Alert, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import type { ImportLeadsResponse } from '@reachly/shared/schemas';
import { formatCount } from '../../../lib/format.ts';

/** The answer of an import: imported, duplicates, and the invalid lines with their reasons. */
export function ImportResultView({ result }: { result: ImportLeadsResponse }) {
  const stats = [
    { key: 'imported', label: 'Imported', value: result.imported },
    { key: 'duplicates', label: 'Duplicates', value: result.duplicates },
    { key: 'invalid', label: 'Invalid lines', value: result.invalidCount },
  ] as const;
  return (
    <Stack gap="4" data-testid="import-result">
      <Alert.Root status={result.invalidCount > 0 ? 'warning' : 'success'}>
        <Alert.Indicator />
        <Alert.Title>
          {result.invalidCount > 0 ? 'Import finished; some lines were not imported' : 'Import finished'}
        </Alert.Title>
      </Alert.Root>
      <SimpleGrid columns={3} gap="3">
        {stats.map((stat) => (
          <Stat.Root key={stat.key} borderWidth="1px" rounded="md" p="3" data-testid={`import-${stat.key}`}>
            <Stat.Label>{stat.label}</Stat.Label>
            <Stat.ValueText data-testid={`import-${stat.key}-value`}>
              {formatCount(stat.value)}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      {result.invalid.length > 0 && (
        <Table.ScrollArea
          borderWidth="1px"
          rounded="md"
          maxH="60"
          tabIndex={0}
          role="region"
          aria-label="Invalid lines"
        >
          <Table.Root size="sm" stickyHeader data-testid="invalid-lines">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Line</Table.ColumnHeader>
                <Table.ColumnHeader>Reason</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {result.invalid.map((line) => (
                <Table.Row key={line.line}>
                  <Table.Cell>{line.line}</Table.Cell>
                  <Table.Cell>{line.reason}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {result.invalidCount > result.invalid.length && (
        <Text fontSize="sm" color="fg.muted">
          The first {formatCount(result.invalid.length)} of {formatCount(result.invalidCount)} invalid lines
          are listed.
        </Text>
      )}
    </Stack>
  );
}
