/** The dashboard's screen paths (the auth pages are AUTH_PAGES in shared). */
export const ROUTES = {
  board: '/board',
  inbox: '/inbox',
  collections: '/collections',
  profiles: '/profiles',
  campaigns: '/campaigns',
  reports: '/reports',
  license: '/license',
  download: '/download',
  diagnostics: '/diagnostics',
  team: '/team',
  join: '/join',
  account: '/account',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  webhooks: '/webhooks',
  doNotContact: '/do-not-contact',
} as const;
