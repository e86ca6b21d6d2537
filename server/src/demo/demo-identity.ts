import { PRODUCT_KEY } from '@reachly/shared/constants';

/**
 * Who a demo user is (spec §2 demo mode): its access token says so, and the page shows it under
 * the demo's one email, whatever address its user has inside.
 */

/** Every demo user's access token starts so; no other token can (they are plain hex). */
export const DEMO_TOKEN_PREFIX = 'demo_';

export const isDemoToken = (token: string | null | undefined): token is string =>
  typeof token === 'string' && token.startsWith(DEMO_TOKEN_PREFIX);

/** What the page shows as the demo user's email (each visitor's user has its own address inside). */
export const DEMO_DISPLAY_EMAIL = `demo@${PRODUCT_KEY}.example`;
