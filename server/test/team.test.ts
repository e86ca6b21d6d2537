import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollection,
  expectRefused,
  expectRejected,
  inviteAccount,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * The team (shared/src/contract/team.ts): what each role may do (shared/src/logic/roles.ts),
 * enforced by the server; the last owner stays; a removed member is out from the next request;
 * an existing account joins a second organisation with the invite link and switches between them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.close());

const invite = (owner: TestAccount, prefix: string) => inviteAccount(server, owner, prefix);

const roleOf = async (viewer: TestAccount, userId: number) =>
  (await viewer.call(contract.team.get)).members.find((m) => m.userId === userId)?.role;

describe('roles', () => {
  it('a member sees the team and the invite link but cannot change roles, invite anew, make keys or delete', async () => {
    const owner = await registerAccount(server, 'team-owner');
    const member = await invite(owner, 'team-member');
    expect(member.organizationId).toBe(owner.organizationId);
    const team = await member.call(contract.team.get);
    expect(team.role).toBe('member');
    expect(team.members.map((m) => [m.email, m.role, m.isYou])).toEqual([
      [owner.email, 'owner', false],
      [member.email, 'member', true],
    ]);
    const collection = await createCollection(owner, 'Keep me');
    const refusals = [
      [
        'change a role',
        () => member.call(contract.team.changeRole, { params: { id: member.id }, body: { role: 'admin' } }),
      ],
      ['remove the owner', () => member.call(contract.team.removeMember, { params: { id: owner.id } })],
      ['new invite link', () => member.call(contract.team.newInviteToken)],
      ['make a key', () => member.call(contract.team.createApiKey, { body: { name: 'k', scope: 'read' } })],
      ['list keys', () => member.call(contract.team.apiKeys)],
      ['delete a collection', () => member.call(contract.collections.remove, { params: { id: collection } })],
    ] as const;
    for (const [label, call] of refusals) {
      const error = await expectRefused(server, label, call, 403);
      expect(error.message).toMatch(/owner/);
    }
    expect(await roleOf(owner, member.id)).toBe('member');
  });

  it('an admin manages members and keys, but touches no owner and makes none', async () => {
    const owner = await registerAccount(server, 'team-owner');
    const admin = await invite(owner, 'team-admin');
    const other = await invite(owner, 'team-other');
    const promoted = await owner.call(contract.team.changeRole, {
      params: { id: admin.id },
      body: { role: 'admin' },
    });
    expect(promoted).toMatchObject({ userId: admin.id, role: 'admin', isYou: false });
    // From the very next request the admin acts as one.
    expect((await admin.call(contract.team.get)).role).toBe('admin');
    const { key } = await admin.call(contract.team.createApiKey, { body: { name: 'CRM', scope: 'read' } });
    expect(key).toMatch(/^rk_/);
    await admin.call(contract.team.changeRole, { params: { id: other.id }, body: { role: 'admin' } });
    expect(await roleOf(owner, other.id)).toBe('admin');
    const before = (await admin.call(contract.team.get)).inviteToken;
    const { inviteToken } = await admin.call(contract.team.newInviteToken);
    expect(inviteToken).not.toBe(before);
    await expectRefused(
      server,
      'admin demotes the owner',
      () => admin.call(contract.team.changeRole, { params: { id: owner.id }, body: { role: 'member' } }),
      403,
    );
    await expectRefused(
      server,
      'admin makes an owner',
      () => admin.call(contract.team.changeRole, { params: { id: other.id }, body: { role: 'owner' } }),
      403,
    );
    await expectRefused(
      server,
      'admin removes the owner',
      () => admin.call(contract.team.removeMember, { params: { id: owner.id } }),
      403,
    );
  });

  it('the last owner can be neither demoted nor removed; with a second owner they can', async () => {
    const owner = await registerAccount(server, 'team-owner');
    const second = await invite(owner, 'team-second');
    const demote = await expectRefused(
      server,
      'last owner demoted',
      () => owner.call(contract.team.changeRole, { params: { id: owner.id }, body: { role: 'admin' } }),
      409,
    );
    expect(demote.message).toContain('last owner');
    await expectRefused(
      server,
      'last owner removed',
      () => owner.call(contract.team.removeMember, { params: { id: owner.id } }),
      409,
    );
    await owner.call(contract.team.changeRole, { params: { id: second.id }, body: { role: 'owner' } });
    await owner.call(contract.team.changeRole, { params: { id: owner.id }, body: { role: 'member' } });
    expect(await roleOf(second, owner.id)).toBe('member');
    await expectRefused(
      server,
      'the new last owner removed',
      () => second.call(contract.team.removeMember, { params: { id: second.id } }),
      409,
    );
  });

  it('a removed member is out from their next request, and the old invite link stops working once replaced', async () => {
    const owner = await registerAccount(server, 'team-owner');
    const member = await invite(owner, 'team-removed');
    expect(await member.call(contract.collections.list)).toEqual([]);
    expect(await owner.call(contract.team.removeMember, { params: { id: member.id } })).toEqual({
      id: member.id,
    });
    const error = await expectRefused(
      server,
      'removed member',
      () => member.call(contract.collections.list),
      401,
    );
    expect(error.message).toContain('no organisation');
    expect((await owner.call(contract.team.get)).members.map((m) => m.userId)).toEqual([owner.id]);

    const { inviteToken: old } = await owner.call(contract.team.get);
    await owner.call(contract.team.newInviteToken);
    const signUp = await expectRefused(
      server,
      'sign-up with a replaced token',
      () =>
        server.call(contract.auth.register, {
          body: { email: `late-${Date.now()}@example.com`, password: 'password-123', organizationToken: old },
        }),
      400,
    );
    expect(signUp.message).toContain('organizationToken');
  });

  it('refuses bad input with 400 and an unknown member with 404, writing nothing', async () => {
    const owner = await registerAccount(server, 'team-owner');
    const cases = [
      ['PATCH', '/api/team/members/abc', { role: 'admin' }, 400],
      ['PATCH', `/api/team/members/${owner.id}`, { role: 'boss' }, 400],
      ['PATCH', `/api/team/members/${owner.id}`, {}, 400],
      ['DELETE', '/api/team/members/-1', undefined, 400],
      ['POST', '/api/team/organizations/current', { organizationId: 'x' }, 400],
      ['POST', '/api/team/join', { organizationToken: '' }, 400],
      ['POST', '/api/team/join', { organizationToken: 'no-such-token' }, 404],
      ['POST', '/api/team/invitation', { organizationToken: 'no-such-token' }, 404],
      ['PATCH', '/api/team/members/2147483000', { role: 'admin' }, 404],
      ['DELETE', '/api/team/members/2147483000', undefined, 404],
    ] as const;
    for (const [method, path, json, status] of cases) {
      await expectRejected(
        server,
        `${method} ${path}`,
        () => owner.api.request(method, path, { json }),
        status,
      );
    }
  });
});

describe('several organisations', () => {
  it('an existing account joins a second organisation with the invite link and switches between them', async () => {
    const mine = await registerAccount(server, 'team-mine');
    const theirs = await registerAccount(server, 'team-theirs');
    await createCollection(mine, 'Mine only');
    await createCollection(theirs, 'Theirs only');
    const names = async () => (await mine.call(contract.collections.list)).map((c) => c.name);
    expect(await names()).toContain('Mine only');

    const { inviteToken } = await theirs.call(contract.team.get);
    const invitation = await mine.call(contract.team.invitation, {
      body: { organizationToken: inviteToken },
    });
    expect(invitation).toEqual({
      organization: { id: theirs.organizationId, name: theirs.email },
      alreadyMember: false,
    });
    const joined = await mine.call(contract.team.join, { body: { organizationToken: inviteToken } });
    expect(joined.organizations.map((o) => [o.id, o.role, o.current])).toEqual([
      [mine.organizationId, 'owner', false],
      [theirs.organizationId, 'member', true],
    ]);
    // Every page now shows the other organisation: its collections, its user view, its team.
    expect(await names()).toEqual(expect.arrayContaining(['Theirs only']));
    expect(await names()).not.toContain('Mine only');
    expect((await mine.call(contract.user.get)).organizationId).toBe(theirs.organizationId);
    expect((await mine.call(contract.team.get)).role).toBe('member');
    expect((await theirs.call(contract.team.get)).members.map((m) => m.email)).toContain(mine.email);

    const back = await mine.call(contract.team.switchOrganization, {
      body: { organizationId: mine.organizationId },
    });
    expect(back.organizations.find((o) => o.current)?.id).toBe(mine.organizationId);
    expect(await names()).toContain('Mine only');
    expect(
      (await mine.call(contract.team.invitation, { body: { organizationToken: inviteToken } })).alreadyMember,
    ).toBe(true);

    const stranger = await registerAccount(server, 'team-stranger');
    await expectRefused(
      server,
      'switch to an organisation one is not in',
      () =>
        mine.call(contract.team.switchOrganization, { body: { organizationId: stranger.organizationId } }),
      404,
    );

    // Removed from the second organisation, the account goes on in its own.
    await mine.call(contract.team.switchOrganization, { body: { organizationId: theirs.organizationId } });
    await theirs.call(contract.team.removeMember, { params: { id: mine.id } });
    expect(await names()).toContain('Mine only');
    expect((await mine.call(contract.team.organizations)).organizations.map((o) => o.id)).toEqual([
      mine.organizationId,
    ]);
  });
});
