import type { ExportConversationsQuery, ExportLeadsQuery } from '@reachly/shared/schemas';
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { campaignResultsExport } from './campaign-results-export.ts';
import { conversationsExport } from './conversations-export.ts';
import { type CsvExport, sendCsv } from './csv-response.ts';
import { leadsExport } from './leads-export.ts';

export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * CSV exports (issue 20, docs/design.md §7): leads, the board's conversations and a campaign's
 * results, each read in keyset batches and streamed to the client with back-pressure
 * (csv-response.ts). Tenancy is checked before the first byte: another organisation's collection
 * or campaign answers 404.
 */
export function createExportsService({ db, logger }: { db: Knex; logger: Logger }) {
  const send = async (res: Response, csv: Promise<CsvExport>) => sendCsv(res, await csv, logger, new Date());
  return {
    leads: (res: Response, organizationId: number, query: ExportLeadsQuery) =>
      send(res, leadsExport(db, organizationId, query)),
    conversations: (res: Response, organizationId: number, query: ExportConversationsQuery) =>
      send(res, conversationsExport(db, organizationId, query)),
    campaignResults: (res: Response, organizationId: number, campaignId: number) =>
      send(res, campaignResultsExport(db, organizationId, campaignId)),
  };
}
