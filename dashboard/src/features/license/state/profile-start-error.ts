import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';

/** Why the last profile could not start, shown by PROFILE_START_ERROR_POPUP. */
export const profileStartErrorAtom = atom<string | null>(null);

export function useProfileStartError(): string | null {
  return useAtomValue(profileStartErrorAtom);
}

/** Opens PROFILE_START_ERROR_POPUP with the reason a profile could not start. */
export function useShowProfileStartError(): (reason: string) => void {
  const setReason = useSetAtom(profileStartErrorAtom);
  const openPopup = useOpenPopup();
  return useCallback(
    (reason: string) => {
      setReason(reason);
      openPopup('PROFILE_START_ERROR_POPUP');
    },
    [setReason, openPopup],
  );
}
