import { Alert, Box, Button, List, Stack, Text } from '@chakra-ui/react';
import type { DoNotContactImportResult } from '@reachly/shared/schemas';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { toastError } from '../../../components/toaster.tsx';
import { useImportEntries } from '../do-not-contact-queries.ts';

/** What one import did: added, duplicate and bad lines, each listed with its line number. */
export function ImportReport({ result, fileName }: { result: DoNotContactImportResult; fileName: string }) {
  const lines = (items: { line: number; reason: string }[], more: number) => (
    <List.Root ps="5" fontSize="sm">
      {items.map((i) => (
        <List.Item key={`${i.line}-${i.reason}`}>
          Line {i.line}: {i.reason}
        </List.Item>
      ))}
      {more > items.length && <List.Item>…and {more - items.length} more</List.Item>}
    </List.Root>
  );
  return (
    <Alert.Root status={result.badCount > 0 ? 'warning' : 'success'} data-testid="dnc-import-report">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {fileName}: {result.added} added, {result.duplicateCount} duplicate, {result.badCount} bad
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            {result.skippedTasks > 0 && (
              <Text fontSize="sm">
                {result.skippedTasks} planned task(s) of matching leads will not go out.
              </Text>
            )}
            {result.badCount > 0 && (
              <Box>
                <Text fontWeight="medium">Not added:</Text>
                {lines(result.bad, result.badCount)}
              </Box>
            )}
            {result.duplicateCount > 0 && (
              <Box>
                <Text fontWeight="medium">Duplicates:</Text>
                {lines(result.duplicates, result.duplicateCount)}
              </Box>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Import from a CSV file: a `kind,value` file or a column per kind; the report stays until the next import. */
export function ImportEntriesButton({ onResult }: { onResult: (report: ImportedFile) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const importEntries = useImportEntries();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const csv = await file.text();
    importEntries.mutate(
      { csv, note: `Imported from ${file.name}` },
      {
        onSuccess: (result) => onResult({ result, fileName: file.name }),
        onError: (error) => toastError(`Could not import ${file.name}`, error),
      },
    );
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        data-testid="dnc-import-file"
        onChange={(e) => void onFile(e.currentTarget.files?.[0])}
      />
      <Button
        size="sm"
        variant="outline"
        loading={importEntries.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden /> Import CSV
      </Button>
    </>
  );
}

export interface ImportedFile {
  result: DoNotContactImportResult;
  fileName: string;
}
