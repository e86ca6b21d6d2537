import type { PaymentText, User } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { prepared } from '../../db/prepared.ts';
import { table } from '../../db/tables.ts';
import { DEMO_DISPLAY_EMAIL, isDemoToken } from '../../demo/demo-identity.ts';
import type { UserRow } from './user-row.ts';

/**
 * The user of spec §3 as the API answers it (GET /api/user, the prerender data, sign-up): its
 * organisation's licence, whether it has profiles, the buy pages' payment texts. A demo user
 * (spec §2 demo mode) shows as the demo's one email.
 */
export function createUserView({
  db,
  config,
}: {
  db: Knex;
  config: Pick<Config, 'PAYMENT_ZELLE_TEXT' | 'PAYMENT_CARD_TEXT'>;
}) {
  // Only the methods the operator set: an unset one is not shown (no placeholder text).
  const defaultPaymentTexts: PaymentText[] = [
    { method: 'ZELLE' as const, text: config.PAYMENT_ZELLE_TEXT },
    { method: 'CARD_NUMBER' as const, text: config.PAYMENT_CARD_TEXT },
  ].filter((p): p is PaymentText => p.text !== undefined);

  return async function view(user: UserRow, organizationId: number): Promise<User> {
    // Named prepared statements (db/prepared.ts): every signed-in page asks for the user.
    const [licence, profile] = await Promise.all([
      prepared(
        table(db, 'licences')
          .where({ organization_id: organizationId })
          .first('plan', 'is_trial', 'license_till'),
        'user_licence',
      ),
      prepared(
        table(db, 'profiles').where({ organization_id: organizationId }).first('id'),
        'user_has_profile',
      ),
    ]);
    const email = isDemoToken(user.access_token) ? DEMO_DISPLAY_EMAIL : user.email;
    return {
      id: user.id,
      email,
      data: { email },
      accessToken: user.access_token,
      isBanned: user.is_banned,
      organizationId,
      license: {
        plan: licence?.plan ?? 'none',
        isTrial: licence?.is_trial ?? false,
        licenseTill: licence?.license_till ? new Date(licence.license_till).toISOString() : null,
      },
      areProfilesGiven: Boolean(profile),
      paymentTexts: user.payment_texts.length ? user.payment_texts : defaultPaymentTexts,
    };
  };
}
