import {
  CAMPAIGN_TRANSITIONS,
  type CampaignCommand,
  COMMAND_FOR_STATUS,
  isLicenseValid,
  transitionRefusal,
} from '@reachly/shared/logic';
import type { Campaign, CampaignStatus, UpdateCampaignBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Clock } from '../../engine/clock.ts';
import type { CampaignSettings } from '../../engine/settings.ts';
import { conflict, HttpError, notFound } from '../../errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type Tenant, tenant as tenantOf } from '../tenancy.ts';
import { recordCampaignStatus } from '../webhooks/record-event.ts';
import { type CampaignRow, type createCampaignDefinitions, settingsOf } from './definitions.ts';
import { checkStepColumns } from './template-columns.ts';

/**
 * The user's commands on a campaign: a change of its fields and the status commands start, pause
 * and stop (licence 402, transitions 409), each in one transaction, pushed once it has committed.
 * Planning and running tasks is the engine's; this only records what the user asks.
 */

const NO_LICENCE_MESSAGE =
  'Starting a campaign needs a valid licence: your licence has expired or there is none. Renew it to start campaigns.';

/** The PATCH fields a running campaign's log names when they change. */
const CHANGE_LABELS: readonly [keyof UpdateCampaignBody, string][] = [
  ['steps', 'steps'],
  ['dailyCaps', 'daily caps'],
  ['workingHours', 'working hours'],
  ['gapSeconds', 'gaps between actions'],
  ['profileIds', 'profiles'],
  ['collectionId', 'collection'],
];

export interface CampaignCommandDeps {
  db: Knex;
  realtime: Realtime;
  /** The engine's clock: a licence is valid or not at the time the engine runs on. */
  clock: Clock;
  /** Called once a campaign has started or resumed (the engine plans its tasks). */
  onRunning?: ((campaignId: number) => Promise<unknown>) | undefined;
  /** Called after a running campaign's settings changed (the engine logs it and wakes its executors). */
  onChanged?:
    | ((organizationId: number, campaign: Campaign, changed: string[]) => Promise<unknown>)
    | undefined;
  definitions: ReturnType<typeof createCampaignDefinitions>;
}

/** The organisation's campaign, locked for the change; 404 when it is not there. */
async function lockCampaign(t: Tenant, id: number): Promise<CampaignRow> {
  const stored = (await t.table<CampaignRow>('campaigns').where('campaigns.id', id).forUpdate().first()) as
    | CampaignRow
    | undefined;
  if (!stored) throw notFound(`Campaign ${id} not found.`);
  return stored;
}

export function createCampaignCommands({
  db,
  realtime,
  clock,
  onRunning,
  onChanged,
  definitions,
}: CampaignCommandDeps) {
  const { view, checkOwnership, replaceProfiles } = definitions;

  /** Throws 409 unless `command` may leave `status`, and 402 when starting without a valid licence. */
  async function checkTransition(
    trx: Knex.Transaction,
    organizationId: number,
    status: CampaignStatus,
    command: CampaignCommand,
  ) {
    const refusal = transitionRefusal(status, command);
    if (refusal) throw conflict(refusal);
    if (command === 'start') {
      const licence = await trx('licences').where({ organization_id: organizationId }).first('license_till');
      if (!isLicenseValid({ licenseTill: licence?.license_till ?? null }, clock.now())) {
        throw new HttpError('PAYMENT_REQUIRED', NO_LICENCE_MESSAGE);
      }
    }
    return CAMPAIGN_TRANSITIONS[command].to;
  }

  async function pushStatus(organizationId: number, campaign: Campaign, previous: CampaignStatus) {
    if (campaign.status === previous) return;
    if (campaign.status === 'running') await onRunning?.(campaign.id);
    realtime.emit(organizationId, 'campaign-status-update', {
      campaignId: campaign.id,
      status: campaign.status,
    });
    if (campaign.status === 'running') {
      realtime.emit(organizationId, 'campaign-start', {
        campaignId: campaign.id,
        profileIds: campaign.profileIds,
      });
    }
  }

  /**
   * Changes the fields sent; profileIds replaces the list; a status goes through the same rules as
   * start/pause/stop. Everything in one transaction, the pushes after it commits.
   */
  async function update(organizationId: number, id: number, body: UpdateCampaignBody): Promise<Campaign> {
    const { campaign, previous } = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const stored = await lockCampaign(t, id);
      await checkOwnership(t, body.collectionId, body.profileIds);
      const status =
        body.status === undefined
          ? stored.status
          : await checkTransition(trx, organizationId, stored.status, COMMAND_FOR_STATUS[body.status]);
      const old = settingsOf(stored);
      const settings: CampaignSettings = {
        steps: body.steps ?? old.steps,
        dailyCaps: body.dailyCaps ?? old.dailyCaps,
        workingHours: body.workingHours ?? old.workingHours,
        gapSeconds: body.gapSeconds ?? old.gapSeconds,
      };
      if (body.steps || body.collectionId) {
        await checkStepColumns(trx, t, body.collectionId ?? stored.collection_id, settings.steps);
      }
      const [row] = (await t
        .table('campaigns')
        .where('campaigns.id', id)
        .update({
          name: body.name ?? stored.name,
          collection_id: body.collectionId ?? stored.collection_id,
          status,
          settings: JSON.stringify(settings),
          updated_at: trx.fn.now(),
          // Edits reach tasks not yet done: the next claim plans again with the new settings.
          planned_at: null,
        })
        .returning('*')) as unknown as CampaignRow[];
      if (!row) throw notFound(`Campaign ${id} not found.`);
      if (body.profileIds) await replaceProfiles(t, trx, id, body.profileIds);
      await recordCampaignStatus(trx, organizationId, row, stored.status, clock.now());
      return { campaign: await view(t, row), previous: stored.status };
    });
    await pushStatus(organizationId, campaign, previous);
    const changed = CHANGE_LABELS.filter(([field]) => body[field] !== undefined).map(([, label]) => label);
    if (campaign.status === 'running' && previous === 'running' && changed.length > 0) {
      await onChanged?.(organizationId, campaign, changed);
    }
    return campaign;
  }

  /** POST /api/campaigns/:id/start|pause|stop. */
  async function command(organizationId: number, id: number, cmd: CampaignCommand): Promise<Campaign> {
    const { campaign, previous } = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const stored = await lockCampaign(t, id);
      const status = await checkTransition(trx, organizationId, stored.status, cmd);
      const [row] = (await t
        .table('campaigns')
        .where('campaigns.id', id)
        .update({ status, updated_at: trx.fn.now() })
        .returning('*')) as unknown as CampaignRow[];
      if (!row) throw notFound(`Campaign ${id} not found.`);
      await recordCampaignStatus(trx, organizationId, row, stored.status, clock.now());
      return { campaign: await view(t, row), previous: stored.status };
    });
    await pushStatus(organizationId, campaign, previous);
    return campaign;
  }

  return { update, command };
}
