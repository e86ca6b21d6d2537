/**
 * Random identifiers from crypto.getRandomValues, which (unlike crypto.randomUUID) also works on a
 * plain-http origin such as a self-hosted server on the local network.
 */

/** `count` random bytes as lowercase hex (the first-visit id is 32 bytes, spec §9). */
export function randomHex(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random id for guest ids and bridge request ids (128 bits). */
export function randomId(): string {
  return randomHex(16);
}
