import { facebookAdapter } from './facebook/index.ts';
import { sandboxAdapter } from './sandbox.ts';
import type { NetworkAdapter } from './types.ts';

/** Every network Reachly knows, in the order they are tried. */
const ADAPTERS: readonly NetworkAdapter[] = [facebookAdapter, sandboxAdapter];

/** The adapter of the network whose page this is, or null for a page of no known network. */
export function adapterFor(doc: Document): NetworkAdapter | null {
  return ADAPTERS.find((adapter) => adapter.detect(doc)) ?? null;
}

export const adapterNamed = (name: string | null | undefined): NetworkAdapter | null =>
  ADAPTERS.find((adapter) => adapter.name === name) ?? null;
