import { Field, Flex, Input } from '@chakra-ui/react';
import { OptionSelect, type SelectOption } from '../../../components/option-select.tsx';
import type { ReportRange } from '../utils/report-range.ts';

/** The report's range (two date inputs, days in the user's time zone) and its campaign and profile filters. */
export function ReportFilters({
  range,
  onRange,
  campaignId,
  onCampaign,
  campaigns,
  profileId,
  onProfile,
  profiles,
  problem,
}: {
  range: ReportRange;
  onRange: (range: ReportRange) => void;
  campaignId: string;
  onCampaign: (id: string) => void;
  campaigns: readonly SelectOption[];
  profileId: string;
  onProfile: (id: string) => void;
  profiles: readonly SelectOption[];
  problem: string | null;
}) {
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <Field.Root w={{ base: 'calc(50% - 6px)', md: '44' }} invalid={problem !== null}>
        <Field.Label fontSize="sm">From</Field.Label>
        <Input
          size="sm"
          type="date"
          value={range.from}
          max={range.to || undefined}
          data-testid="report-from"
          onChange={(e) => onRange({ ...range, from: e.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root w={{ base: 'calc(50% - 6px)', md: '44' }} invalid={problem !== null}>
        <Field.Label fontSize="sm">To</Field.Label>
        <Input
          size="sm"
          type="date"
          value={range.to}
          min={range.from || undefined}
          data-testid="report-to"
          onChange={(e) => onRange({ ...range, to: e.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', md: '60' }}>
        <Field.Label fontSize="sm">Campaign</Field.Label>
        <OptionSelect
          size="sm"
          options={[{ value: '', label: 'All campaigns' }, ...campaigns]}
          fieldProps={{
            value: campaignId,
            onChange: (e) => onCampaign(e.currentTarget.value),
            'data-testid': 'report-campaign',
          }}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', md: '60' }}>
        <Field.Label fontSize="sm">Profile</Field.Label>
        <OptionSelect
          size="sm"
          options={[{ value: '', label: 'All profiles' }, ...profiles]}
          fieldProps={{
            value: profileId,
            onChange: (e) => onProfile(e.currentTarget.value),
            'data-testid': 'report-profile',
          }}
        />
      </Field.Root>
    </Flex>
  );
}
