import type { MachineData } from '@reachly/shared/schemas';
import type { Knex } from 'knex';

/** Stores what a desktop app reports about its machine, one row per user and machine (spec §3). */
export async function saveMachineData(
  db: Knex,
  owner: { userId: number; organizationId: number },
  data: MachineData,
): Promise<void> {
  await db('machine_data')
    .insert({
      organization_id: owner.organizationId,
      user_id: owner.userId,
      machine_id: data.machineId,
      reachly_version: data.reachlyVersion,
      extension_version: data.extensionVersion,
      platform: data.platform,
      os: data.OS,
      updated_at: db.fn.now(),
    })
    .onConflict(['user_id', 'machine_id'])
    .merge();
}
