/** The dashboard's screen paths (the auth pages are AUTH_PAGES in shared). */
export const ROUTES = {
  board: '/board',
  collections: '/collections',
  profiles: '/profiles',
  campaigns: '/campaigns',
  license: '/license',
  download: '/download',
  diagnostics: '/diagnostics',
} as const;
