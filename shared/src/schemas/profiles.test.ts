import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  createProfileBodySchema,
  deleteProfileQuerySchema,
  PROXY_ADDRESS_FORBIDDEN_MESSAGE,
  PROXY_ADDRESS_MESSAGE,
  PROXY_ADDRESS_REQUIRED_MESSAGE,
  PROXY_PORT_MESSAGE,
  PROXY_TIMEZONE_MESSAGE,
  parseProxyAddress,
  profileSchema,
  profilesListResponseSchema,
  profilesQuerySchema,
  proxyAddressSchema,
  proxySettingsIssues,
  updateProfileBodySchema,
} from './profiles.ts';

const profile = {
  id: 3,
  name: 'Anna work',
  loginStatus: 'logged-in',
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: '10.0.0.1:8080',
  proxyLogin: 'user',
  hasProxyPassword: true,
  proxyTimezone: 'Europe/Berlin',
  isReady: true,
  pausedUntil: null,
  pauseReason: null,
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
} as const;

describe('proxy addresses', () => {
  it('reads host:port and http(s) urls with credentials', () => {
    expect(parseProxyAddress('proxy.example.com:3128')).toEqual({
      protocol: 'http',
      host: 'proxy.example.com',
      port: 3128,
      username: null,
      password: null,
    });
    expect(parseProxyAddress('https://bob:s%40cret@10.0.0.1:8443/')).toEqual({
      protocol: 'https',
      host: '10.0.0.1',
      port: 8443,
      username: 'bob',
      password: 's@cret',
    });
    expect(parseProxyAddress('http://[::1]:8080')?.host).toBe('[::1]');
    expect(parseProxyAddress('localhost')).toBeNull();
    expect(parseProxyAddress('socks5://host:1080')).toBeNull();
    expect(parseProxyAddress('http://host:80/path')).toBeNull();
  });

  it('fails with a message the page can show', () => {
    expect(proxyAddressSchema.parse(' 1.2.3.4:80 ')).toBe('1.2.3.4:80');
    expect(proxyAddressSchema.parse('')).toBeNull();
    expect(proxyAddressSchema.safeParse('not a proxy').error?.issues[0]?.message).toBe(PROXY_ADDRESS_MESSAGE);
    expect(PROXY_ADDRESS_MESSAGE).toBe('Proxy address must look like host:port');
    expect(proxyAddressSchema.safeParse('host:99999').error?.issues[0]?.message).toBe(PROXY_PORT_MESSAGE);
    expect(proxyAddressSchema.safeParse('host:0').error?.issues[0]?.message).toBe(PROXY_PORT_MESSAGE);
    expect(proxyAddressSchema.safeParse(8080).error?.issues[0]?.message).toBe(PROXY_ADDRESS_MESSAGE);
  });
});

describe('time zones', () => {
  it('canonicalises IANA names and refuses others', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
  });
});

describe('POST /api/profiles', () => {
  it('fills defaults: no proxy until one is chosen', () => {
    expect(createProfileBodySchema.parse({ name: ' Anna ' })).toEqual({
      name: 'Anna',
      loginStatus: 'unknown',
      proxySource: 'NOT_USE',
      proxyType: null,
      HTTPProxyAddress: null,
      proxyLogin: null,
      proxyPassword: null,
      proxyTimezone: null,
    });
  });

  it('accepts a manual proxy and derives its type', () => {
    expect(
      createProfileBodySchema.parse({
        name: 'Anna',
        proxySource: 'MANUAL',
        HTTPProxyAddress: 'http://10.0.0.1:8080',
        proxyLogin: 'bob',
        proxyPassword: 'secret',
        proxyTimezone: 'america/new_york',
      }),
    ).toEqual({
      name: 'Anna',
      loginStatus: 'unknown',
      proxySource: 'MANUAL',
      proxyType: 'manual',
      HTTPProxyAddress: 'http://10.0.0.1:8080',
      proxyLogin: 'bob',
      proxyPassword: 'secret',
      proxyTimezone: 'America/New_York',
    });
  });

  it('enforces the proxy rules', () => {
    const noAddress = createProfileBodySchema.safeParse({ name: 'A', proxySource: 'MANUAL' });
    expect(noAddress.error?.issues[0]).toMatchObject({
      path: ['HTTPProxyAddress'],
      message: PROXY_ADDRESS_REQUIRED_MESSAGE,
    });
    const forbidden = createProfileBodySchema.safeParse({
      name: 'A',
      proxySource: 'NOT_USE',
      HTTPProxyAddress: 'h:1',
    });
    expect(forbidden.error?.issues[0]?.message).toBe(PROXY_ADDRESS_FORBIDDEN_MESSAGE);
    expect(createProfileBodySchema.parse({ name: 'A', proxySource: 'NOT_USE' }).proxyType).toBeNull();
    expect(createProfileBodySchema.parse({ name: 'A', proxySource: 'REACHLY' }).proxyType).toBe(
      'residential',
    );
    expect(
      createProfileBodySchema.safeParse({ name: 'A', proxyType: 'residential' }).error?.issues[0]?.message,
    ).toBe('A profile without a proxy has no proxy type: choose a proxy source, or leave the type empty');
    const wrongType = createProfileBodySchema.safeParse({
      name: 'A',
      proxySource: 'REACHLY',
      proxyType: 'manual',
    });
    expect(wrongType.error?.issues[0]?.message).toBe(
      'Proxy type must be residential or datacenter for proxy source REACHLY',
    );
    expect(
      createProfileBodySchema.parse({ name: 'A', proxySource: 'REACHLY', proxyType: 'datacenter' }).proxyType,
    ).toBe('datacenter');
  });

  it('infers a manual proxy from proxy fields sent without a source', () => {
    expect(
      createProfileBodySchema.parse({
        name: 'A',
        HTTPProxyAddress: 'h:1',
        proxyLogin: 'bob',
        proxyPassword: 'pw',
      }),
    ).toMatchObject({ proxySource: 'MANUAL', proxyType: 'manual', HTTPProxyAddress: 'h:1' });
    expect(
      createProfileBodySchema.parse({ name: 'A', proxyType: 'manual', HTTPProxyAddress: 'h:1' }),
    ).toMatchObject({ proxySource: 'MANUAL' });
    expect(createProfileBodySchema.parse({ name: 'A', proxyLogin: '', proxyPassword: null })).toMatchObject({
      proxySource: 'NOT_USE',
    });
    // A login without an address is a manual proxy that still needs its address.
    expect(
      createProfileBodySchema.safeParse({ name: 'A', proxyLogin: 'bob' }).error?.issues[0],
    ).toMatchObject({
      path: ['HTTPProxyAddress'],
      message: PROXY_ADDRESS_REQUIRED_MESSAGE,
    });
  });

  it('refuses bad fields', () => {
    expect(createProfileBodySchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      'Profile name must not be empty',
    );
    expect(createProfileBodySchema.safeParse({ name: 'A', loginStatus: 'online' }).success).toBe(false);
    expect(createProfileBodySchema.safeParse({ name: 'A', proxySource: 'OTHER' }).success).toBe(false);
    expect(
      createProfileBodySchema.safeParse({ name: 'A', proxyTimezone: 'Nowhere/City' }).error?.issues[0]
        ?.message,
    ).toBe(PROXY_TIMEZONE_MESSAGE);
    expect(createProfileBodySchema.safeParse({ name: 'A', proxyPassword: 'x'.repeat(201) }).success).toBe(
      false,
    );
    expect(
      createProfileBodySchema.safeParse({ name: 'A', proxySource: 'MANUAL', HTTPProxyAddress: 'bad' }).error
        ?.issues[0]?.message,
    ).toBe(PROXY_ADDRESS_MESSAGE);
  });
});

describe('PATCH /api/profiles', () => {
  it('takes an id and any subset, null clears', () => {
    expect(updateProfileBodySchema.parse({ id: 3, proxyTimezone: 'UTC' })).toEqual({
      id: 3,
      proxyTimezone: 'UTC',
    });
    expect(updateProfileBodySchema.parse({ id: 3, proxyLogin: null, proxyPassword: '' })).toEqual({
      id: 3,
      proxyLogin: null,
      proxyPassword: null,
    });
  });

  it('needs a field and judges the proxy rules on what is sent', () => {
    expect(updateProfileBodySchema.safeParse({ id: 3 }).error?.issues[0]?.message).toBe(
      'Send at least one field to change',
    );
    expect(updateProfileBodySchema.safeParse({ proxyLogin: 'x' }).success).toBe(false);
    expect(updateProfileBodySchema.parse({ id: 3, proxySource: 'MANUAL' })).toEqual({
      id: 3,
      proxySource: 'MANUAL',
    });
    expect(
      updateProfileBodySchema.safeParse({ id: 3, proxySource: 'MANUAL', HTTPProxyAddress: null }).error
        ?.issues[0]?.message,
    ).toBe(PROXY_ADDRESS_REQUIRED_MESSAGE);
    expect(
      updateProfileBodySchema.safeParse({ id: 3, HTTPProxyAddress: 'nope' }).error?.issues[0]?.message,
    ).toBe(PROXY_ADDRESS_MESSAGE);
  });

  it('lets the server judge a merged profile', () => {
    expect(
      proxySettingsIssues({ proxySource: 'MANUAL', HTTPProxyAddress: 'h:1', proxyType: 'manual' }),
    ).toEqual([]);
    expect(
      proxySettingsIssues({ proxySource: 'MANUAL', HTTPProxyAddress: null, proxyType: 'residential' }),
    ).toEqual([
      { path: 'HTTPProxyAddress', message: PROXY_ADDRESS_REQUIRED_MESSAGE },
      { path: 'proxyType', message: 'Proxy type must be manual for proxy source MANUAL' },
    ]);
  });
});

describe('profile responses', () => {
  it('never carry the proxy password', () => {
    const parsed = profileSchema.parse({ ...profile, proxyPassword: 'secret' });
    expect(parsed).toEqual(profile);
    expect('proxyPassword' in parsed).toBe(false);
    expect(profileSchema.safeParse({ ...profile, hasProxyPassword: undefined }).success).toBe(false);
  });

  it('parse a page', () => {
    const page = { profiles: [profile], hasMore: false, total: 1, page: 1 };
    expect(profilesListResponseSchema.parse(page)).toEqual(page);
  });
});

describe('GET and DELETE /api/profiles', () => {
  it('reads the list query', () => {
    expect(profilesQuerySchema.parse({})).toEqual({
      notReadyOnly: false,
      page: 1,
      limit: 20,
      search: undefined,
    });
    expect(
      profilesQuerySchema.parse({
        notReadyOnly: 'true',
        loginStatus: 'checkpoint',
        page: '3',
        limit: '50',
        search: 'an',
      }),
    ).toEqual({ notReadyOnly: true, loginStatus: 'checkpoint', page: 3, limit: 50, search: 'an' });
    expect(profilesQuerySchema.parse({ notReadyOnly: 'false' }).notReadyOnly).toBe(false);
    expect(profilesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(profilesQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(profilesQuerySchema.safeParse({ loginStatus: 'online' }).success).toBe(false);
  });

  it('reads the delete query', () => {
    expect(deleteProfileQuerySchema.parse({ id: '3' })).toEqual({ id: 3 });
    expect(deleteProfileQuerySchema.safeParse({}).success).toBe(false);
  });
});
