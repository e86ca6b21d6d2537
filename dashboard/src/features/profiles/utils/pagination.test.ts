import { describe, expect, it } from 'vitest';
import { clampPage, pageCount } from './pagination.ts';

describe('profiles pagination', () => {
  it('counts pages of 20, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(45)).toBe(3);
  });

  it('falls back to the last page when the page is past the end', () => {
    expect(clampPage(3, 40)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2, 25)).toBe(2);
    expect(clampPage(0, 25)).toBe(1);
  });
});
