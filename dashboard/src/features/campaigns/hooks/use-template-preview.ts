import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { templatePreviewQuery } from '../campaigns-queries.ts';

/** The preview waits for the user to stop typing this long. */
const PREVIEW_DEBOUNCE_MS = 400;

/**
 * A template rendered by the server, once the typing stopped, for the first lead of the chosen
 * collection (else the sample lead): the text, the number of variants and the leads a variable
 * leaves empty, or the server's message for a bad template (unknown variable, stray brace).
 */
export function useTemplatePreview(template: string, seed: number, collectionId: number | null) {
  const debounced = useDebouncedValue(template.trim(), PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    ...templatePreviewQuery(debounced, seed, collectionId),
    enabled: debounced !== '',
  });
  return {
    isEmpty: template.trim() === '',
    // While typing, the last answer stays on screen (placeholder data).
    isPending: debounced !== '' && query.isPending,
    data: debounced === '' ? undefined : query.data,
    error: debounced === '' || !query.isError ? null : query.error,
  };
}
