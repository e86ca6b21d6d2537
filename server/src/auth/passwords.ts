import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended setting (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1), not
 * the library's default (m=64 MiB, t=3, p=4): the server runs on a user's laptop all day, and each
 * sign-in or sign-up held 64 MiB (most of the server's peak RSS in the import and export benches)
 * and four threads. A hash keeps its parameters, so older hashes still verify.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

// Verifying against this when the email is unknown keeps sign-in time the same for both cases.
const dummyHash = hashPassword('not-a-real-password-just-for-timing');

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}
