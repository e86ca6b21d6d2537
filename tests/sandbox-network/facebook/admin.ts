import express, { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { isLoopback } from '../routes/admin.ts';
import { FB_LANGS, type FbLang } from './state.ts';

export interface FacebookSettings {
  /** UI language per account login. */
  langs?: Record<string, FbLang>;
  /** The staged roll-out: these people's pages capitalise their labels or move their buttons. */
  rollout?: { slugs: string[]; variant: 'capitalise' | 'move' };
  /** English labels renamed for everybody (`{"Join group": "Join community"}`); `{}` clears. */
  renames?: Record<string, string>;
}

function view(ctx: SandboxContext): Required<FacebookSettings> {
  const { langs, rollout, renames } = ctx.facebook;
  return {
    langs: Object.fromEntries(langs),
    rollout: { slugs: [...rollout.slugs], variant: rollout.variant },
    renames: Object.fromEntries(renames),
  };
}

const bad = (message: string) => ({ error: { code: 'BAD_REQUEST', message } });

/** GET/PUT /admin/facebook (loopback only): the replica's languages, roll-out and renamed labels. */
export function facebookAdminRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (isLoopback(req.socket.remoteAddress)) return next();
    res
      .status(403)
      .json({ error: { code: 'LOOPBACK_ONLY', message: 'The admin API answers loopback callers only.' } });
  });
  router.use(express.json());
  router.get('/', (_req, res) => res.json(view(ctx)));
  router.put('/', (req, res) => {
    const body = (req.body ?? {}) as FacebookSettings;
    const langs = Object.entries(body.langs ?? {});
    if (langs.some(([, lang]) => !FB_LANGS.includes(lang)))
      return void res.status(400).json(bad(`lang is one of ${FB_LANGS.join(', ')}`));
    const rollout = body.rollout;
    if (rollout && (!Array.isArray(rollout.slugs) || !['capitalise', 'move'].includes(rollout.variant)))
      return void res.status(400).json(bad('rollout needs slugs and a variant (capitalise or move)'));
    const renames = Object.entries(body.renames ?? {});
    if (renames.some(([, to]) => typeof to !== 'string' || to === ''))
      return void res.status(400).json(bad('a rename needs a label'));
    for (const [login, lang] of langs) ctx.facebook.langs.set(login, lang);
    if (rollout) ctx.facebook.rollout = { slugs: new Set(rollout.slugs), variant: rollout.variant };
    if (body.renames) ctx.facebook.renames = new Map(renames);
    res.json(view(ctx));
  });
  return router;
}
