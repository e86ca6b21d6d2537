/** The dashboard's screen paths (the auth pages are AUTH_PAGES in shared). */
export const ROUTES = {
  board: '/board',
  collections: '/collections',
  profiles: '/profiles',
  license: '/license',
  download: '/download',
} as const;
