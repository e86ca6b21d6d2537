import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Members, roles, invitations, organisations and API keys; each endpoint's permission is in the contract. */
export function teamHandlers({ team }: AppContext): Handlers<Contract['team']> {
  return {
    get: ({ auth }) => team.team(auth),
    newInviteToken: ({ auth }) => team.newInviteToken(auth.organizationId),
    changeRole: ({ auth, params, body }) => team.changeRole(auth, params.id, body.role),
    removeMember: ({ auth, params }) => team.remove(auth, params.id),
    organizations: ({ auth }) => team.organizationsOf(auth.user.id, auth.organizationId),
    switchOrganization: ({ auth, body }) => team.switchTo(auth.user.id, body.organizationId),
    invitation: ({ auth, body }) => team.invitation(auth.user.id, body.organizationToken),
    join: ({ auth, body }) => team.join(auth.user.id, body.organizationToken),
    apiKeys: ({ auth }) => team.apiKeys.list(auth.organizationId),
    createApiKey: ({ auth, body }) => team.apiKeys.create(auth, body),
    revokeApiKey: ({ auth, params }) => team.apiKeys.revoke(auth.organizationId, params.id),
  };
}
