export * from './collections.ts';
export * from './funnel.ts';
export * from './license.ts';
export * from './paging.ts';
export * from './platform.ts';
export * from './templates.ts';
export * from './traffic.ts';
export * from './visits.ts';
