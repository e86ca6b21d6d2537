import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CampaignFunnelResponse } from '@reachly/shared/schemas';
import { useId } from 'react';
import {
  CHART_DAYS,
  FUNNEL_SERIES,
  type FunnelDay,
  type FunnelMetric,
  fillDays,
  formatPercent,
  shortDate,
} from '../../utils/funnel.ts';

const BAR = 26;
const GAP = 16;
const PLOT = 100;
const TOP = 16;
const BOTTOM = 18;
const TEXT = '#27272a';

/** One metric per day as bars with their numbers; the numbers are also the image's accessible name. */
function BarChart({
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
  const titleId = useId();
  const max = Math.max(1, ...days.map((d) => d[metric]));
  const width = Math.max(days.length * (BAR + GAP) + GAP, 160);
  const height = TOP + PLOT + BOTTOM;
  const total = days.reduce((n, d) => n + d[metric], 0);
  const description = `${label} per day: ${days.map((d) => `${d.date}: ${d[metric]}`).join(', ')}`;
  return (
    <Box as="figure" borderWidth="1px" rounded="md" p="3" data-testid={`chart-${metric}`}>
      <Text as="figcaption" fontWeight="medium" fontSize="sm" mb="2">
        {label}: {total}
      </Text>
      <svg
        role="img"
        aria-labelledby={titleId}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ maxWidth: '100%', height: 'auto' }}
      >
        <title id={titleId}>{description}</title>
        <line x1={0} x2={width} y1={TOP + PLOT} y2={TOP + PLOT} stroke="#a1a1aa" strokeWidth={1} />
        {days.map((d, i) => {
          const value = d[metric];
          const h = Math.round((value / max) * PLOT);
          const x = GAP + i * (BAR + GAP);
          return (
            <g key={d.date}>
              <rect x={x} y={TOP + PLOT - h} width={BAR} height={h} fill={color} rx={2} />
              <text
                x={x + BAR / 2}
                y={TOP + PLOT - h - 4}
                textAnchor="middle"
                fill={TEXT}
                style={{ fontSize: 11 }}
              >
                {value}
              </text>
              <text
                x={x + BAR / 2}
                y={TOP + PLOT + 13}
                textAnchor="middle"
                fill={TEXT}
                style={{ fontSize: 10 }}
              >
                {shortDate(d.date)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

function Rate({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: string;
  help: string;
  testId: string;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {help}
      </Text>
    </Box>
  );
}

/** Per-day charts of requests sent, accepted, messages and replies; the acceptance and reply rates. */
export function FunnelCharts({ funnel }: { funnel: CampaignFunnelResponse }) {
  const days = fillDays(funnel.days);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Rate
          label="Acceptance rate"
          value={formatPercent(funnel.acceptanceRate)}
          help={`${funnel.totals.accepted} of ${funnel.totals.requests} requests`}
          testId="acceptance-rate"
        />
        <Rate
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
              <BarChart key={s.metric} label={s.label} color={s.color} metric={s.metric} days={days} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
