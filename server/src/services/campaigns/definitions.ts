import { renderTemplate, seededRandom, templateErrors, templateVariants } from '@reachly/shared/logic';
import type {
  Campaign,
  CreateCampaignBody,
  PreviewTemplateBody,
  PreviewTemplateResponse,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Tables } from '../../db/tables.ts';
import { type CampaignSettings, parseSettings } from '../../engine/settings.ts';
import { badRequest, notFound } from '../../errors.ts';
import { type Tenant, tenant as tenantOf } from '../tenancy.ts';
import { checkStepColumns, previewForCollection } from './template-columns.ts';

/**
 * What a campaign is: a collection, its profiles, steps, caps, working hours and gaps (kept as one
 * settings jsonb). Reading, creating and deleting them, and the template preview.
 */

export type CampaignRow = Tables['campaigns'];

export const settingsOf = (row: CampaignRow): CampaignSettings => parseSettings(row.settings);

function toCampaign(row: CampaignRow, profileIds: number[]): Campaign {
  const settings = settingsOf(row);
  return {
    id: row.id,
    name: row.name,
    collectionId: row.collection_id,
    profileIds,
    steps: settings.steps,
    dailyCaps: settings.dailyCaps,
    workingHours: settings.workingHours,
    gapSeconds: settings.gapSeconds,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Profile ids per campaign, and the views and checks the commands share. */
export function createCampaignDefinitions({ db }: { db: Knex }) {
  /** Profile ids per campaign, ascending. */
  async function profileIdsOf(t: Tenant, campaignIds: number[]): Promise<Map<number, number[]>> {
    const byCampaign = new Map<number, number[]>(campaignIds.map((id) => [id, []]));
    if (campaignIds.length === 0) return byCampaign;
    const rows = (await t
      .table('campaign_profiles')
      .whereIn('campaign_profiles.campaign_id', campaignIds)
      .orderBy(['campaign_id', 'profile_id'])
      .select('campaign_id', 'profile_id')) as {
      campaign_id: number;
      profile_id: number;
    }[];
    for (const row of rows) byCampaign.get(row.campaign_id)?.push(row.profile_id);
    return byCampaign;
  }

  async function view(t: Tenant, row: CampaignRow): Promise<Campaign> {
    const ids = await profileIdsOf(t, [row.id]);
    return toCampaign(row, ids.get(row.id) ?? []);
  }

  /** 404 unless the collection and every profile are this organisation's. */
  async function checkOwnership(t: Tenant, collectionId?: number, profileIds?: readonly number[]) {
    if (collectionId !== undefined) await t.findOwned('collections', collectionId, 'Collection');
    if (profileIds !== undefined) {
      const found = new Set(
        ((await t.table('profiles').whereIn('profiles.id', profileIds).select('id')) as { id: number }[]).map(
          (r) => r.id,
        ),
      );
      const missing = profileIds.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound(`Profile ${missing} not found.`);
    }
  }

  async function replaceProfiles(
    t: Tenant,
    trx: Knex.Transaction,
    campaignId: number,
    ids: readonly number[],
  ) {
    await t.table('campaign_profiles').where('campaign_profiles.campaign_id', campaignId).delete();
    await trx('campaign_profiles').insert(
      ids.map((profileId) => ({
        organization_id: t.organizationId,
        campaign_id: campaignId,
        profile_id: profileId,
      })),
    );
  }

  /** The organisation's campaigns, newest first. */
  async function list(t: Tenant): Promise<Campaign[]> {
    const rows = (await t.table<CampaignRow>('campaigns').orderBy('id', 'desc').select('*')) as CampaignRow[];
    const ids = await profileIdsOf(
      t,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toCampaign(row, ids.get(row.id) ?? []));
  }

  async function get(t: Tenant, id: number): Promise<Campaign> {
    return view(t, await t.findOwned<CampaignRow>('campaigns', id, 'Campaign'));
  }

  /** A draft campaign with its profiles, in one transaction. */
  async function create(organizationId: number, body: CreateCampaignBody): Promise<Campaign> {
    return db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      await checkOwnership(t, body.collectionId, body.profileIds);
      await checkStepColumns(trx, t, body.collectionId, body.steps);
      const settings: CampaignSettings = {
        steps: body.steps,
        dailyCaps: body.dailyCaps,
        workingHours: body.workingHours,
        gapSeconds: body.gapSeconds,
      };
      const [row] = (await trx('campaigns')
        .insert({
          organization_id: organizationId,
          collection_id: body.collectionId,
          name: body.name,
          status: 'draft',
          settings: JSON.stringify(settings),
        })
        .returning('*')) as CampaignRow[];
      if (!row) throw new Error('insert returned no campaign');
      await replaceProfiles(t, trx, row.id, body.profileIds);
      return view(t, row);
    });
  }

  /** Deletes a campaign; its profiles list, tasks and logs go by cascade. */
  async function remove(t: Tenant, id: number): Promise<{ id: number }> {
    // returning(): the affected-row count is not reported alike by pg and PGlite.
    const deleted = await t.table('campaigns').where('campaigns.id', id).delete().returning('id');
    if (deleted.length === 0) throw notFound(`Campaign ${id} not found.`);
    return { id };
  }

  /**
   * A template rendered for a real lead of `collectionId` (template-columns.ts), else for the
   * sample lead; the same seed gives the same spin choices.
   */
  async function preview(
    organizationId: number,
    body: PreviewTemplateBody,
  ): Promise<PreviewTemplateResponse> {
    const { collectionId } = body;
    if (collectionId !== undefined) {
      return previewForCollection(db, tenantOf(db, organizationId), { ...body, collectionId });
    }
    // The sample lead has no imported columns: only the built-in variables.
    const unknown = templateErrors(body.template);
    if (unknown[0]) throw badRequest(unknown[0].message);
    const random = body.seed === undefined ? Math.random : seededRandom(body.seed);
    return {
      text: renderTemplate(body.template, body.lead ?? {}, random),
      variants: templateVariants(body.template),
    };
  }

  return { list, get, create, remove, preview, view, checkOwnership, replaceProfiles };
}
