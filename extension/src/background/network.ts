import type { AdapterStep } from '@reachly/shared/extension';
import { sandboxAdapter } from '../adapters/sandbox.ts';

/**
 * Where a step starts, asked before any page of the network is open. The sandbox network is the
 * only adapter so far; with a second network the session's networkUrl will pick the adapter.
 */
export function entryUrlFor(step: AdapterStep, base: URL): string {
  return sandboxAdapter.entryUrl(step, base);
}
