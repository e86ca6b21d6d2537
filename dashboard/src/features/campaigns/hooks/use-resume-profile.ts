import { contract } from '@reachly/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { CAMPAIGNS_KEY } from '../campaigns-queries.ts';

/**
 * POST /api/profiles/:id/resume: a person lifts a profile's pause before its end. Every campaign's
 * profile states are fetched again (the pause is the profile's, shown in each campaign it works);
 * a refusal stays in the confirmation dialog.
 */
export function useResumeProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => call(contract.profiles.resume, { params: { id: profileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CAMPAIGNS_KEY, 'profiles'] }),
  });
}
