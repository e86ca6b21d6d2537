import { contract } from '@reachly/shared/contract';
import type { ExtensionSession, PageSignature } from '@reachly/shared/extension';
import { DEFAULT_FACEBOOK_LOCATORS, type LocatorTable, locatorTableSchema } from '@reachly/shared/schemas';
import { storage } from 'wxt/utils/storage';
import { sessionClient } from '../api-client.ts';

/**
 * The locator table in force in this browser: the server's (GET /api/locators), fetched before the
 * first step, before the next step once the server announces a new one (locatorsChanged, on the
 * socket's push) and otherwise at most every REFRESH_MS before a step, kept in storage;
 * the copy built into the extension until a server's arrives. A table never goes back to a lower
 * version. Also sends the redacted page signatures of locators that found nothing.
 */

const REFRESH_MS = 15_000;
/** The same locator on the same page pattern is reported at most this often from one browser. */
const DIAGNOSTIC_EVERY_MS = 10 * 60_000;

const locatorsItem = storage.defineItem<LocatorTable | null>('local:locators', { fallback: null });

let checkedAt = 0;
const reportedAt = new Map<string, number>();

async function stored(): Promise<LocatorTable> {
  const table = await locatorsItem.getValue();
  const parsed = locatorTableSchema.safeParse(table);
  return parsed.success && parsed.data.version >= DEFAULT_FACEBOOK_LOCATORS.version
    ? parsed.data
    : DEFAULT_FACEBOOK_LOCATORS;
}

/** The table to use now; asks the server when the last look is older than REFRESH_MS (or `force`). */
export async function currentLocators(
  session: ExtensionSession | null,
  force = false,
): Promise<LocatorTable> {
  const have = await stored();
  if (!session || (!force && Date.now() - checkedAt < REFRESH_MS)) return have;
  checkedAt = Date.now();
  try {
    const table = await sessionClient(session).call(contract.locators.current, {
      query: { network: 'facebook' },
    });
    if (table.version < have.version) return have;
    await locatorsItem.setValue(table);
    return table;
  } catch {
    return have;
  }
}

/** The server announced a new table (a `locators-updated` push): the next step fetches it first. */
export function locatorsChanged(): void {
  checkedAt = 0;
}

/** Sends a page signature (POST /api/diagnostics); best effort, never in the step's way. */
export async function reportDiagnostic(
  session: ExtensionSession | null,
  signature: PageSignature,
): Promise<void> {
  if (!session) return;
  const key = `${signature.locator} ${signature.urlPattern}`;
  if (Date.now() - (reportedAt.get(key) ?? 0) < DIAGNOSTIC_EVERY_MS) return;
  reportedAt.set(key, Date.now());
  // The next step asks for the table again: a fix may already be published.
  checkedAt = 0;
  try {
    await sessionClient(session).call(contract.locators.report, {
      body: { ...signature, profileId: session.profileId },
    });
  } catch {
    /* the server is unreachable: the next miss reports again */
  }
}
