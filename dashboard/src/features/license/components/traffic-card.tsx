import { Button, Card, DataList, Text } from '@chakra-ui/react';
import type { Traffic } from '@reachly/shared/schemas';
import { useOpenPopup } from '../../../state/popups.ts';
import { remainingTrafficText, trafficBreakdown } from '../utils/traffic.ts';

/** Proxy traffic of spec §3 in GB with two decimals: limit, used, remaining. */
export function TrafficCard({ traffic, failed }: { traffic: Traffic | undefined; failed: boolean }) {
  const openPopup = useOpenPopup();
  const gb = traffic ? trafficBreakdown(traffic) : null;
  return (
    <Card.Root data-testid="traffic-card">
      <Card.Header>
        <Card.Title as="h2">Proxy traffic</Card.Title>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
      <Card.Footer>
        <Button onClick={() => openPopup('BUY_TRAFFIC_POPUP')}>Buy traffic</Button>
      </Card.Footer>
    </Card.Root>
  );
}
