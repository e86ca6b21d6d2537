import { z } from 'zod';
import { userSchema } from './user.ts';

/**
 * The signed-in user and the machine it runs on (spec §3 Machine data, §7 Traffic, user, machine).
 *
 * GET   /api/user             → userResponseSchema
 * GET   /api/traffic          → trafficSchema (user.ts)
 * PATCH /api/user/machineData → machineDataSchema / okResponseSchema
 */

/**
 * GET /api/user: the user of user.ts plus the latest desktop version the server offers (set with
 * `npm run admin -- set-desktop-version`), or null when none is set. The page compares it with the
 * version the desktop app reports over the bridge to tell when the app is outdated.
 */
export const userResponseSchema = userSchema.extend({
  offeredDesktopVersion: z.string().nullable(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

const VERSION_MAX_LENGTH = 50;
const versionSchema = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(VERSION_MAX_LENGTH, `${label} must be at most ${VERSION_MAX_LENGTH} characters`);

/**
 * Machine data of spec §3: what the desktop agent reports through the bridge (get-machine-data)
 * and the page forwards with PATCH /api/user/machineData. extensionVersion is null when no
 * extension answered.
 */
export const machineDataSchema = z.object({
  machineId: z
    .string({ error: 'machineId must be a string' })
    .trim()
    .min(1, 'machineId must not be empty')
    .max(200, 'machineId must be at most 200 characters'),
  reachlyVersion: versionSchema('reachlyVersion'),
  extensionVersion: versionSchema('extensionVersion').nullable(),
  platform: z.string().trim().min(1).max(50),
  OS: z.string().trim().min(1).max(200),
});
export type MachineData = z.infer<typeof machineDataSchema>;
