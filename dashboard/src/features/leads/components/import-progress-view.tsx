import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { formatCount } from '../../../lib/format.ts';
import type { ServerImportProgress } from '../utils/import-progress.ts';

export interface ImportProgressViewProps {
  uploadPercent: number;
  server: ServerImportProgress | null;
}

/** A running import: the upload's percentage, then what the server has read so far. */
export function ImportProgressView({ uploadPercent, server }: ImportProgressViewProps) {
  const uploaded = uploadPercent >= 100;
  return (
    <Stack gap="4" data-testid="import-progress">
      <Progress.Root value={uploadPercent} max={100} striped={!uploaded} animated={!uploaded}>
        <HStack justify="space-between" mb="1">
          <Progress.Label>{uploaded ? 'File uploaded' : 'Uploading the file'}</Progress.Label>
          <Progress.ValueText data-testid="upload-percent">{uploadPercent}%</Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text role="status" aria-live="polite" data-testid="server-progress">
        {server
          ? `Read ${formatCount(server.processedRows)} rows: ${formatCount(server.imported)} imported, ${formatCount(server.duplicates)} duplicates, ${formatCount(server.invalid)} invalid.`
          : uploaded
            ? 'Importing the leads…'
            : 'The server imports the rows as they arrive.'}
      </Text>
    </Stack>
  );
}
