import {
  CAMPAIGN_TRANSITIONS,
  type CampaignCommand,
  COMMAND_FOR_STATUS,
  isLicenseValid,
  renderTemplate,
  seededRandom,
  templateVariants,
  transitionRefusal,
} from '@reachly/shared/logic';
import {
  type CampaignStatus,
  createCampaignBodySchema,
  idParamsSchema,
  previewTemplateBodySchema,
  updateCampaignBodySchema,
} from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { conflict, type DemoCall, notFound, parseInput } from '../demo-http.ts';
import type { DemoCampaign, DemoDataset } from '../demo-types.ts';
import { forgetCampaigns } from './cascades.ts';
import { findCollection } from './collections.ts';

/**
 * Campaigns in demo mode, with the server's rules (server/src/services/campaigns-service.ts):
 * CRUD, the status commands start / pause / stop and template previews. The demo runs nothing:
 * a started campaign only changes its status.
 */

const NO_LICENCE_MESSAGE =
  'Starting a campaign needs a valid licence: your licence has expired or there is none. Renew it to start campaigns.';

/** The campaign named by the route's `:id` (400 for a bad id, 404 for an unknown one). */
export function findCampaign(data: DemoDataset, call: DemoCall): DemoCampaign {
  const { id } = parseInput(idParamsSchema, call.params);
  const found = data.campaigns.find((c) => c.id === id);
  if (!found) throw notFound(`Campaign ${id} not found.`);
  return found;
}

/** 404 unless the collection and every profile exist (the server's ownership check). */
function checkReferences(data: DemoDataset, collectionId?: number, profileIds?: readonly number[]) {
  if (collectionId !== undefined) findCollection(data, collectionId);
  const missing = profileIds?.find((id) => !data.profiles.some((p) => p.id === id));
  if (missing !== undefined) throw notFound(`Profile ${missing} not found.`);
}

/** 409 unless `command` may leave `status`; 402 when starting without a valid licence. */
function checkTransition(data: DemoDataset, status: CampaignStatus, command: CampaignCommand, now: Date) {
  const refusal = transitionRefusal(status, command);
  if (refusal) throw conflict(refusal);
  if (command === 'start' && !isLicenseValid(data.user.license, now)) {
    throw new ApiError(402, 'PAYMENT_REQUIRED', NO_LICENCE_MESSAGE);
  }
  return CAMPAIGN_TRANSITIONS[command].to;
}

const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** GET /api/campaigns: newest first. */
export function listCampaigns(data: DemoDataset): DemoCampaign[] {
  return [...data.campaigns].sort((a, b) => b.id - a.id);
}

/** GET /api/campaigns/:id. */
export function getCampaign(data: DemoDataset, call: DemoCall): DemoCampaign {
  return findCampaign(data, call);
}

/** POST /api/campaigns: a draft (the server answers 201 with it). */
export function createCampaign(data: DemoDataset, call: DemoCall): DemoCampaign {
  const body = parseInput(createCampaignBodySchema, call.json);
  checkReferences(data, body.collectionId, body.profileIds);
  const now = call.now.toISOString();
  const campaign: DemoCampaign = {
    id: Math.max(0, ...data.campaigns.map((c) => c.id)) + 1,
    name: body.name,
    collectionId: body.collectionId,
    profileIds: ascending(body.profileIds),
    steps: body.steps,
    dailyCaps: body.dailyCaps,
    workingHours: body.workingHours,
    gapSeconds: body.gapSeconds,
    status: 'draft',
    createdAt: now,
    updatedAt: now,
  };
  data.campaigns.push(campaign);
  return campaign;
}

/**
 * PATCH /api/campaigns/:id: the fields sent change, profileIds replaces the list, a status goes
 * through the rules of start / pause / stop. Every check passes before anything changes.
 */
export function updateCampaign(data: DemoDataset, call: DemoCall): DemoCampaign {
  parseInput(idParamsSchema, call.params);
  const body = parseInput(updateCampaignBodySchema, call.json);
  const campaign = findCampaign(data, call);
  checkReferences(data, body.collectionId, body.profileIds);
  const status =
    body.status === undefined
      ? campaign.status
      : checkTransition(data, campaign.status, COMMAND_FOR_STATUS[body.status], call.now);
  Object.assign(campaign, {
    name: body.name ?? campaign.name,
    collectionId: body.collectionId ?? campaign.collectionId,
    profileIds: body.profileIds ? ascending(body.profileIds) : campaign.profileIds,
    steps: body.steps ?? campaign.steps,
    dailyCaps: body.dailyCaps ?? campaign.dailyCaps,
    workingHours: body.workingHours ?? campaign.workingHours,
    gapSeconds: body.gapSeconds ?? campaign.gapSeconds,
    status,
    updatedAt: call.now.toISOString(),
  });
  return campaign;
}

/** DELETE /api/campaigns/:id: with its tasks and log. */
export function deleteCampaign(data: DemoDataset, call: DemoCall) {
  const { id } = findCampaign(data, call);
  forgetCampaigns(data, new Set([id]));
  return { id };
}

/** POST /api/campaigns/:id/start|pause|stop. */
export function campaignCommand(command: CampaignCommand) {
  return (data: DemoDataset, call: DemoCall): DemoCampaign => {
    const campaign = findCampaign(data, call);
    campaign.status = checkTransition(data, campaign.status, command, call.now);
    campaign.updatedAt = call.now.toISOString();
    return campaign;
  };
}

/**
 * POST /api/campaigns/preview-template {template, lead?, seed?}: rendered with the shared template
 * logic (the same seed, the same spin choices) and the number of variants. An unknown variable is
 * a 400 naming it, from the shared template schema.
 */
export function previewTemplate(_data: DemoDataset, call: DemoCall) {
  const body = parseInput(previewTemplateBodySchema, call.json);
  const random = body.seed === undefined ? Math.random : seededRandom(body.seed);
  return {
    text: renderTemplate(body.template, body.lead ?? {}, random),
    variants: templateVariants(body.template),
  };
}
