import { contract } from '@reachly/shared/contract';
import { isOutdatedVersion } from '@reachly/shared/logic';
import type { MachineData } from '@reachly/shared/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api.ts';
import { bridgeRequest } from '../../../shell/bridge.ts';
import { inDesktopApp, onLocalHost } from '../../../shell/environment.ts';
import { useUser } from '../../account/use-account.ts';

const machineDataQueryKey = ['desktop', 'machine-data'] as const;

export interface DesktopVersion {
  /** What the desktop app reported over the bridge; null outside the desktop app or before it answers. */
  machine: MachineData | null;
  /** The latest version the server offers (GET /api/user), null when none is set. */
  offered: string | null;
  /** The installed desktop app is older than the offered version, and the page is not on a local host. */
  isOutdated: boolean;
}

/**
 * The desktop steps of the signed-in page (spec §7 "Window events with the desktop app"):
 * get-machine-data over the bridge, forwarded with PATCH /api/user/machineData, and its
 * reachlyVersion compared with the user's offeredDesktopVersion.
 *
 * Decision: the bridge is asked only inside the desktop app (its user agent, inDesktopApp()). A
 * plain browser has no desktop app to update; asking there would wait out the bridge timeout for
 * nobody, and the dialog's advice (close the desktop app and install) would not apply. Machine data
 * is still sent on a local host; only the dialog is never shown there (spec §2, §6).
 */
export function useDesktopVersion(): DesktopVersion {
  const desktop = inDesktopApp();
  const machine = useQuery({
    queryKey: machineDataQueryKey,
    queryFn: () => bridgeRequest('get-machine-data', {}),
    enabled: desktop,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const report = useMutation({
    mutationFn: (data: MachineData) => call(contract.user.machineData, { body: data }),
  });
  const { mutate } = report;
  useEffect(() => {
    if (machine.data) mutate(machine.data);
  }, [machine.data, mutate]);

  const user = useUser();
  const offered = user.data?.offeredDesktopVersion ?? null;
  const installed = machine.data?.reachlyVersion ?? null;
  return {
    machine: machine.data ?? null,
    offered,
    isOutdated: !onLocalHost() && isOutdatedVersion(installed, offered),
  };
}
