import { useCallback } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';
import { useLicense } from '../../account/use-account.ts';

/**
 * For actions the licence gates (spec §6): `ensureLicensed()` answers true with a valid licence;
 * otherwise it opens BUY_LICENSE_POPUP and answers false. While the licence is still loading it
 * answers false without a popup.
 */
export function useLicenseGate(): { ensureLicensed(): boolean } {
  const { isValid, isLoading } = useLicense();
  const openPopup = useOpenPopup();
  const ensureLicensed = useCallback(() => {
    if (isValid) return true;
    if (!isLoading) openPopup('BUY_LICENSE_POPUP');
    return false;
  }, [isValid, isLoading, openPopup]);
  return { ensureLicensed };
}
