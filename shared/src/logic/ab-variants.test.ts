import { describe, expect, it } from 'vitest';
import { abVariantOf } from './ab-variants.ts';

describe('abVariantOf', () => {
  it('gives a lead the same version every time, and one version when there is one', () => {
    expect(abVariantOf(12_345, 3)).toBe(abVariantOf(12_345, 3));
    expect(abVariantOf(12_345, 1)).toBe(0);
  });

  it.each([2, 3, 4])('splits consecutive and scattered lead ids evenly over %i versions', (versions) => {
    for (const ids of [
      Array.from({ length: 1_000 }, (_, i) => i + 1),
      Array.from({ length: 1_000 }, (_, i) => 50_000 + i * 7),
    ]) {
      const counts = new Array<number>(versions).fill(0);
      for (const id of ids) {
        const v = abVariantOf(id, versions);
        counts[v] = (counts[v] ?? 0) + 1;
      }
      const even = ids.length / versions;
      for (const count of counts) expect(Math.abs(count - even)).toBeLessThan(even * 0.1);
    }
    // Small lists too: four consecutive leads over two versions go two and two.
    const small = [1, 2, 3, 4].map((id) => abVariantOf(id, 2));
    expect(small.filter((v) => v === 0)).toHaveLength(2);
  });
});
