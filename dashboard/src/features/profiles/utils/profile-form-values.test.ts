import type { Profile } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { defaultProxyType, emptyProfileForm, formToPayload, profileToForm } from './profile-form-values.ts';

const manual = {
  ...emptyProfileForm(),
  name: 'Anna',
  proxySource: 'MANUAL' as const,
  proxyType: 'manual' as const,
  HTTPProxyAddress: 'proxy.example.com:8080',
  proxyLogin: 'alice',
  proxyTimezone: 'Europe/Berlin',
};

const stored: Profile = {
  id: 7,
  name: 'Anna',
  loginStatus: 'logged-in',
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'proxy.example.com:8080',
  proxyLogin: 'alice',
  hasProxyPassword: true,
  proxyTimezone: 'Europe/Berlin',
  isReady: true,
  pausedUntil: null,
  pauseReason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('profile form values', () => {
  it('fills the form from a profile with the password field empty', () => {
    expect(profileToForm(stored)).toEqual({
      ...manual,
      loginStatus: 'logged-in',
      proxyPassword: '',
      clearSavedPassword: false,
    });
  });

  it('starts each proxy source with its first allowed type', () => {
    expect(defaultProxyType('REACHLY')).toBe('residential');
    expect(defaultProxyType('MANUAL')).toBe('manual');
    expect(defaultProxyType('NOT_USE')).toBe('');
  });

  it('creates with every field, empty texts as null', () => {
    expect(formToPayload({ ...manual, proxyLogin: '  ', proxyPassword: 'pw' }, { kind: 'create' })).toEqual({
      name: 'Anna',
      loginStatus: 'unknown',
      proxySource: 'MANUAL',
      proxyType: 'manual',
      HTTPProxyAddress: 'proxy.example.com:8080',
      proxyLogin: null,
      proxyPassword: 'pw',
      proxyTimezone: 'Europe/Berlin',
    });
  });

  it('clears every proxy field without a proxy', () => {
    const payload = formToPayload(
      { ...manual, proxySource: 'NOT_USE', proxyPassword: 'pw' },
      { kind: 'create' },
    );
    expect(payload).toMatchObject({
      proxyType: null,
      HTTPProxyAddress: null,
      proxyLogin: null,
      proxyPassword: null,
      proxyTimezone: null,
    });
  });

  it('on edit, an empty password field keeps the saved password (left out of the PATCH)', () => {
    const payload = formToPayload(manual, { kind: 'edit', id: 7, hasSavedPassword: true });
    expect(payload.id).toBe(7);
    expect('proxyPassword' in payload).toBe(false);
  });

  it('on edit, a typed password replaces it and "remove" clears it', () => {
    const mode = { kind: 'edit', id: 7, hasSavedPassword: true } as const;
    expect(formToPayload({ ...manual, proxyPassword: 'new' }, mode).proxyPassword).toBe('new');
    expect(formToPayload({ ...manual, clearSavedPassword: true }, mode).proxyPassword).toBeNull();
    expect(formToPayload({ ...manual, proxySource: 'NOT_USE' }, mode).proxyPassword).toBeNull();
  });
});
