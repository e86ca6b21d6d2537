import type { Knex } from 'knex';
import type { Realtime } from '../../realtime/realtime.ts';
import { createApiKeys } from './api-keys.ts';
import { createMembers } from './members.ts';

export type TeamService = ReturnType<typeof createTeamService>;

/** The team: members, roles, invitations and organisations (members.ts), and API keys (api-keys.ts). */
export function createTeamService(deps: {
  db: Knex;
  realtime: Realtime;
  forgetUser: (userId: number) => void;
}) {
  return { ...createMembers(deps), apiKeys: createApiKeys(deps) };
}
