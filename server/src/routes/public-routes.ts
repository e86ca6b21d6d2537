import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DOWNLOAD_ITEMS, PLATFORMS } from '@reachly/shared/constants';
import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { Handlers } from '../http/endpoints.ts';
import { CLIENT_EVENT_TYPE_LIST, isClientEventType, recordClientEvent } from '../services/client-events.ts';
import { plansOffer } from '../services/plans.ts';
import { countVisitOnce, PUBLIC_VISIT_COUNTER_KEYS, visitorId } from '../services/visits.ts';

/** The public site, open to visitors: the desktop app's downloads, the plans and prices, and the visit counters. */
export function publicHandlers({ db, config }: AppContext): Handlers<Contract['public']> {
  const releases = path.resolve(config.RELEASES_DIR);
  const published = (fileName: string) => {
    const file = path.join(releases, fileName);
    return existsSync(file) && statSync(file).isFile();
  };
  const visitor = (ip: string | undefined, userAgent: string | undefined) =>
    visitorId(config.AUTH_SECRET, ip, userAgent);
  return {
    downloadApp: ({ query, res }) =>
      new Promise<undefined>((resolve, reject) => {
        const { fileName } = DOWNLOAD_ITEMS[query.os];
        const file = path.join(releases, fileName);
        if (!published(fileName)) throw notFound(`${fileName} is not available yet.`);
        // res.download sets Content-Disposition (attachment; filename) and Content-Length, and streams.
        res.download(
          file,
          fileName,
          { dotfiles: 'deny', headers: { 'Cache-Control': 'no-store' } },
          (error) => {
            if (error && !res.headersSent) reject(error);
            else resolve(undefined);
          },
        );
      }),
    // The page offers only these (issue 19: no link that answers 404).
    downloads: () => ({ available: PLATFORMS.filter((os) => published(DOWNLOAD_ITEMS[os].fileName)) }),
    // The checkout links carry the signed-in buyer; a visitor's carry none.
    plans: ({ auth }) =>
      plansOffer(config, auth ? { email: auth.user.email, organizationId: auth.organizationId } : null),
    // Counted once per visitor, key and day; the server's own counters are not a visitor's to raise.
    summary: async ({ body: { key }, req }) => {
      if (!PUBLIC_VISIT_COUNTER_KEYS.includes(key)) throw forbidden(`${key} is counted by the server only.`);
      await countVisitOnce(db, key, visitor(req.ip, req.get('user-agent')));
      return { ok: true };
    },
    // Stored once per visitor, type and day, for the page's own event types only.
    emit: async ({ body, auth, req }) => {
      if (!isClientEventType(body.type)) {
        const message = `type must be one of ${CLIENT_EVENT_TYPE_LIST.join(', ')}`;
        throw badRequest(message, [{ path: ['type'], code: 'invalid_value', message }]);
      }
      await recordClientEvent(db, body, auth, visitor(req.ip, req.get('user-agent')));
      return { ok: true };
    },
  };
}
