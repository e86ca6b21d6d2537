import { contract } from '@reachly/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { PROFILES_KEY } from '../profiles-queries.ts';

/**
 * POST /api/profiles/:id/resume: a person lifts a profile's pause before its end. Every query about
 * profiles is fetched again: the profiles page and each campaign's profile states (their keys start
 * with PROFILES_KEY: the pause is the profile's, shown wherever it works); a refusal stays in the
 * confirmation dialog.
 */
export function useResumeProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => call(contract.profiles.resume, { params: { id: profileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PROFILES_KEY] }),
  });
}
