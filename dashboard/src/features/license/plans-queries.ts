import { contract } from '@reachly/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/**
 * GET /api/plans: the server's plans, prices and traffic packages with their checkout links (the
 * signed-in buyer filled in), and the support contact. Configuration: it changes with a restart.
 */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'] as const,
    queryFn: ({ signal }) => call(contract.public.plans, {}, { signal }),
    staleTime: 10 * 60_000,
  });
