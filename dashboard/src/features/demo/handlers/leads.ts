import {
  clearLeadsQuerySchema,
  createLeadsBodySchema,
  type ImportLeadsResponse,
  importLeadsFieldsSchema,
  LEADS_IMPORT_INVALID_LIST_MAX,
  type LeadCsvField,
  type LeadInput,
  leadCsvFieldForHeader,
  leadCsvRowSchema,
  leadsQuerySchema,
  updateLeadBodySchema,
} from '@reachly/shared/schemas';
import { ApiError } from '../../../lib/api.ts';
import { parseCsv } from '../demo-csv.ts';
import { type DemoCall, notFound, parseInput } from '../demo-http.ts';
import type { DemoDataset, DemoLead } from '../demo-types.ts';
import { forgetLeads } from './cascades.ts';
import { findCollection } from './collections.ts';

/** The demo reads an import file in the page; a larger one is refused rather than read whole. */
export const DEMO_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** GET /api/leads: the page after lastId in id order, and how many match collection and isExcluded. */
export function listLeads(data: DemoDataset, call: DemoCall) {
  const q = parseInput(leadsQuerySchema, call.query);
  if (q.collectionId !== 'all') findCollection(data, q.collectionId);
  const matching = data.leads
    .filter((l) => q.collectionId === 'all' || l.collectionId === q.collectionId)
    .filter((l) => q.isExcluded === undefined || l.isExcluded === q.isExcluded)
    .sort((a, b) => a.id - b.id);
  return {
    leads: matching.filter((l) => l.id > q.lastId).slice(0, q.limit),
    totalCount: matching.length,
  };
}

/** PATCH /api/leads {id, isExcluded}. */
export function updateLead(data: DemoDataset, call: DemoCall) {
  const { id, isExcluded } = parseInput(updateLeadBodySchema, call.json);
  const lead = data.leads.find((l) => l.id === id);
  if (!lead) throw notFound(`Lead ${id} not found.`);
  lead.isExcluded = isExcluded;
  return lead;
}

/** Adds leads not yet in the collection (by profile link); answers how many were added. */
function addLeads(data: DemoDataset, collectionId: number, inputs: LeadInput[], now: Date): number {
  const known = new Set(data.leads.filter((l) => l.collectionId === collectionId).map((l) => l.profileUrl));
  let nextId = Math.max(0, ...data.leads.map((l) => l.id)) + 1;
  let created = 0;
  for (const input of inputs) {
    if (known.has(input.profileUrl)) continue;
    known.add(input.profileUrl);
    const lead: DemoLead = {
      id: nextId++,
      collectionId,
      profileUrl: input.profileUrl,
      name: input.name,
      firstName: input.firstName,
      lastName: input.lastName,
      avatarUrl: input.avatarUrl,
      hasMessageButton: input.hasMessageButton,
      isExcluded: false,
      shouldSkip: false,
      source: input.source,
      friendRequestSentAt: null,
      messageSentAt: null,
      createdAt: now.toISOString(),
    };
    data.leads.push(lead);
    created++;
  }
  return created;
}

/** POST /api/leads {collectionId, leads}: leads already there or repeated count as duplicates. */
export function createLeads(data: DemoDataset, call: DemoCall) {
  const body = parseInput(createLeadsBodySchema, call.json);
  findCollection(data, body.collectionId);
  const inputs = body.leads.map((l) => ({ ...l, source: l.source ?? 'manual' }));
  const created = addLeads(data, body.collectionId, inputs, call.now);
  return { created, duplicates: body.leads.length - created };
}

function clearCollection(data: DemoDataset, collectionId: number): number {
  const leaving = new Set(data.leads.filter((l) => l.collectionId === collectionId).map((l) => l.id));
  data.leads = data.leads.filter((l) => !leaving.has(l.id));
  data.conversations = data.conversations.filter((c) => !leaving.has(c.leadId));
  forgetLeads(data, leaving);
  return leaving.size;
}

/** DELETE /api/leads/clear?collectionId: every lead of the collection and their conversations. */
export function clearLeads(data: DemoDataset, call: DemoCall) {
  const { collectionId } = parseInput(clearLeadsQuerySchema, call.query);
  findCollection(data, collectionId);
  return { deleted: clearCollection(data, collectionId) };
}

const notCsv = (why: string) =>
  new ApiError(400, 'BAD_REQUEST', `The file is not a CSV file of leads: ${why}`);

/**
 * POST /api/leads/import (multipart: file, collectionId, shouldClear, importId): the CSV is read
 * in the page (up to DEMO_IMPORT_MAX_BYTES) with the server's header aliases and row rules, and
 * answered with the server's summary. No progress pushes: the demo has no socket.
 */
export async function importLeads(data: DemoDataset, call: DemoCall): Promise<ImportLeadsResponse> {
  if (!(call.body instanceof FormData))
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as multipart form data.');
  const form = call.body;
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  const fields = parseInput(importLeadsFieldsSchema, {
    collectionId: text('collectionId'),
    shouldClear: text('shouldClear'),
    importId: text('importId'),
  });
  findCollection(data, fields.collectionId);
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new ApiError(400, 'BAD_REQUEST', 'file: attach the CSV file.');
  if (file.size > DEMO_IMPORT_MAX_BYTES)
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Demo mode imports CSV files up to 5 MB.');
  const { records, unclosedQuoteLine } = parseCsv(await file.text());
  const [header, ...rows] = records;
  if (!header) throw notCsv('it is empty.');
  const columns = header.cells.map((h) => leadCsvFieldForHeader(h));
  if (!columns.includes('profileUrl'))
    throw notCsv('its first line names no profile URL column (url, profileUrl or link).');

  if (fields.shouldClear) clearCollection(data, fields.collectionId);
  const invalid: { line: number; reason: string }[] = [];
  let invalidCount = 0;
  const addInvalid = (line: number, reason: string) => {
    invalidCount++;
    if (invalid.length < LEADS_IMPORT_INVALID_LIST_MAX) invalid.push({ line, reason });
  };
  const inputs: LeadInput[] = [];
  for (const record of rows) {
    const extra = record.cells.slice(header.cells.length).some((c) => c.trim() !== '');
    if (extra) {
      addInvalid(
        record.line,
        `The line has ${record.cells.length} cells, more than the header's ${header.cells.length}`,
      );
      continue;
    }
    const raw: Partial<Record<LeadCsvField, string>> = {};
    columns.forEach((field, i) => {
      if (field && raw[field] === undefined) raw[field] = record.cells[i] ?? '';
    });
    const row = leadCsvRowSchema.safeParse(raw);
    if (!row.success) {
      addInvalid(record.line, row.error.issues[0]?.message ?? 'The line is not a valid lead');
      continue;
    }
    inputs.push({ ...row.data, avatarUrl: null, hasMessageButton: false, source: 'import' });
  }
  if (unclosedQuoteLine !== null) addInvalid(unclosedQuoteLine, 'A quoted cell is never closed');
  const imported = addLeads(data, fields.collectionId, inputs, call.now);
  return {
    importId: fields.importId ?? `demo-${call.now.getTime()}`,
    imported,
    duplicates: inputs.length - imported,
    invalid: invalid.sort((a, b) => a.line - b.line),
    invalidCount,
  };
}
