import { describe, expect, it } from 'vitest';
import { authErrorMessage, safeCallbackUrl } from './auth-messages.ts';

describe('safeCallbackUrl', () => {
  it('keeps a page of this site, path, query and hash', () => {
    expect(safeCallbackUrl(`${window.location.origin}/profiles?page=2#x`)).toBe('/profiles?page=2#x');
    expect(safeCallbackUrl('/collections/4')).toBe('/collections/4');
  });

  it('sends anything else to the board: none, another site, the auth pages themselves', () => {
    expect(safeCallbackUrl(null)).toBe('/board');
    expect(safeCallbackUrl('https://evil.example/steal')).toBe('/board');
    expect(safeCallbackUrl('//evil.example/steal')).toBe('/board');
    expect(safeCallbackUrl('/signin?error=SessionRequired')).toBe('/board');
  });
});

describe('authErrorMessage', () => {
  it('names the errors a user can meet, and a generic one for the rest', () => {
    expect(authErrorMessage('SessionRequired')).toBe('Please sign in to see that page.');
    expect(authErrorMessage('CredentialsSignin')).toBe('Wrong email or password.');
    expect(authErrorMessage('banned')).toBe('This account is banned.');
    expect(authErrorMessage('Whatever')).toBe('Sign-in failed. Please try again.');
    expect(authErrorMessage(null)).toBeNull();
  });
});
