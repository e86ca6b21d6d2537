import type { SandboxContext } from '../context.ts';
import type { Group, Person } from '../seed.ts';

/** The UI languages the replica speaks (`<html lang>`); `en` is the default. */
export const FB_LANGS = ['en', 'de', 'fr'] as const;
export type FbLang = (typeof FB_LANGS)[number];

/** A staged roll-out, per seeded person's page: their buttons capitalised or moved elsewhere. */
type RolloutVariant = 'capitalise' | 'move';

/** What only the Facebook skin keeps, beside the shared state; cleared on reset. */
export interface FacebookState {
  /** The UI language of each account (login → lang). */
  langs: Map<string, FbLang>;
  rollout: { slugs: Set<string>; variant: RolloutVariant };
  /** A label renamed for everybody ('Join group' → 'Join community'), English labels only. */
  renames: Map<string, string>;
}

export function createFacebookState(): FacebookState {
  return { langs: new Map(), rollout: { slugs: new Set(), variant: 'capitalise' }, renames: new Map() };
}

/** People are `/profile.php?id=<n>` (n from 1) and `/<slug>`; groups `/groups/<n>`. */
export const personId = (ctx: SandboxContext, slug: string): number =>
  [...ctx.state.people.keys()].indexOf(slug) + 1;
export const personById = (ctx: SandboxContext, id: number): Person | undefined =>
  [...ctx.state.people.values()][id - 1];
export const groupId = (ctx: SandboxContext, slug: string): number =>
  [...ctx.state.groups.keys()].indexOf(slug) + 1;
export const groupById = (ctx: SandboxContext, id: number): Group | undefined =>
  [...ctx.state.groups.values()][id - 1];
