import { trafficSchema, updateMachineDataBodySchema } from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { type DemoCall, parseInput } from '../demo-http.ts';
import type { DemoDataset } from '../demo-types.ts';

/** GET /api/user: the demo user with a trial licence and payment texts. */
export function getUser(data: DemoDataset) {
  return data.user;
}

/** GET /api/traffic: limit, used and remaining bytes as big-integer strings. */
export function getTraffic(data: DemoDataset) {
  const { limit, used } = data.traffic;
  return trafficSchema.parse({
    trafficLimit: limit.toString(),
    usedTraffic: used.toString(),
    remainingTraffic: (limit - used).toString(),
  });
}

/** PATCH /api/user/machineData: kept in memory only. */
export function updateMachineData(data: DemoDataset, call: DemoCall) {
  data.machineData = parseInput(updateMachineDataBodySchema, call.json);
  return { ok: true as const };
}

/** The message a sign-up gets in demo mode. */
export const DEMO_REGISTER_MESSAGE = 'Leave the demo to create an account.';

/** POST /api/register: the demo creates no account; the sign-up form shows why. */
export function refuseRegister(): never {
  throw new ApiError(403, 'FORBIDDEN', DEMO_REGISTER_MESSAGE);
}
