import { POPUP_IDS, type PopupId } from '@reachly/shared/constants';
import { atom, useAtom, useSetAtom } from 'jotai';

export type PopupsState = Record<PopupId, boolean>;

/** The four popups of spec §2 as global state; all closed at first. */
export const popupsAtom = atom<PopupsState>(
  Object.fromEntries(POPUP_IDS.map((id) => [id, false])) as PopupsState,
);

export function usePopup(id: PopupId) {
  const [popups, setPopups] = useAtom(popupsAtom);
  return {
    isOpen: popups[id],
    open: () => setPopups((p) => ({ ...p, [id]: true })),
    close: () => setPopups((p) => ({ ...p, [id]: false })),
  };
}

export function useOpenPopup() {
  const setPopups = useSetAtom(popupsAtom);
  return (id: PopupId) => setPopups((p) => ({ ...p, [id]: true }));
}
