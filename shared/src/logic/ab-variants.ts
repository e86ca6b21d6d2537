/**
 * A/B versions of a campaign message (issue 17): which version a lead gets. A lead's share comes
 * from its id through a multiplicative hash (Knuth's golden-ratio constant), so it is the same at
 * every claim and recheck, needs no counter, and consecutive ids (an imported list, in the order of
 * the file) spread evenly over the versions instead of in runs.
 */
export function abVariantOf(leadId: number, versions: number): number {
  if (versions <= 1) return 0;
  const hashed = Math.imul(leadId, 0x9e3779b1) >>> 0;
  return Math.floor((hashed / 2 ** 32) * versions);
}
