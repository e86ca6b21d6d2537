import { sandboxAdapter } from './sandbox.ts';
import type { NetworkAdapter } from './types.ts';

/** Every network Reachly knows, in the order they are tried. */
export const ADAPTERS: readonly NetworkAdapter[] = [sandboxAdapter];

/** The adapter of the network whose page this is, or null for a page of no known network. */
export function adapterFor(doc: Document): NetworkAdapter | null {
  return ADAPTERS.find((adapter) => adapter.detect(doc)) ?? null;
}
