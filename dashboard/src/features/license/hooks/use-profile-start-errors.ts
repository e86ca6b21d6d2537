import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { useShowProfileStartError } from '../state/profile-start-error.ts';

/** A LAUNCH_FAILED notice of a campaign (a profile could not start) opens PROFILE_START_ERROR_POPUP. */
export function useProfileStartErrors(): void {
  const show = useShowProfileStartError();
  useRealtimeEvent('campaign-notice', (notice) => {
    if (notice.type === 'LAUNCH_FAILED') show(notice.message);
  });
}
