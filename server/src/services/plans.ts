import type { PlansResponse, SupportContact } from '@reachly/shared/schemas';
import type { Config } from '../config.ts';

type PlansConfig = Pick<Config, 'PLANS' | 'TRAFFIC_PACKAGES' | 'CHECKOUT_URL' | 'SUPPORT_CONTACT'>;

/** Who buys: their email and organisation go into the checkout link. */
interface Buyer {
  email: string;
  organizationId: number;
}

/**
 * The checkout link of one item: CHECKOUT_URL with {item}, {email} and {organization} replaced
 * (URL-encoded; a visitor's email and organisation are empty). Null without CHECKOUT_URL.
 */
function checkoutUrl(template: string | undefined, item: string, buyer: Buyer | null): string | null {
  if (!template) return null;
  const values: Record<string, string> = {
    item,
    email: buyer?.email ?? '',
    organization: buyer ? String(buyer.organizationId) : '',
  };
  return template.replace(/\{(item|email|organization)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
}

/** SUPPORT_CONTACT as the pages show it: an email address links with mailto:, a web address as is. */
function supportContact(contact: string | undefined): SupportContact | null {
  if (!contact) return null;
  return { text: contact, href: /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}` };
}

/** GET /api/plans: the configured plans and traffic packages with their checkout links, and support. */
export function plansOffer(config: PlansConfig, buyer: Buyer | null): PlansResponse {
  const link = (id: string) => checkoutUrl(config.CHECKOUT_URL, id, buyer);
  return {
    plans: config.PLANS.map((plan) => ({ ...plan, checkoutUrl: link(plan.id) })),
    trafficPackages: config.TRAFFIC_PACKAGES.map((pack) => ({ ...pack, checkoutUrl: link(pack.id) })),
    support: supportContact(config.SUPPORT_CONTACT),
  };
}
