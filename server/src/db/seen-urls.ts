/**
 * The profile URLs an import has written so far, as 64-bit hashes in an open-addressing table (8
 * bytes a slot, at most half full): a million URLs take 16 MB where a Set of the strings would take
 * ~90. `add` answers false when the URL's hash is there already: the URL was written before, or
 * (rarely) another URL has the same hash, so the caller checks such a URL against the table itself. Beyond `maxEntries` the table stops growing and `add`
 * answers null: the caller checks every URL from then on.
 */
export class SeenUrls {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private size = 0;

  constructor(
    private readonly maxEntries: number,
    initialSlots = 1 << 16,
  ) {
    this.hi = new Uint32Array(initialSlots);
    this.lo = new Uint32Array(initialSlots);
  }

  /** Whether the table can take more URLs. */
  get full(): boolean {
    return this.size >= this.maxEntries;
  }

  add(url: string): boolean | null {
    if (this.full) return null;
    // FNV-1a over the UTF-16 code units, in two independent 32-bit lanes.
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193 ^ url.length;
    for (let i = 0; i < url.length; i += 1) {
      const c = url.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 >>>= 0;
    h2 >>>= 0;
    // 0/0 marks an empty slot.
    if (h1 === 0 && h2 === 0) h2 = 1;
    if ((this.size + 1) * 2 > this.hi.length) this.grow();
    return this.insert(h1, h2);
  }

  private insert(h1: number, h2: number): boolean {
    const mask = this.hi.length - 1;
    for (let slot = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      const a = this.hi[slot] as number;
      const b = this.lo[slot] as number;
      if (a === 0 && b === 0) {
        this.hi[slot] = h1;
        this.lo[slot] = h2;
        this.size += 1;
        return true;
      }
      if (a === h1 && b === h2) return false;
    }
  }

  private grow(): void {
    const { hi, lo } = this;
    this.hi = new Uint32Array(hi.length * 2);
    this.lo = new Uint32Array(lo.length * 2);
    this.size = 0;
    for (let i = 0; i < hi.length; i += 1) {
      const a = hi[i] as number;
      const b = lo[i] as number;
      if (a !== 0 || b !== 0) this.insert(a, b);
    }
  }
}
