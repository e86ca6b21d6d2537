/**
 * The agent's log never shows a secret: every line goes through `redact` before it is written. It
 * knows the secrets the agent holds (the access token, the proxy logins' passwords it hands to the
 * forwarding proxies) and blanks any credentials written into a URL (`//user:pass@host`).
 */
export const REDACTED = '[redacted]';

/** Shorter values are left alone: they would blank ordinary words. */
const MIN_SECRET_LENGTH = 4;

export interface Redactor {
  /** Remembers a secret to blank from now on (null and empty values are ignored). */
  add(secret: string | null | undefined): void;
  redact(line: string): string;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  return {
    add(secret) {
      if (secret && secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
    },
    redact(line) {
      let out = line.replace(/(\/\/)[^/@\s]*:[^/@\s]*@/g, `$1${REDACTED}@`);
      // Longest first, so a secret that contains another is blanked whole.
      for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
        out = out.split(secret).join(REDACTED);
      }
      return out;
    },
  };
}
