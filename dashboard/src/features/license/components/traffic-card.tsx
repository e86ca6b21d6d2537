import { DataList, Text } from '@chakra-ui/react';
import type { Traffic } from '@reachly/shared/schemas';
import { remainingTrafficText, trafficBreakdown } from '../utils/traffic.ts';
import { BuyCard } from './buy-card.tsx';

/** Proxy traffic of spec §3 in GB with two decimals: limit, used, remaining. */
export function TrafficCard({ traffic, failed }: { traffic: Traffic | undefined; failed: boolean }) {
  const gb = traffic ? trafficBreakdown(traffic) : null;
  return (
    <BuyCard title="Proxy traffic" testId="traffic-card" popup="BUY_TRAFFIC_POPUP" buyLabel="Buy traffic">
      {failed && <Text color="fg.muted">The traffic could not be read; the default is shown.</Text>}
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Limit</DataList.ItemLabel>
          <DataList.ItemValue>{gb?.limit ?? '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Used</DataList.ItemLabel>
          <DataList.ItemValue>{gb?.used ?? '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Remaining</DataList.ItemLabel>
          <DataList.ItemValue data-testid="traffic-card-remaining">
            {remainingTrafficText(traffic)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </BuyCard>
  );
}
