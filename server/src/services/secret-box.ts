import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value is malformed, was altered, or was sealed with another key or context. */
export class SecretBoxError extends Error {}

export interface SecretBox {
  /**
   * Encrypts `plain` with a fresh random IV: `iv:tag:data`, each base64. `context` (for example
   * `profile:<organizationId>`) is authenticated, not stored: open() needs the same one.
   */
  seal(plain: string, context?: string): string;
  /** The plain text of a sealed value; a SecretBoxError when it cannot be authenticated. */
  open(sealed: string, context?: string): string;
}

/**
 * AES-256-GCM with the 32-byte key given as 64 hex characters (PROXY_SECRET_KEY). Secrets at rest
 * (proxy passwords) are stored sealed; a changed byte, a wrong key or a wrong context fails open().
 */
export function createSecretBox(keyHex: string): SecretBox {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new TypeError('the key must be 64 hexadecimal characters');
  const key = Buffer.from(keyHex, 'hex');

  return {
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join(':');
    },

    open(sealed, context = '') {
      const parts = sealed.split(':');
      const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64'));
      if (parts.length !== 3 || !iv || !tag || !data || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretBoxError('The sealed value is malformed.');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value cannot be authenticated.');
      }
    },
  };
}
