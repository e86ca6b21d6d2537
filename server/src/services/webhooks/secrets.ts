import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../secret-box.ts';

/** How long the secret before a rotation still signs deliveries. */
export const PREVIOUS_SECRET_HOURS = 24;

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secret box's context of an organisation's webhook secrets (a sealed secret opens only there). */
export const secretContext = (organizationId: number) => `webhook:${organizationId}`;

/** The secrets that sign a delivery now: the current one, and the previous one until it expires. */
export function secretsInForce(
  box: SecretBox,
  endpoint: {
    organization_id: number;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | null;
  },
  now: Date,
): string[] {
  const context = secretContext(endpoint.organization_id);
  const secrets = [box.open(endpoint.secret_sealed, context)];
  const expires = endpoint.previous_secret_expires_at;
  if (endpoint.previous_secret_sealed && expires && new Date(expires) > now) {
    secrets.push(box.open(endpoint.previous_secret_sealed, context));
  }
  return secrets;
}
