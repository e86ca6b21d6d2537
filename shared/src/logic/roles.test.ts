import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, apiKeyCan, can, canChangeMember, PERMISSIONS, ROLES } from './roles.ts';

describe('roles', () => {
  it('gives an owner every permission, and a member only what every role has', () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can('owner', permission)).toBe(true);
    }
    expect(can('member', 'viewMembers')).toBe(true);
    expect(can('member', 'manageMembers')).toBe(false);
    expect(can('member', 'manageApiKeys')).toBe(false);
    expect(can('member', 'deleteCollections')).toBe(false);
  });

  it('lets an admin manage members, keys and webhooks but not the licence', () => {
    expect(can('admin', 'manageMembers')).toBe(true);
    expect(can('admin', 'manageApiKeys')).toBe(true);
    expect(can('admin', 'manageWebhooks')).toBe(true);
    expect(can('admin', 'manageBilling')).toBe(false);
  });

  it('keeps people and money away from API keys', () => {
    expect(apiKeyCan('manageMembers')).toBe(false);
    expect(apiKeyCan('manageApiKeys')).toBe(false);
    expect(apiKeyCan('manageBilling')).toBe(false);
    expect(apiKeyCan('manageWebhooks')).toBe(true);
    expect(API_KEY_SCOPES).toEqual(['read', 'read_write']);
  });

  it('lets only an owner touch an owner or make one', () => {
    expect(ROLES).toEqual(['owner', 'admin', 'member']);
    expect(canChangeMember('owner', 'owner', 'member')).toBe(true);
    expect(canChangeMember('admin', 'member', 'admin')).toBe(true);
    expect(canChangeMember('admin', 'admin', null)).toBe(true);
    expect(canChangeMember('admin', 'owner', 'member')).toBe(false);
    expect(canChangeMember('admin', 'member', 'owner')).toBe(false);
    expect(canChangeMember('member', 'member', null)).toBe(false);
  });
});
