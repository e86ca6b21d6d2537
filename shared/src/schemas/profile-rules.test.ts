import { describe, expect, it } from 'vitest';
import {
  isProfileReady,
  mergeProfileUpdate,
  type ProfileSettings,
  profileFromCreate,
} from './profile-rules.ts';
import { createProfileBodySchema, updateProfileBodySchema } from './profiles.ts';

const manual: ProfileSettings = {
  name: 'Berlin',
  loginStatus: 'logged-in',
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'http://proxy.example.com:8080',
  proxyLogin: 'ann',
  proxyTimezone: 'Europe/Berlin',
};
const update = (body: object) => updateProfileBodySchema.parse({ id: 1, ...body });

describe('profile rules', () => {
  it('splits credentials out of a created address into login and password', () => {
    const body = createProfileBodySchema.parse({
      name: 'P',
      proxySource: 'MANUAL',
      proxyType: 'manual',
      HTTPProxyAddress: 'http://bob:pw@proxy.example.com:3128',
    });
    const write = profileFromCreate(body);
    expect(write.settings).toMatchObject({
      HTTPProxyAddress: 'http://proxy.example.com:3128',
      proxyLogin: 'bob',
    });
    expect(write.password).toEqual({ keep: false, password: 'pw' });
  });

  it('keeps the password when an update does not name it, clears it with null', () => {
    expect(mergeProfileUpdate(manual, update({ name: 'New' })).password).toEqual({ keep: true });
    expect(mergeProfileUpdate(manual, update({ proxyPassword: null })).password).toEqual({
      keep: false,
      password: null,
    });
  });

  it('drops the proxy and its password when the source becomes NOT_USE', () => {
    const write = mergeProfileUpdate(manual, update({ proxySource: 'NOT_USE' }));
    expect(write.settings).toMatchObject({
      HTTPProxyAddress: null,
      proxyLogin: null,
      proxyType: null,
      isReady: true,
    });
    expect(write.password).toEqual({ keep: false, password: null });
  });

  it('forgets the timezone of an old address, and reports broken proxy rules', () => {
    const moved = mergeProfileUpdate(manual, update({ HTTPProxyAddress: 'http://other.example.com:8080' }));
    expect(moved.settings).toMatchObject({ proxyTimezone: null, isReady: false });
    expect(mergeProfileUpdate(manual, update({ HTTPProxyAddress: null })).issues).not.toEqual([]);
  });

  it('is ready when logged in with no proxy or a proxy whose timezone is known', () => {
    expect(isProfileReady(manual)).toBe(true);
    expect(isProfileReady({ ...manual, loginStatus: 'unknown' })).toBe(false);
    expect(isProfileReady({ ...manual, proxyTimezone: null })).toBe(false);
  });
});
