import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import {
  apiErrorSchema,
  conversationsColumnResponseSchema,
  conversationsGroupedResponseSchema,
} from '@reachly/shared/schemas';
import { expect } from 'vitest';
import { seedCollection } from './seed-conversations.ts';
import { apiErrorOf, registerAccount, type TestAccount, type TestServer } from './test-server.ts';

/**
 * What the funnel board's tests (conversations*.test.ts) share: an organisation, its board read
 * through the typed client, the refusals.
 */

/** A new account with one collection. */
export async function boardOrg(
  server: TestServer,
): Promise<{ account: TestAccount; org: number; collection: number }> {
  const account = await registerAccount(server, 'conv');
  const collection = await seedCollection(server, account.organizationId);
  return { account, org: account.organizationId, collection };
}

/** The query string's fields, for the typed client (`&collectionId=4&search=x`). */
export const fieldsOf = (query: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(query));

/** GET /api/conversations?groupByStatus=true…: the grouped form (the parse narrows the contract's union). */
export async function grouped(account: TestAccount, query = '') {
  const fields: Record<string, string> = { groupByStatus: 'true', ...fieldsOf(query) };
  const answer = await account.call(contract.conversations.list, { query: fields });
  return conversationsGroupedResponseSchema.parse(answer);
}

/** GET /api/conversations?status=…: one column's page. */
export async function column(account: TestAccount, query: string) {
  const answer = await account.call(contract.conversations.list, { query: fieldsOf(query) });
  return conversationsColumnResponseSchema.parse(answer);
}

/** The typed call is refused with this status (and message) and the API's error body. */
export async function expectCallError(call: Promise<unknown>, status: number, message?: string) {
  const error = await apiErrorOf(call);
  expect(error.status, error.message).toBe(status);
  if (message !== undefined) expect(error.message).toBe(message);
}

/** The same for a raw answer (a body the typed client cannot send, or a text to read). */
export function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

export const STATUS_MESSAGE = `Status must be one of ${CONVERSATION_STATUS_VALUES.join(', ')}`;
