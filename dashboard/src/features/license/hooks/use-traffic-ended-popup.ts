import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useOpenPopup } from '../../../state/popups.ts';
import { trafficQuery } from '../../account/account-queries.ts';
import { isTrafficExhausted, shouldOpenTrafficEnded } from '../utils/traffic.ts';

/**
 * Opens TRAFFIC_ENDED_POPUP once when the remaining traffic reaches 0 or less, from a fetch or a
 * PROXY_TRAFFIC_UPDATE push; again only after traffic was added and ran out anew.
 */
export function useTrafficEndedPopup(): void {
  const traffic = useQuery(trafficQuery());
  const openPopup = useOpenPopup();
  const wasExhausted = useRef(false);
  const exhausted = isTrafficExhausted(traffic.data);
  useEffect(() => {
    if (traffic.data === undefined) return;
    if (shouldOpenTrafficEnded(wasExhausted.current, exhausted)) openPopup('TRAFFIC_ENDED_POPUP');
    wasExhausted.current = exhausted;
  }, [traffic.data, exhausted, openPopup]);
}
