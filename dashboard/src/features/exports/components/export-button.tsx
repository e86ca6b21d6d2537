import { Button, HStack, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { formatCount as count } from '../../../lib/format.ts';
import { type CsvExportState, useCsvExport } from '../hooks/use-csv-export.ts';
import { formatBytes } from '../utils/csv-progress.ts';

/** The progress or outcome line beside the button. */
function statusText(state: CsvExportState): string {
  switch (state.status) {
    case 'running': {
      const share =
        state.totalRows && state.totalRows > 0
          ? `${Math.min(100, Math.floor((state.rows * 100) / state.totalRows))}% · `
          : '';
      return `${share}${count(state.rows)} rows · ${formatBytes(state.bytes)}`;
    }
    case 'done':
      return `Exported ${count(state.rows)} rows (${formatBytes(state.bytes)})`;
    case 'failed':
      return `Export failed: ${state.message}`;
    default:
      return '';
  }
}

interface ExportButtonProps {
  /** What is exported, for the button's accessible name ("Export CSV of the leads"). */
  what: string;
  /** The export's call: answers the streamed file (the contract's client hands back the Response). */
  request: (signal: AbortSignal) => Promise<Response>;
  /** The file's name when the server gives none. */
  fallbackName: string;
  disabled?: boolean;
}

/** "Export CSV": downloads the file with its progress (rows, bytes, the share when known), then says how it ended. */
export function ExportButton({ what, request, fallbackName, disabled }: ExportButtonProps) {
  const { state, start } = useCsvExport(request, fallbackName);
  const running = state.status === 'running';
  const text = statusText(state);
  return (
    <HStack gap="2" minW="0">
      <Button
        size="sm"
        variant="outline"
        onClick={() => void start()}
        disabled={disabled || running}
        aria-busy={running}
        // The name starts with the visible text (axe: label-content-name-mismatch).
        aria-label={running ? undefined : `Export CSV of ${what}`}
        data-testid="export-csv"
        data-state={state.status}
      >
        <FileDown aria-hidden="true" />
        {running ? 'Exporting…' : 'Export CSV'}
      </Button>
      <Text
        fontSize="sm"
        color={state.status === 'failed' ? 'fg.error' : 'fg.muted'}
        aria-live="polite"
        data-testid="export-status"
        truncate
      >
        {text}
      </Text>
    </HStack>
  );
}
