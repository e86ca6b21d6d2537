import { contract } from '@reachly/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** GET /api/downloads: the platforms whose installer the server has published. */
export function usePublishedDownloads() {
  return useQuery({
    queryKey: ['downloads'] as const,
    queryFn: ({ signal }) => call(contract.public.downloads, {}, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}
