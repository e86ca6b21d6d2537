import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../lib/format.ts';

export interface DaySeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

type DayRow<K extends string> = { date: string } & Record<K, number>;

/** "2026-06-01" → "06-01": an axis label. */
const shortDate = (date: string) => date.slice(5);

/**
 * Counts per UTC day as bars (@chakra-ui/charts on recharts): axes, a grid, a tooltip per day and a
 * legend of the series. The chart is one image to assistive technology, named by `description`
 * (every day's numbers), since its bars and tooltip answer only to a pointer.
 */
export function DayBarChart<K extends string>({
  title,
  description,
  days,
  series,
  testId,
  height = 260,
}: {
  title: string;
  description: string;
  days: readonly DayRow<K>[];
  series: readonly DaySeries<K>[];
  testId?: string;
  height?: number;
}) {
  const chart = useChart<DayRow<K>>({
    data: [...days],
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
  });
  return (
    <Box as="figure" borderWidth="1px" rounded="md" p="3" minW="0" data-testid={testId}>
      <Text as="figcaption" fontWeight="medium" fontSize="sm" mb="2">
        {title}
      </Text>
      <Box role="img" aria-label={description}>
        <Chart.Root chart={chart} aspectRatio="auto" h={`${height}px`}>
          <BarChart data={chart.data} responsive accessibilityLayer={false} margin={{ left: -12, right: 8 }}>
            <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
            <XAxis
              dataKey={chart.key('date')}
              tickFormatter={shortDate}
              tickLine={false}
              axisLine={{ stroke: chart.color('border') }}
              minTickGap={8}
            />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tickFormatter={formatCount}
              width={48}
            />
            <Tooltip
              cursor={{ fill: chart.color('bg.muted') }}
              animationDuration={0}
              content={<Chart.Tooltip formatter={(value) => formatCount(Number(value))} />}
            />
            {/* The series in the order given, not sorted by name. */}
            <Legend content={<Chart.Legend />} itemSorter={null} />
            {chart.series.map((s) => (
              <Bar
                key={String(s.name)}
                dataKey={String(s.name)}
                name={String(s.name)}
                fill={chart.color(s.color)}
                isAnimationActive={false}
                radius={2}
              />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
    </Box>
  );
}
