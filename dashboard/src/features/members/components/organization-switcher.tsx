import { contract } from '@reachly/shared/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { OptionSelect } from '../../../components/option-select.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { call } from '../../../lib/api.ts';
import { isDemoMode } from '../../../shell/demo-mode.ts';
import { openOrganization, organizationsQuery } from '../team-queries.ts';

/** For a user in several organisations: the one they act in, and a switch to another (every page follows). */
export function OrganizationSwitcher() {
  const organizations = useQuery({ ...organizationsQuery(), enabled: !isDemoMode() });
  const change = useMutation({
    mutationFn: (organizationId: number) =>
      call(contract.team.switchOrganization, { body: { organizationId } }),
    onSuccess: openOrganization,
    onError: (error) => toaster.create({ type: 'error', title: error.message }),
  });
  const list = organizations.data?.organizations ?? [];
  if (list.length < 2) return null;
  const current = list.find((o) => o.current);
  return (
    <OptionSelect
      size="xs"
      width="auto"
      maxW="56"
      disabled={change.isPending}
      options={list.map((o) => ({ value: o.id, label: o.name }))}
      fieldProps={{
        'aria-label': 'Organisation',
        'data-testid': 'organization-switcher',
        value: current?.id ?? '',
        onChange: (e) => change.mutate(Number(e.currentTarget.value)),
      }}
    />
  );
}
