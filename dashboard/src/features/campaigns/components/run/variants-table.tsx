import { Button, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Campaign, CampaignStep, CampaignVariantsResponse } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatCount } from '../../../../lib/format.ts';
import { campaignVariantsKey, saveCampaign, storeCampaign } from '../../campaigns-queries.ts';
import { formatPercent } from '../../utils/funnel.ts';

type Test = CampaignVariantsResponse[number];

/** The campaign's steps with one message step down to one version: `version` of its texts (0 = A). */
function keepVersion(steps: readonly CampaignStep[], stepIndex: number, version: number): CampaignStep[] {
  return steps.map((step, index) => {
    if (index !== stepIndex || !('abVariants' in step)) return step;
    const versions = [step.template, ...(step.abVariants ?? [])];
    const { abVariants: _dropped, ...rest } = step;
    return { ...rest, template: versions[version] ?? step.template };
  });
}

/** Its current body as PATCH takes it: every field, the steps changed. */
const bodyOf = (campaign: Campaign, steps: CampaignStep[]) => ({
  name: campaign.name,
  collectionId: campaign.collectionId,
  profileIds: campaign.profileIds,
  steps,
  dailyCaps: campaign.dailyCaps,
  workingHours: campaign.workingHours,
  gapSeconds: campaign.gapSeconds,
});

function VersionsTable({ campaign, test }: { campaign: Campaign; test: Test }) {
  const queryClient = useQueryClient();
  const keep = useMutation({
    mutationFn: (version: number) =>
      saveCampaign(campaign.id, bodyOf(campaign, keepVersion(campaign.steps, test.stepIndex ?? -1, version))),
    onSuccess: (saved) => {
      storeCampaign(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: campaignVariantsKey(campaign.id) });
    },
  });
  // A winner can be kept while the step still has versions to choose from.
  const choosing = test.stepIndex !== null && test.versions.filter((v) => v.template !== null).length > 1;
  const best = Math.max(...test.versions.map((v) => v.replyRate ?? -1));
  return (
    <Stack gap="2" data-testid="ab-test" data-step={test.step}>
      <Heading as="h3" size="sm">
        {test.label}
        {choosing ? '' : ': a version was kept'}
      </Heading>
      <DataTable
        aria-label={`Versions of the ${test.label.toLowerCase()}`}
        header={
          <>
            <Table.ColumnHeader>Version</Table.ColumnHeader>
            <Table.ColumnHeader>Text</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Sent</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Replied</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Reply rate</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Positive</Table.ColumnHeader>
            {choosing && (
              <Table.ColumnHeader>
                <VisuallyHidden>Keep</VisuallyHidden>
              </Table.ColumnHeader>
            )}
          </>
        }
      >
        {test.versions.map((v, index) => (
          <Table.Row key={v.variant} data-testid="ab-version" data-variant={v.variant}>
            <Table.Cell fontWeight="medium">{v.variant}</Table.Cell>
            <Table.Cell maxW="sm" color={v.template === null ? 'fg.muted' : undefined}>
              <Text lineClamp={2}>{v.template ?? 'No longer in the step'}</Text>
            </Table.Cell>
            <Table.Cell textAlign="end">{formatCount(v.sent)}</Table.Cell>
            <Table.Cell textAlign="end">{formatCount(v.replied)}</Table.Cell>
            <Table.Cell
              textAlign="end"
              fontWeight={v.replyRate !== null && v.replyRate === best && best > 0 ? 'semibold' : undefined}
              data-testid="ab-reply-rate"
            >
              {v.replyRate === null ? '–' : formatPercent(v.replyRate)}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatCount(v.positive)}</Table.Cell>
            {choosing && (
              <Table.Cell textAlign="end">
                {v.template !== null && (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={keep.isPending && keep.variables === index}
                    disabled={keep.isPending}
                    aria-label={`Keep version ${v.variant} of the ${test.label.toLowerCase()}`}
                    onClick={() => keep.mutate(index)}
                  >
                    Keep {v.variant}
                  </Button>
                )}
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </DataTable>
    </Stack>
  );
}

/**
 * A/B tests of the campaign's message steps: per version, messages sent, leads who replied after it,
 * the reply rate (the best in bold) and positive replies; "Keep" makes a version the step's only
 * text (new messages are that one's; the counts so far stay).
 */
export function VariantsTables({ campaign, tests }: { campaign: Campaign; tests: CampaignVariantsResponse }) {
  return (
    <Stack gap="4">
      {tests.map((test) => (
        <VersionsTable key={test.step} campaign={campaign} test={test} />
      ))}
    </Stack>
  );
}
