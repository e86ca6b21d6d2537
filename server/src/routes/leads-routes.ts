import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Leads (spec §7): pages, exclusion, bulk add, the CSV import, clearing a collection, bulk actions. */
export function leadsHandlers({ leads, engine }: AppContext): Handlers<Contract['leads']> {
  return {
    list: ({ auth, query }) => leads.list(auth.organizationId, query),
    setExcluded: ({ auth, body }) => leads.setExcluded(auth.organizationId, body.id, body.isExcluded),
    // Up to LEADS_BULK_MAX (10,000) leads with their links and names. New leads of a collection a
    // running campaign works are targeted, and its executors woken, once the answer is out.
    create: async ({ auth, body, afterAnswer }) => {
      const created = await leads.createMany(auth.organizationId, body.collectionId, body.leads);
      afterAnswer(() => engine.collectionChanged(auth.organizationId, body.collectionId));
      return created;
    },
    import: {
      before: [leads.importUpload.middleware],
      handle: async ({ auth, req, afterAnswer }) => {
        const imported = await leads.importUpload.commit(req);
        afterAnswer(() => engine.collectionChanged(auth.organizationId, null));
        return imported;
      },
    },
    clear: ({ auth, query }) => leads.clear(auth.organizationId, query.collectionId),
    // Leads that come back to work (included, moved or copied) are targeted by the running
    // campaigns of their collection once the answer is out, as added leads are.
    bulk: async ({ auth, body, afterAnswer }) => {
      const done = await leads.bulk(auth.organizationId, body);
      if (body.action !== 'exclude' && body.action !== 'delete' && done.changed > 0) {
        afterAnswer(() => engine.collectionChanged(auth.organizationId, null));
      }
      return done;
    },
  };
}
