import { Button, Checkbox, HStack, Link, Table, Text } from '@chakra-ui/react';
import type { Lead } from '@reachly/shared/schemas';
import { ExternalLink } from 'lucide-react';
import { DataTable } from '../../../components/data-table.tsx';
import { DoNotContactButton } from '../../do-not-contact/components/do-not-contact-button.tsx';

/** A lead's name as the list shows it: its name, else first and last name, else nothing. */
function leadName(lead: Lead): string | null {
  return lead.name ?? ([lead.firstName, lead.lastName].filter(Boolean).join(' ') || null);
}

export interface LeadsTableProps {
  leads: Lead[];
  onToggle: (lead: Lead) => void;
  isSelected: (id: number) => boolean;
  onSelect: (id: number) => void;
  /** The header checkbox: every loaded lead selected, some, or none. */
  pageSelected: boolean | 'indeterminate';
  onSelectPage: () => void;
}

/** A row's or the header's checkbox, named for screen readers. */
function SelectBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: () => void;
}) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={onChange} aria-label={label}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** null: not known yet (the profile's browser finds out on its first visit). */
const yesNo = (value: boolean | null) => (value === null ? 'Not yet known' : value ? 'Yes' : 'No');
const sent = (at: string | null) => (at ? 'Sent' : 'Not sent');

/** The loaded leads: a checkbox, name, profile link, message button, what was sent, source, exclude/include. */
export function LeadsTable({
  leads,
  onToggle,
  isSelected,
  onSelect,
  pageSelected,
  onSelectPage,
}: LeadsTableProps) {
  return (
    <DataTable
      striped
      data-testid="leads-table"
      header={
        <>
          <Table.ColumnHeader>
            <HStack gap="3">
              <SelectBox label="Select every lead shown" checked={pageSelected} onChange={onSelectPage} />
              Name
            </HStack>
          </Table.ColumnHeader>
          <Table.ColumnHeader>Profile</Table.ColumnHeader>
          <Table.ColumnHeader>Message button</Table.ColumnHeader>
          <Table.ColumnHeader>Friend request</Table.ColumnHeader>
          <Table.ColumnHeader>Message</Table.ColumnHeader>
          <Table.ColumnHeader>Source</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Action</Table.ColumnHeader>
        </>
      }
    >
      {leads.map((lead) => {
        const name = leadName(lead);
        const label = name ?? lead.profileUrl;
        return (
          <Table.Row
            key={lead.id}
            data-testid="lead-row"
            data-lead-id={lead.id}
            data-selected={isSelected(lead.id) || undefined}
          >
            <Table.Cell>
              <HStack gap="3">
                <SelectBox
                  label={`Select ${label}`}
                  checked={isSelected(lead.id)}
                  onChange={() => onSelect(lead.id)}
                />
                {name ?? <Text color="fg.muted">No name</Text>}
              </HStack>
            </Table.Cell>
            <Table.Cell maxW="sm">
              <Link
                href={lead.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="underline"
                title={lead.profileUrl}
                display="inline-flex"
                maxW="full"
              >
                <Text as="span" truncate>
                  {lead.profileUrl}
                </Text>
                <ExternalLink aria-hidden size="12" />
              </Link>
            </Table.Cell>
            <Table.Cell>{yesNo(lead.hasMessageButton)}</Table.Cell>
            <Table.Cell>{sent(lead.friendRequestSentAt)}</Table.Cell>
            <Table.Cell>{sent(lead.messageSentAt)}</Table.Cell>
            <Table.Cell>{lead.source ?? '—'}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              <DoNotContactButton leadId={lead.id} who={label} />{' '}
              <Button
                size="xs"
                variant="outline"
                aria-label={`${lead.isExcluded ? 'Include' : 'Exclude'} ${label}`}
                onClick={() => onToggle(lead)}
              >
                {lead.isExcluded ? 'Include' : 'Exclude'}
              </Button>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
