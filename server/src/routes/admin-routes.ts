import { timingSafeEqual } from 'node:crypto';
import {
  adminAttachProfilesBodySchema,
  adminBanBodySchema,
  adminCreateUserBodySchema,
  adminDesktopVersionBodySchema,
  adminGrantLicenceBodySchema,
  adminGrantTrafficBodySchema,
} from '@reachly/shared/schemas';
import { type Request, type RequestHandler, Router } from 'express';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** True for a request from this machine (the admin tool runs beside the server). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin API behind `npm run admin`: loopback only, with the server's admin token. */
export function adminRoutes({ config, admin }: AppContext): Router {
  const router = Router();
  const onlyAdmin: RequestHandler = (req: Request, _res, next) => {
    const token = req.get(ADMIN_TOKEN_HEADER) ?? '';
    if (!isLoopback(req.socket.remoteAddress) || !sameSecret(token, config.ADMIN_TOKEN)) {
      throw forbidden('The admin API answers only the admin tool on this machine.');
    }
    next();
  };
  router.use('/admin', onlyAdmin, ...jsonBody('1mb'));

  router.post('/admin/users', async (req, res) => {
    res.status(201).json(await admin.createUser(parse(adminCreateUserBodySchema, req.body)));
  });
  router.post('/admin/licence', async (req, res) => {
    res.json(await admin.grantLicence(parse(adminGrantLicenceBodySchema, req.body)));
  });
  router.post('/admin/traffic', async (req, res) => {
    res.json(await admin.grantTraffic(parse(adminGrantTrafficBodySchema, req.body)));
  });
  router.post('/admin/ban', async (req, res) => {
    const body = parse(adminBanBodySchema, req.body);
    res.json(await admin.setBanned(body.email, body.banned));
  });
  router.post('/admin/profiles', async (req, res) => {
    res.status(201).json(await admin.attachProfiles(parse(adminAttachProfilesBodySchema, req.body)));
  });
  router.post('/admin/desktop-version', async (req, res) => {
    res.json(await admin.setDesktopVersion(parse(adminDesktopVersionBodySchema, req.body).version));
  });
  return router;
}
