/** The Cache-Control of each kind of answer (issue 19). */
export const CACHE_CONTROL = {
  /** The build's hashed files (`/assets/name-HASH.js`): a name never holds other bytes, so a year. */
  hashed: 'public, max-age=31536000, immutable',
  /** Public files under names that outlive a deploy (robots.txt, the API reference's Swagger UI). */
  short: 'public, max-age=3600',
  /**
   * Private answers (every API answer but those public files) and the page shell: never stored,
   * so that Back after sign-out restores no signed-in page from the back/forward cache, and a new
   * deploy's shell is fetched at once.
   */
  never: 'no-store',
} as const;
