import type { Collection } from '@reachly/shared/schemas';
import {
  createCollectionBodySchema,
  idParamsSchema,
  renameCollectionBodySchema,
} from '@reachly/shared/schemas';
import { conflict, type DemoCall, notFound, parseInput } from '../demo-http.ts';
import type { DemoCollection, DemoDataset } from '../demo-types.ts';
import { forgetCampaigns, forgetLeads } from './cascades.ts';

/** A collection with its counters counted from its leads, as the server counts them. */
export function collectionView(data: DemoDataset, c: DemoCollection): Collection {
  const leads = data.leads.filter((l) => l.collectionId === c.id);
  return {
    id: c.id,
    name: c.name,
    profiles: leads.length,
    hasMessageButton: leads.filter((l) => l.hasMessageButton).length,
    sentFriendRequests: leads.filter((l) => l.friendRequestSentAt !== null).length,
    sentMessages: leads.filter((l) => l.messageSentAt !== null).length,
    shouldSkip: leads.filter((l) => l.shouldSkip).length,
  };
}

export function findCollection(data: DemoDataset, id: number): DemoCollection {
  const found = data.collections.find((c) => c.id === id);
  if (!found) throw notFound(`Collection ${id} not found.`);
  return found;
}

const duplicateName = (name: string) => conflict(`A collection named "${name}" already exists.`);
const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;

/** GET /api/collections: oldest first. */
export function listCollections(data: DemoDataset) {
  return [...data.collections].sort((a, b) => a.id - b.id).map((c) => collectionView(data, c));
}

/** POST /api/collections {name}: 409 when the name is taken. */
export function createCollection(data: DemoDataset, call: DemoCall) {
  const { name } = parseInput(createCollectionBodySchema, call.json);
  if (data.collections.some((c) => c.name === name)) throw duplicateName(name);
  const collection = {
    id: nextId(data.collections.map((c) => c.id)),
    name,
    createdAt: call.now.toISOString(),
  };
  data.collections.push(collection);
  return collectionView(data, collection);
}

/** PATCH /api/collections/:id {name}. */
export function renameCollection(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(idParamsSchema, call.params);
  const { name } = parseInput(renameCollectionBodySchema, call.json);
  const collection = findCollection(data, id);
  if (data.collections.some((c) => c.name === name && c.id !== id)) throw duplicateName(name);
  collection.name = name;
  return collectionView(data, collection);
}

/** DELETE /api/collections/:id: the collection, its leads and their conversations, its campaigns. */
export function deleteCollection(data: DemoDataset, call: DemoCall) {
  const { id } = parseInput(idParamsSchema, call.params);
  findCollection(data, id);
  data.collections = data.collections.filter((c) => c.id !== id);
  forgetCampaigns(data, new Set(data.campaigns.filter((c) => c.collectionId === id).map((c) => c.id)));
  forgetLeads(data, new Set(data.leads.filter((l) => l.collectionId === id).map((l) => l.id)));
  data.leads = data.leads.filter((l) => l.collectionId !== id);
  data.conversations = data.conversations.filter((c) => c.collectionId !== id);
  return { id };
}
