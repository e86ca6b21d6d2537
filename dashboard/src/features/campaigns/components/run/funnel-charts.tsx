import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CampaignFunnelResponse } from '@reachly/shared/schemas';
import { DayBarChart } from '../../../../components/day-bar-chart.tsx';
import { StatTile } from '../../../../components/stat-tile.tsx';
import { formatCount } from '../../../../lib/format.ts';
import {
  CHART_DAYS,
  FUNNEL_SERIES,
  type FunnelDay,
  type FunnelMetric,
  fillDays,
  formatPercent,
} from '../../utils/funnel.ts';

/** One metric per day (the shared DayBarChart, on @chakra-ui/charts); the numbers are also the chart's accessible name. */
function MetricChart({
  label,
  color,
  metric,
  days,
}: {
  label: string;
  color: string;
  metric: FunnelMetric;
  days: readonly FunnelDay[];
}) {
  const total = days.reduce((n, d) => n + d[metric], 0);
  return (
    <DayBarChart
      title={`${label}: ${formatCount(total)}`}
      description={`${label} per day: ${days.map((d) => `${d.date}: ${d[metric]}`).join(', ')}`}
      days={days}
      series={[{ key: metric, label, color }]}
      testId={`chart-${metric}`}
      height={200}
    />
  );
}

/** Per-day charts of requests sent, accepted, messages and replies; the acceptance and reply rates. */
export function FunnelCharts({ funnel }: { funnel: CampaignFunnelResponse }) {
  const days = fillDays(funnel.days);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatTile
          label="Acceptance rate"
          value={formatPercent(funnel.acceptanceRate)}
          help={`${funnel.totals.accepted} of ${funnel.totals.requests} requests`}
          testId="acceptance-rate"
        />
        <StatTile
          label="Reply rate"
          value={formatPercent(funnel.replyRate)}
          help="of the leads messaged"
          testId="reply-rate"
        />
      </SimpleGrid>
      {days.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No activity yet: the charts fill in day by day as the campaign runs.
        </Text>
      ) : (
        <>
          <Heading as="h3" size="sm">
            Per day (UTC, the last {Math.min(days.length, CHART_DAYS)} days)
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {FUNNEL_SERIES.map((s) => (
              <MetricChart key={s.metric} label={s.label} color={s.color} metric={s.metric} days={days} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
