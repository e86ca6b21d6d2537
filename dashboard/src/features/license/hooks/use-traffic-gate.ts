import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';
import { trafficQuery } from '../../account/account-queries.ts';
import { isTrafficExhausted } from '../utils/traffic.ts';

/**
 * For actions that spend proxy traffic (a profile on the product's proxies): `ensureTraffic()`
 * answers true while traffic remains; once it ran out it opens BUY_TRAFFIC_POPUP and answers false.
 */
export function useTrafficGate(): { ensureTraffic(): boolean } {
  const traffic = useQuery(trafficQuery());
  const openPopup = useOpenPopup();
  const exhausted = isTrafficExhausted(traffic.data);
  const ensureTraffic = useCallback(() => {
    if (!exhausted) return true;
    openPopup('BUY_TRAFFIC_POPUP');
    return false;
  }, [exhausted, openPopup]);
  return { ensureTraffic };
}
