import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF rule of webhooks (docs/decisions.md "Webhooks: the address rule"): an endpoint must be
 * http(s) and every address its host resolves to must be a public unicast address; loopback,
 * link-local, private (RFC 1918, carrier-grade NAT), unique-local, multicast and reserved ranges are
 * refused, unless WEBHOOKS_ALLOW_PRIVATE=1 (tests, or a deployment that posts to its own network).
 * Checked when an endpoint is registered or changed, and again at every delivery, on the address
 * the request connects to (DNS can change between the two).
 */

/** Why an address may not receive webhooks, or null when it may. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

export class RefusedAddressError extends Error {}

/** Checks a URL before it is stored: scheme, then every address of its host. Throws RefusedAddressError. */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RefusedAddressError('The URL must start with http:// or https://.');
  }
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new RefusedAddressError(`The host ${host} could not be resolved.`);
  }
  for (const { address } of addresses) {
    const reason = refusedAddress(address);
    if (reason) {
      throw new RefusedAddressError(
        `Webhook URLs must reach a public address: ${host} resolves to ${reason} (loopback, link-local, private and unique-local ranges are refused).`,
      );
    }
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses non-public answers, so the address checked is the one
 * connected to. (A literal IP in the URL skips lookup: the sender checks those itself.) Node asks
 * for every address (`all`) when it tries IPv4 and IPv6 in turn.
 */
export function guardedLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: LookupCallback,
): void {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
  lookup(hostname, { all: true, family }).then(
    (addresses) => {
      const refused = addresses.map((a) => refusedAddress(a.address)).find((r) => r !== null);
      const [first] = addresses;
      if (refused || !first) {
        callback(new RefusedAddressError(`${hostname} resolves to ${refused ?? 'no address'}`), '', 0);
      } else if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
}
