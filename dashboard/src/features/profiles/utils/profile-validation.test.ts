import {
  PROXY_ADDRESS_MESSAGE,
  PROXY_ADDRESS_REQUIRED_MESSAGE,
  PROXY_TIMEZONE_MESSAGE,
} from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { emptyProfileForm, type ProfileFormValues } from './profile-form-values.ts';
import { detailsToIssues, issuesToProfileErrors, profileResolver } from './profile-validation.ts';

const resolverOptions = { fields: {}, shouldUseNativeValidation: false };
const manual: ProfileFormValues = {
  ...emptyProfileForm(),
  name: 'Anna',
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'proxy.example.com:8080',
};

describe('profile validation with the shared schemas', () => {
  it('passes a valid profile on as the body the API takes (timezone made canonical)', async () => {
    const result = await profileResolver(
      { ...manual, proxyTimezone: 'europe/berlin' },
      { kind: 'create' },
      resolverOptions,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      name: 'Anna',
      proxySource: 'MANUAL',
      proxyTimezone: 'Europe/Berlin',
    });
  });

  it("puts the schemas' messages on their fields", async () => {
    const result = await profileResolver(
      { ...manual, name: ' ', HTTPProxyAddress: 'not a proxy', proxyTimezone: 'Mars/Olympus' },
      { kind: 'create' },
      resolverOptions,
    );
    expect(result.errors.name?.message).toBe('Profile name must not be empty');
    expect(result.errors.HTTPProxyAddress?.message).toBe(PROXY_ADDRESS_MESSAGE);
    expect(result.errors.proxyTimezone?.message).toBe(PROXY_TIMEZONE_MESSAGE);
  });

  it('asks for an address for a manual proxy, on edit too', async () => {
    const result = await profileResolver(
      { ...manual, HTTPProxyAddress: '' },
      { kind: 'edit', id: 3, hasSavedPassword: false },
      resolverOptions,
    );
    expect(result.errors.HTTPProxyAddress?.message).toBe(PROXY_ADDRESS_REQUIRED_MESSAGE);
  });

  it("sorts the server's 400 details into field and form messages", () => {
    const issues = issuesToProfileErrors(
      detailsToIssues([
        { path: ['HTTPProxyAddress'], code: 'custom', message: 'Proxy port must be between 1 and 65535' },
        { path: ['HTTPProxyAddress'], code: 'custom', message: 'second message is ignored' },
        { path: [], code: 'custom', message: 'Send at least one field to change' },
        'not an issue',
      ]),
    );
    expect(issues).toEqual({
      fields: { HTTPProxyAddress: 'Proxy port must be between 1 and 65535' },
      form: 'Send at least one field to change',
    });
    expect(detailsToIssues(undefined)).toEqual([]);
  });
});
