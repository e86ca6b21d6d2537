import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors.ts';
import { tenant } from '../src/services/tenancy.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
let orgA: number;
let orgB: number;
let collectionA: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  [orgA, orgB] = (
    await db('organizations')
      .insert([
        { name: 'A', invite_token: 'tenancy-a' },
        { name: 'B', invite_token: 'tenancy-b' },
      ])
      .returning('id')
  ).map((r: { id: number }) => r.id) as [number, number];
  const [row] = await db('collections').insert({ organization_id: orgA, name: 'Leads of A' }).returning('id');
  collectionA = row.id;
  await db('collections').insert({ organization_id: orgB, name: 'Leads of B' });
});
afterAll(() => database?.destroy());

describe('the organisation-scoping helper', () => {
  it("finds the organisation's own row", async () => {
    const row = await tenant(database.db, orgA).findOwned<{ name: string }>('collections', collectionA);
    expect(row.name).toBe('Leads of A');
  });

  it("answers another organisation's id exactly as an id that does not exist: 404", async () => {
    const foreign = await tenant(database.db, orgB)
      .findOwned('collections', collectionA, 'Collection')
      .catch((e: unknown) => e);
    const missing = await tenant(database.db, orgB)
      .findOwned('collections', 999_999, 'Collection')
      .catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(HttpError);
    expect((foreign as HttpError).status).toBe(404);
    expect((foreign as HttpError).toBody()).toEqual({
      error: { code: 'NOT_FOUND', message: `Collection ${collectionA} not found.` },
    });
    expect((missing as HttpError).status).toBe(404);
  });

  it("lists and changes only the organisation's rows", async () => {
    const rows = await tenant(database.db, orgB).table<{ name: string }>('collections').select('name');
    expect(rows.map((r) => r.name)).toEqual(['Leads of B']);
    const changed = await tenant(database.db, orgB)
      .table('collections')
      .where({ id: collectionA })
      .update({ name: 'x' });
    expect(changed).toBe(0);
    expect((await database.db('collections').where({ id: collectionA }).first()).name).toBe('Leads of A');
  });
});
