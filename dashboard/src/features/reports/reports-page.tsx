import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import type { ReportResponse } from '@reachly/shared/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { DayBarChart } from '../../components/day-bar-chart.tsx';
import { ErrorState, LoadingState } from '../../components/list-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatTile } from '../../components/stat-tile.tsx';
import { call } from '../../lib/api.ts';
import { formatCount } from '../../lib/format.ts';
import { campaignsQuery, pickerProfilesQuery } from '../campaigns/campaigns-queries.ts';
import { ExportButton } from '../exports/components/export-button.tsx';
import { ReportFilters } from './components/report-filters.tsx';
import { CountsTable, FunnelMoves, MovesTable } from './components/report-tables.tsx';
import { type ReportFilters as Filters, reportQuery } from './reports-queries.ts';
import {
  browserTimeZone,
  formatRate,
  lastDays,
  type ReportRange,
  rangeProblem,
} from './utils/report-range.ts';

const REQUEST_SERIES = [
  { key: 'requestsSent', label: 'Requests sent', color: '#2563eb' },
  { key: 'accepted', label: 'Accepted', color: '#15803d' },
] as const;
const REPLY_SERIES = [
  { key: 'replies', label: 'Replies', color: '#c2410c' },
  { key: 'positiveReplies', label: 'Positive replies', color: '#7c3aed' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" minW="0">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** "2026-06-01: 4 requests sent, 2 accepted; …": a chart's numbers for its accessible name. */
function describeDays(
  report: ReportResponse,
  series: readonly { key: 'requestsSent' | 'accepted' | 'replies' | 'positiveReplies'; label: string }[],
): string {
  return report.days
    .map(
      (d) =>
        `${d.date}: ${series.map((s) => `${formatCount(d[s.key])} ${s.label.toLowerCase()}`).join(', ')}`,
    )
    .join('; ');
}

function ReportBody({ report }: { report: ReportResponse }) {
  const t = report.totals;
  const campaigns = report.campaigns.map((c) => ({
    ...c,
    key: String(c.campaignId),
    name: c.campaignId === null ? 'No campaign' : (c.name ?? `Campaign ${c.campaignId}`),
  }));
  const profiles = report.profiles.map((p) => ({
    ...p,
    key: String(p.profileId),
    name: p.profileId === null ? 'Removed profile' : p.name || `Profile ${p.profileId}`,
  }));
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="report-totals">
        <StatTile
          label="Requests sent"
          value={formatCount(t.requestsSent)}
          help="friend requests"
          testId="total-requests"
        />
        <StatTile
          label="Accepted"
          value={formatCount(t.accepted)}
          help={`${formatRate(t.acceptanceRate)} of requests`}
          testId="total-accepted"
        />
        <StatTile
          label="Replies"
          value={formatCount(t.replies)}
          help={`${formatRate(t.replyRate)} of acceptances`}
          testId="total-replies"
        />
        <StatTile
          label="Positive replies"
          value={formatCount(t.positiveReplies)}
          help={`${formatRate(t.positiveRate)} of replies`}
          testId="total-positive"
        />
      </SimpleGrid>
      <Section title="Per day">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
          <DayBarChart
            title="Requests and acceptances per day"
            description={`Requests sent and accepted per day: ${describeDays(report, REQUEST_SERIES)}`}
            days={report.days}
            series={REQUEST_SERIES}
            testId="chart-report-requests"
          />
          <DayBarChart
            title="Replies per day"
            description={`Replies and positive replies per day: ${describeDays(report, REPLY_SERIES)}`}
            days={report.days}
            series={REPLY_SERIES}
            testId="chart-report-replies"
          />
        </SimpleGrid>
      </Section>
      <Section title="Per campaign">
        <CountsTable
          caption="Counts and rates per campaign"
          nameHeader="Campaign"
          rows={campaigns}
          testId="report-campaigns"
        />
      </Section>
      <Section title="Per profile">
        <CountsTable
          caption="Counts and rates per profile"
          nameHeader="Profile"
          rows={profiles}
          testId="report-profiles"
        />
      </Section>
      <Section title="Funnel movement">
        <Text color="fg.muted" fontSize="sm">
          Every move of a card in the range, by a person or the engine: a card moved twice counts twice, and a
          new card moves into its first status.
        </Text>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3" alignItems="start">
          <FunnelMoves funnel={report.funnel} />
          <MovesTable moves={report.moves} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

/**
 * /reports (issue 20): what the organisation's campaigns did over a range of days in the browser's
 * time zone (the last 30 by default), for one campaign or profile or all: totals with rates,
 * per-day charts, per-campaign and per-profile tables, the funnel's movement, and the same report
 * as a CSV file.
 */
export default function ReportsPage() {
  // One zone and one clock reading for the default range and every request of the page.
  const [timeZone] = useState(browserTimeZone);
  const [range, setRange] = useState<ReportRange>(() => lastDays(new Date(), timeZone));
  const [campaignId, setCampaignId] = useState('');
  const [profileId, setProfileId] = useState('');
  const problem = rangeProblem(range);
  const filters: Filters = useDeferredValue({
    ...range,
    timeZone,
    campaignId: campaignId ? Number(campaignId) : undefined,
    profileId: profileId ? Number(profileId) : undefined,
  });
  const report = useQuery({ ...reportQuery(filters), enabled: problem === null });
  const campaigns = useQuery(campaignsQuery());
  const profiles = useInfiniteQuery(pickerProfilesQuery());
  const campaignOptions = (campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const profileOptions = (profiles.data?.pages ?? [])
    .flatMap((p) => p.profiles)
    .map((p) => ({ value: String(p.id), label: p.name || `Profile ${p.id}` }));
  return (
    <Stack gap="6" minW="0">
      <PageHeader
        title="Reports"
        description={`Requests, acceptances and replies of your campaigns per day, campaign and profile (days in ${timeZone}).`}
        action={
          <ExportButton
            what={`the report from ${range.from} to ${range.to}`}
            fallbackName="report.csv"
            disabled={problem !== null}
            request={(signal) => call(contract.reports.export, { query: { ...filters } }, { signal })}
          />
        }
      />
      <ReportFilters
        range={range}
        onRange={setRange}
        campaignId={campaignId}
        onCampaign={setCampaignId}
        campaigns={campaignOptions}
        profileId={profileId}
        onProfile={setProfileId}
        profiles={profileOptions}
        problem={problem}
      />
      {problem !== null ? (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="report-range-problem">
          {problem}
        </Text>
      ) : report.isPending ? (
        <LoadingState label="Loading the report…" />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}
