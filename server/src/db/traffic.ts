import type { Traffic } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toBigIntString } from './knex.ts';

/** The organisation's proxy-traffic allowance (spec §3 Traffic), bytes as big-integer strings. */
export async function readTraffic(db: Knex, organizationId: number): Promise<Traffic> {
  const row = await db('traffic_allowances').where({ organization_id: organizationId }).first();
  const trafficLimit = toBigIntString(row?.traffic_limit);
  const usedTraffic = toBigIntString(row?.used_traffic);
  return {
    trafficLimit,
    usedTraffic,
    remainingTraffic: (BigInt(trafficLimit) - BigInt(usedTraffic)).toString(),
  };
}
