import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createSecretBox, SecretBoxError } from '../src/services/secret-box.ts';

const key = randomBytes(32).toString('hex');

/** The sealed value with one bit of its part `index` (0 iv, 1 tag, 2 data) flipped. */
function flip(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[index] as string, 'base64');
  bytes[0] = (bytes[0] as number) ^ 1;
  parts[index] = bytes.toString('base64');
  return parts.join(':');
}

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key);
    for (const plain of ['s3cret-Pässwörd ✓', '', 'x'.repeat(200)]) {
      const sealed = box.seal(plain);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(sealed.split(':')).toHaveLength(3);
      expect(box.open(sealed)).toBe(plain);
    }
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered iv, tag or ciphertext', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('hunter2-hunter2');
    for (const part of [0, 1, 2]) {
      expect(() => box.open(flip(sealed, part))).toThrow(SecretBoxError);
    }
  });

  it('refuses another key, another context and malformed values', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('password', 'profile-proxy-password:1');
    expect(box.open(sealed, 'profile-proxy-password:1')).toBe('password');
    expect(() => box.open(sealed, 'profile-proxy-password:2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
    expect(() =>
      createSecretBox(randomBytes(32).toString('hex')).open(sealed, 'profile-proxy-password:1'),
    ).toThrow(SecretBoxError);
    for (const bad of ['', 'abc', 'a:b:c', 'a:b:c:d', sealed.split(':').slice(0, 2).join(':')]) {
      expect(() => box.open(bad)).toThrow(SecretBoxError);
    }
  });

  it('needs a 32-byte key as 64 hex characters', () => {
    expect(() => createSecretBox('abc')).toThrow(TypeError);
    expect(() => createSecretBox('z'.repeat(64))).toThrow(TypeError);
  });
});

describe('PROXY_SECRET_KEY', () => {
  it('is generated once into the data folder when unset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reachly-key-'));
    const first = loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) });
    expect(first.PROXY_SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'proxy-secret-key'), 'utf8').trim()).toBe(first.PROXY_SECRET_KEY);
    expect(loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) }).PROXY_SECRET_KEY).toBe(
      first.PROXY_SECRET_KEY,
    );
  });

  it('takes the environment value and refuses one that is not 64 hex characters', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reachly-key-'));
    expect(loadConfig({ DATA_DIR: dir, PROXY_SECRET_KEY: key }).PROXY_SECRET_KEY).toBe(key);
    expect(() => loadConfig({ DATA_DIR: dir, PROXY_SECRET_KEY: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PROXY_SECRET_KEY: `${key}00` })).toThrow(
      'Invalid environment variable PROXY_SECRET_KEY: expected 64 hexadecimal characters (a 32-byte key)',
    );
  });
});
