import { BuyLicensePopup, BuyTrafficPopup } from './components/buy-popups.tsx';
import { ProfileStartErrorPopup } from './components/profile-start-error-popup.tsx';
import { TrafficEndedPopup } from './components/traffic-ended-popup.tsx';
import { useProfileStartErrors } from './hooks/use-profile-start-errors.ts';
import { useTrafficEndedPopup } from './hooks/use-traffic-ended-popup.ts';

/**
 * The four popups of spec §2, mounted once in the layout and driven by the popups state (all closed
 * at first). Traffic running out opens TRAFFIC_ENDED_POPUP; a profile that failed to start opens
 * PROFILE_START_ERROR_POPUP; the buy popups open from the licence and traffic gates.
 */
export function Popups() {
  useTrafficEndedPopup();
  useProfileStartErrors();
  return (
    <>
      <TrafficEndedPopup />
      <BuyLicensePopup />
      <BuyTrafficPopup />
      <ProfileStartErrorPopup />
    </>
  );
}
