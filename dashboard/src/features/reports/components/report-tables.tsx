import { Badge, Table, Text } from '@chakra-ui/react';
import { type ConversationStatus, STATUS_BY_VALUE } from '@reachly/shared/constants';
import type { ReportCounts, ReportResponse } from '@reachly/shared/schemas';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { statusStyle } from '../../../lib/status-style.ts';
import { formatRate } from '../utils/report-range.ts';

const COLUMNS = [
  'Requests sent',
  'Accepted',
  'Acceptance rate',
  'Replies',
  'Reply rate',
  'Positive replies',
  'Positive rate',
];

function countCells(c: ReportCounts) {
  return [
    formatCount(c.requestsSent),
    formatCount(c.accepted),
    formatRate(c.acceptanceRate),
    formatCount(c.replies),
    formatRate(c.replyRate),
    formatCount(c.positiveReplies),
    formatRate(c.positiveRate),
  ].map((text, i) => (
    <Table.Cell key={COLUMNS[i]} textAlign="end" whiteSpace="nowrap">
      {text}
    </Table.Cell>
  ));
}

/**
 * A table that scrolls sideways inside its frame on a narrow screen. The frame is a named region in
 * the tab order, so that a keyboard can scroll it too (its cells hold no control to focus). Its
 * first `labels` columns head text, the rest numbers (aligned right).
 */
function ScrollTable({
  caption,
  columns,
  labels = 1,
  children,
  testId,
}: {
  caption: string;
  columns: readonly string[];
  labels?: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={caption}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) =>
              i < labels ? (
                <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
              ) : (
                <Table.ColumnHeader key={c} textAlign="end" whiteSpace="nowrap">
                  {c}
                </Table.ColumnHeader>
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One row per campaign or profile with activity in the range: its counts and rates. */
export function CountsTable({
  caption,
  nameHeader,
  rows,
  testId,
}: {
  caption: string;
  nameHeader: string;
  rows: readonly (ReportCounts & { key: string; name: string })[];
  testId: string;
}) {
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        Nothing in this range.
      </Text>
    );
  }
  return (
    <ScrollTable caption={caption} testId={testId} columns={[nameHeader, ...COLUMNS]}>
      {rows.map((r) => (
        <Table.Row key={r.key}>
          <Table.Cell fontWeight="medium">{r.name}</Table.Cell>
          {countCells(r)}
        </Table.Row>
      ))}
    </ScrollTable>
  );
}

function StatusBadge({ status }: { status: ConversationStatus | null }) {
  if (status === null) return <Text as="span">New card</Text>;
  const look = STATUS_BY_VALUE[status];
  return (
    <Badge bg="bg.panel" color="fg" borderWidth="1px" style={statusStyle(look)}>
      {look.label}
    </Badge>
  );
}

/** The funnel's movement: per status, the moves into it and out of it in the range. */
export function FunnelMoves({ funnel }: { funnel: ReportResponse['funnel'] }) {
  return (
    <ScrollTable
      caption="Moves into and out of each funnel status"
      testId="report-funnel"
      columns={['Status', 'Moved in', 'Moved out']}
    >
      {funnel.map((f) => (
        <Table.Row key={f.status}>
          <Table.Cell>
            <StatusBadge status={f.status} />
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCount(f.movedIn)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(f.movedOut)}</Table.Cell>
        </Table.Row>
      ))}
    </ScrollTable>
  );
}

/** The range's moves from → to (each day's moves added up), most first. */
export function MovesTable({ moves }: { moves: ReportResponse['moves'] }) {
  const totals = new Map<
    string,
    { from: ConversationStatus | null; to: ConversationStatus; count: number }
  >();
  for (const m of moves) {
    const key = `${m.from ?? 'new'}>${m.to}`;
    const row = totals.get(key) ?? { from: m.from, to: m.to, count: 0 };
    row.count += m.count;
    totals.set(key, row);
  }
  const rows = [...totals].sort(([, a], [, b]) => b.count - a.count);
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No card moved in this range.
      </Text>
    );
  }
  return (
    <ScrollTable
      caption="Moves from one funnel status to another"
      testId="report-moves"
      columns={['From', 'To', 'Moves']}
      labels={2}
    >
      {rows.map(([key, m]) => (
        <Table.Row key={key}>
          <Table.Cell>
            <StatusBadge status={m.from} />
          </Table.Cell>
          <Table.Cell>
            <StatusBadge status={m.to} />
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCount(m.count)}</Table.Cell>
        </Table.Row>
      ))}
    </ScrollTable>
  );
}
