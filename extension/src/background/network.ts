import type { AdapterStep } from '@reachly/shared/extension';
import { adapterNamed } from '../adapters/index.ts';
import { sandboxAdapter } from '../adapters/sandbox.ts';
import type { NetworkAdapter } from '../adapters/types.ts';

/**
 * Which network's adapter plans the steps: facebook.com by its address; any other address (the
 * sandbox, the replica) by what its pages showed the last time one was inspected (the tab driver
 * tells), and the sandbox's until a page was seen.
 */
let seen: string | null = null;

export function rememberNetwork(name: string | null): void {
  if (adapterNamed(name)) seen = name;
}

export function adapterForUrl(base: URL): NetworkAdapter {
  if (base.hostname === 'facebook.com' || base.hostname.endsWith('.facebook.com')) {
    return adapterNamed('facebook') ?? sandboxAdapter;
  }
  return adapterNamed(seen) ?? sandboxAdapter;
}

/** Where a step starts, asked before any page of the network is open. */
export function entryUrlFor(step: AdapterStep, base: URL): string {
  return adapterForUrl(base).entryUrl(step, base);
}
